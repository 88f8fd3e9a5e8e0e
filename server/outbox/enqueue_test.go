package outbox

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

func TestEnqueueStoresEveryJobAsPlanned(t *testing.T) {
	app := newApp(t)
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	jobs := []NewJob{
		{ID: "job000000000001", Kind: KindMail, Template: "reservation_confirmation", Recipient: "ada@example.test", Payload: "{}", Status: "pending"},
		{ID: "job000000000002", Kind: KindConversion, Template: "meta_lead", Payload: `{"event":{"event_name":"Lead"}}`, Status: "skipped", LastError: "not configured"},
		{ID: "job000000000003", Kind: KindMail, Template: "reservation_update", Recipient: "ada@example.test", Payload: "{}", Status: "pending", Key: "2", DueIn: 300},
	}
	if err := Enqueue(app, "reservations", "res000000000001", jobs, now); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ID        string `db:"id"`
		Kind      string `db:"kind"`
		Template  string `db:"template"`
		Recipient string `db:"recipient"`
		Payload   string `db:"payload"`
		Coll      string `db:"record_collection"`
		Record    string `db:"record_id"`
		Key       string `db:"job_key"`
		Status    string `db:"status"`
		Attempts  int    `db:"attempts"`
		Due       string `db:"next_attempt_at"`
		LastError string `db:"last_error"`
		Created   string `db:"created"`
	}
	if err := app.DB().NewQuery("SELECT id, kind, template, recipient, payload, record_collection, record_id, job_key, status, attempts, " +
		"next_attempt_at, last_error, created FROM outbox ORDER BY id").All(&rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		j := jobs[i]
		if r.ID != j.ID || r.Kind != j.Kind || r.Template != j.Template || r.Recipient != j.Recipient || r.Payload != j.Payload ||
			r.Coll != "reservations" || r.Record != "res000000000001" || r.Key != j.Key || r.Status != j.Status || r.LastError != j.LastError ||
			r.Attempts != 0 || r.Created != Stamp(now) {
			t.Fatalf("row %d: %+v for %+v", i, r, j)
		}
	}
	if rows[0].Due != Stamp(now) || rows[2].Due != Stamp(now.Add(300*time.Second)) {
		t.Fatalf("due: %q, %q", rows[0].Due, rows[2].Due)
	}
	// Nothing to queue writes nothing.
	if err := Enqueue(app, "reservations", "res000000000002", nil, now); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = app.DB().NewQuery("SELECT count(*) FROM outbox WHERE record_id = {:id}").Bind(dbx.Params{"id": "res000000000002"}).Row(&n)
	if n != 0 {
		t.Fatalf("%d rows for no jobs", n)
	}
}
