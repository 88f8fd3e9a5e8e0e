package outbox

import (
	"fmt"
	"strings"
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
// in one plain INSERT as hooks/lib/outbox.ts enqueue writes them: this runs while the create holds
// SQLite's only write lock. The worker is woken once they are committed (server/outboxwake.go).
func Enqueue(app core.App, recordCollection, recordID string, jobs []NewJob, now time.Time) error {
	if len(jobs) == 0 {
		return nil
	}
	stamp := Stamp(now)
	params := dbx.Params{"c": recordCollection, "rid": recordID, "now": stamp}
	rows := make([]string, len(jobs))
	for i, job := range jobs {
		due := stamp
		if job.DueIn > 0 {
			due = Stamp(now.Add(time.Duration(job.DueIn) * time.Second))
		}
		n := fmt.Sprint(i)
		params["id"+n], params["kind"+n], params["template"+n] = core.GenerateDefaultRandomId(), job.Kind, job.Template
		params["recipient"+n], params["payload"+n], params["status"+n] = job.Recipient, job.Payload, job.Status
		params["error"+n], params["key"+n], params["due"+n] = job.LastError, job.Key, due
		rows[i] = "({:id" + n + "}, {:kind" + n + "}, {:template" + n + "}, {:recipient" + n + "}, {:payload" + n + "}, {:c}, {:rid}, {:key" + n +
			"}, {:status" + n + "}, 0, {:due" + n + "}, {:error" + n + "}, '', {:now}, {:now})"
	}
	_, err := app.NonconcurrentDB().NewQuery("INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, job_key, " +
		"status, attempts, next_attempt_at, last_error, sent_at, created, updated) VALUES " + strings.Join(rows, ", ")).Bind(params).Execute()
	return err
}
