package outbox

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// NewJob is a job to queue, as the rules plan it (hooks/lib/jobs.ts JobRow); Enqueue gives it its id.
type NewJob struct {
	Kind      string `json:"kind"`
	Template  string `json:"template"`
	Recipient string `json:"recipient"`
	Payload   string `json:"payload"`
	Status    string `json:"status"`
	LastError string `json:"lastError"`
	Key       string `json:"key"`
	// DueIn is how many seconds it waits before it may go out (0: now).
	DueIn int `json:"dueIn"`
}

// Enqueue inserts a record's jobs with `app` (the record's transaction, so they commit with it),
// one single-row INSERT a job, as hooks/lib/outbox.ts enqueue writes them: this runs while the
// create holds SQLite's only write lock. A single row needs no statement journal; a multi-row
// INSERT wrote every page it touched into one. The worker is woken once they are committed
// (server/outboxwake.go).
func Enqueue(app core.App, recordCollection, recordID string, jobs []NewJob, now time.Time) error {
	if len(jobs) == 0 {
		return nil
	}
	stamp := Stamp(now)
	insert := app.NonconcurrentDB().NewQuery("INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, job_key, " +
		"status, attempts, next_attempt_at, last_error, sent_at, created, updated) VALUES ({:id}, {:kind}, {:template}, {:recipient}, " +
		"{:payload}, {:c}, {:rid}, {:key}, {:status}, 0, {:due}, {:error}, '', {:now}, {:now})")
	// Not Prepare()d here: the connection keeps the statement prepared across creates
	// (server/stmtcache.go), where a statement prepared here was parsed anew for each create.
	for _, job := range jobs {
		due := stamp
		if job.DueIn > 0 {
			due = Stamp(now.Add(time.Duration(job.DueIn) * time.Second))
		}
		_, err := insert.Bind(dbx.Params{
			"id": core.GenerateDefaultRandomId(), "kind": job.Kind, "template": job.Template, "recipient": job.Recipient,
			"payload": job.Payload, "c": recordCollection, "rid": recordID, "key": job.Key, "status": job.Status,
			"due": due, "error": job.LastError, "now": stamp,
		}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}
