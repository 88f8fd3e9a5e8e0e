package outbox

import (
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Summary is the flush route's answer.
type Summary struct {
	Processed int `json:"processed"`
	Sent      int `json:"sent"`
	Skipped   int `json:"skipped"`
	Failed    int `json:"failed"`
}

var flushClock = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?Z$`)

// routes, for superusers only:
//
//	GET  /api/outbox/worker        → { workers, metaLanes, tickSeconds, runs }: the lanes run
//	                                 when there is work, and only then (runs: rounds started)
//	POST /api/outbox/flush[?at=…]  → sends what is due now, or as of `at` (a PocketBase datetime,
//	                                 so tests step through backoff); ?limit= (default 200, max 500)
func (w *Worker) routes(se *core.ServeEvent) {
	se.Router.GET("/api/outbox/worker", func(e *core.RequestEvent) error {
		return e.JSON(http.StatusOK, map[string]any{
			"workers": w.Cfg.MailLanes, "metaLanes": w.Cfg.MetaLanes, "tickSeconds": int(w.Cfg.Tick / time.Second), "runs": w.runs.Load(),
		})
	}).Bind(apis.RequireSuperuserAuth())

	se.Router.POST("/api/outbox/flush", func(e *core.RequestEvent) error {
		query := e.Request.URL.Query()
		limit := 200
		if n, err := strconv.Atoi(query.Get("limit")); err == nil && n > 0 {
			limit = min(500, n)
		}
		at := query.Get("at")
		if at == "" {
			return e.JSON(http.StatusOK, w.Flush(limit, time.Time{}))
		}
		clock, err := time.Parse("2006-01-02 15:04:05.999999999Z", at)
		if !flushClock.MatchString(at) || err != nil {
			return e.JSON(http.StatusBadRequest, map[string]any{"status": 400, "message": "at must be a datetime written YYYY-MM-DD HH:MM:SS.sssZ.", "data": map[string]any{}})
		}
		return e.JSON(http.StatusOK, w.Flush(limit, clock))
	}).Bind(apis.RequireSuperuserAuth())
}

// Flush sends jobs of every kind due at `at` (zero: the real time), oldest first, up to `limit`.
// With the real time it claims one job at a time until nothing is due; with its own clock (a
// superuser stepping through backoff) it claims once, so a job it fails is not retried in the
// same call. A stopping server flushes nothing.
func (w *Worker) Flush(limit int, at time.Time) Summary {
	var s Summary
	if !w.Drain.Begin() {
		return s
	}
	defer w.Drain.End()
	for s.Processed < limit && !w.Drain.Stopping() {
		now, max := at, limit-s.Processed
		if at.IsZero() {
			now, max = time.Now(), 1
		}
		jobs, err := claim(w.App, "", now, max, "")
		if err != nil {
			w.App.Logger().Warn("outbox: claim failed", "error", err.Error())
		}
		for _, job := range jobs {
			switch w.run(job).Result() {
			case "sent":
				s.Sent++
			case "skipped":
				s.Skipped++
			default:
				s.Failed++
			}
			s.Processed++
		}
		if !at.IsZero() || len(jobs) == 0 {
			return s
		}
	}
	return s
}
