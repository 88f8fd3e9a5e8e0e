package main

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// outboxJobID is the cron job the JS hooks register (pb_hooks/routes.pb.js): it sends every due
// outbox job (mail, Meta conversions) with claims, retries and backoff.
const outboxJobID = "venue_outbox_worker"

// registerOutboxWorker takes mail and conversion sends off the request path.
//
// A public create only inserts its outbox jobs in the record's transaction and answers. Once that
// transaction has committed (wakeOnCommittedJobs), a signal drops into a one-slot channel (never
// blocking the guest's request), and a few background
// goroutines (OUTBOX_WORKERS, default 16) run the JS outbox job when signalled and on a short
// timer (OUTBOX_TICK_SECONDS, default 5: requeued jobs and due retries go out without a new
// create). A burst of creates becomes a few flushes, not one per create; the JS job's claims
// keep concurrent flushes (and the every-minute cron run of the same job) from sending twice.
//
// Every SMTP send gets a deadline (OUTBOX_SEND_TIMEOUT_SECONDS, default 30): PocketBase's SMTP
// client has none, so a provider that accepts and never answers would stall the worker forever.
// A timed-out send is a failed attempt, retried with backoff like any other.
func registerOutboxWorker(app core.App) {
	signal := make(chan struct{}, 1)
	wake := func() {
		select {
		case signal <- struct{}{}:
		default: // a flush is already due; it will see this job too
		}
	}

	// Every job, whichever collection, route, cron or sign-in queued it, is one INSERT INTO outbox.
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		wakeOnCommittedJobs(se.App, wake)
		return se.Next()
	})

	sendTimeout := outboxSendTimeout()
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		done := make(chan error, 1)
		go func() { done <- e.Next() }()
		select {
		case err := <-done:
			return err
		case <-time.After(sendTimeout):
			return fmt.Errorf("the mail server did not answer within %s", sendTimeout)
		}
	})

	tick := time.Duration(envSeconds("OUTBOX_TICK_SECONDS", 5)) * time.Second
	// Sends wait on the mail provider, not on this machine: an SMTP conversation is a round trip
	// or several (a greeting, TLS, the message), 0.1 s against the bench's loopback receiver and
	// more against a real provider. With 4 sends at a time, a burst of 600 bookings waited 8.6 s
	// (median) for its confirmations (npm run bench -- creates); with 16, 2.6 s, at the same
	// creates per second (each worker lets guests' creates write first). A worker is a goroutine
	// and, while it sends, one of PB_HOOKS_POOL's VMs.
	workers := envSeconds("OUTBOX_WORKERS", 16)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// One signal wakes one idle worker: a single job gets one, a burst of creates (a signal
		// each) wakes the others one by one while the first is busy. Several workers let one slow
		// SMTP conversation (hundreds of ms with a real provider) overlap with the others. A worker
		// never signals itself or another: a worker that passed its signal on before flushing
		// kept one in the slot forever, so the workers flushed back to back even when idle (tens
		// of thousands of empty claims, each taking SQLite's write connection from guests).
		var runs atomic.Int64
		for i := 0; i < workers; i++ {
			go func() {
				ticker := time.NewTicker(tick)
				defer ticker.Stop()
				for {
					select {
					case <-signal:
					case <-ticker.C:
					}
					runs.Add(1)
					runCronJob(app, outboxJobID)
				}
			}()
		}
		// Superusers (and the API tests) can see that the workers run when there is work, and
		// only then: how many flushes they started since the server did.
		se.Router.GET("/api/outbox/worker", func(e *core.RequestEvent) error {
			return e.JSON(http.StatusOK, map[string]any{"workers": workers, "tickSeconds": int(tick / time.Second), "runs": runs.Load()})
		}).Bind(apis.RequireSuperuserAuth())
		return se.Next()
	})
}

// runCronJob runs a registered cron job now, in this goroutine (a no-op when it is not registered).
func runCronJob(app core.App, id string) {
	for _, job := range app.Cron().Jobs() {
		if job.Id() == id {
			defer func() {
				if r := recover(); r != nil {
					app.Logger().Error("outbox worker panicked", "error", fmt.Sprint(r))
				}
			}()
			job.Run()
			return
		}
	}
}

// outboxSendTimeout is the deadline of one SMTP send (OUTBOX_SEND_TIMEOUT_SECONDS, default 30).
func outboxSendTimeout() time.Duration {
	return time.Duration(envSeconds("OUTBOX_SEND_TIMEOUT_SECONDS", 30)) * time.Second
}

func envSeconds(key string, fallback int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil && n > 0 {
		return n
	}
	return fallback
}
