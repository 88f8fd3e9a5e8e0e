package system

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/outbox"
)

// Health is the banner's answer: is guests' mail failing, since when, and why in words.
type Health struct {
	Failing bool   `json:"failing"`
	Since   string `json:"since"`
	Error   string `json:"error"`
}

// mailHealth: the incident state is the latest alert job (server/outbox/alerts.go), one indexed
// look-up; the words come from the latest failed guest mail only while mail is failing.
func mailHealth(app core.App) Health {
	failing, since := outbox.MailFailing(app)
	if !failing {
		return Health{}
	}
	h := Health{Failing: true, Since: since}
	_ = app.ConcurrentDB().NewQuery("SELECT last_error FROM outbox WHERE " + outbox.GuestMailWhere +
		" AND status = 'failed' ORDER BY updated DESC LIMIT 1").Row(&h.Error)
	if h.Error == "" {
		h.Error = "the last guest mail could not be sent"
	}
	return h
}

// Queue is one transport's jobs: how many wait, how many failed their last attempt (and are
// retried), the oldest unsent one, the last one sent, and the latest error in words.
type Queue struct {
	Waiting       int    `json:"waiting"`
	Failed        int    `json:"failed"`
	OldestWaiting string `json:"oldestWaiting"`
	LastSent      string `json:"lastSent"`
	LastError     string `json:"lastError"`
	LastErrorAt   string `json:"lastErrorAt"`
}

// queue reads a Queue with indexed aggregates (idx_outbox_kind_status_created and _updated,
// pb_migrations/1763701700_outbox_health.js): a few index range scans, whatever the outbox holds.
func queue(app core.App, where string) (Queue, error) {
	var q Queue
	var counts []struct {
		Status string `db:"status"`
		N      int    `db:"n"`
		Oldest string `db:"oldest"`
	}
	db := app.ConcurrentDB()
	err := db.NewQuery("SELECT status, COUNT(*) AS n, MIN(created) AS oldest FROM outbox WHERE " + where +
		" AND status IN ('pending', 'failed') GROUP BY status").All(&counts)
	if err != nil {
		return q, err
	}
	for _, c := range counts {
		if c.Status == "pending" {
			q.Waiting = c.N
		} else {
			q.Failed = c.N
		}
		if q.OldestWaiting == "" || c.Oldest < q.OldestWaiting {
			q.OldestWaiting = c.Oldest
		}
	}
	_ = db.NewQuery("SELECT sent_at FROM outbox WHERE " + where + " AND status = 'sent' ORDER BY updated DESC LIMIT 1").Row(&q.LastSent)
	_ = db.NewQuery("SELECT last_error, updated FROM outbox WHERE "+where+" AND status = 'failed' ORDER BY updated DESC LIMIT 1").Row(&q.LastError, &q.LastErrorAt)
	return q, nil
}

// FailedJob is one job whose last attempt failed, with the guest it was for.
type FailedJob struct {
	ID          string `db:"id" json:"id"`
	Kind        string `db:"kind" json:"kind"`
	Template    string `db:"template" json:"template"`
	Recipient   string `db:"recipient" json:"recipient"`
	Attempts    int    `db:"attempts" json:"attempts"`
	LastError   string `db:"last_error" json:"lastError"`
	Updated     string `db:"updated" json:"lastAttempt"`
	NextAttempt string `db:"next_attempt_at" json:"nextAttempt"`
	Collection  string `db:"record_collection" json:"-"`
	RecordID    string `db:"record_id" json:"-"`
	Guest       string `db:"-" json:"guest"`
}

// failedListMax: the view lists the latest failures; the counts above say how many there are.
const failedListMax = 50

func failedJobs(app core.App) ([]FailedJob, error) {
	jobs := []FailedJob{}
	err := app.ConcurrentDB().NewQuery("SELECT id, kind, template, recipient, attempts, last_error, updated, next_attempt_at, record_collection, record_id " +
		"FROM outbox WHERE kind IN ('mail', 'conversion') AND status = 'failed' ORDER BY updated DESC LIMIT {:max}").
		Bind(dbx.Params{"max": failedListMax}).All(&jobs)
	for i := range jobs {
		jobs[i].Guest = guestName(app, jobs[i].Collection, jobs[i].RecordID)
	}
	return jobs, err
}

// guestName is the name on the job's record (a reservation, a waitlist entry, a request), ”
// when it has none or is gone.
func guestName(app core.App, collection, id string) string {
	if collection == "" || id == "" {
		return ""
	}
	record, err := app.FindRecordById(collection, id)
	if err != nil {
		return ""
	}
	return record.GetString("name")
}

// Latest is the newest job of a template (the test mail, the last alert) as the view shows it.
type Latest struct {
	Template  string `db:"template" json:"template"`
	Status    string `db:"status" json:"status"`
	Recipient string `db:"recipient" json:"recipient"`
	Created   string `db:"created" json:"created"`
	SentAt    string `db:"sent_at" json:"sentAt"`
	LastError string `db:"last_error" json:"lastError"`
	Payload   string `db:"payload" json:"-"`
	Text      string `db:"-" json:"text,omitempty"`
}

func latest(app core.App, where string, params dbx.Params) *Latest {
	var l Latest
	err := app.ConcurrentDB().NewQuery("SELECT template, status, recipient, created, sent_at, last_error, payload FROM outbox WHERE " +
		where + " ORDER BY created DESC, rowid DESC LIMIT 1").Bind(params).One(&l)
	if err != nil {
		return nil
	}
	var p struct {
		Text string `json:"text"`
	}
	if json.Unmarshal([]byte(l.Payload), &p) == nil {
		l.Text = p.Text
	}
	return &l
}
