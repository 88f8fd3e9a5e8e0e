package outbox

import (
	"regexp"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

var recordID = regexp.MustCompile(`^[a-z0-9]{15}$`)

func TestEnqueueStoresEveryJobAsPlanned(t *testing.T) {
	app := newApp(t)
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	jobs := []NewJob{
		{Kind: KindMail, Template: "reservation_confirmation", Recipient: "ada@example.test", Payload: "{}", Status: "pending"},
		{Kind: KindConversion, Template: "meta_lead", Payload: `{"event":{"event_name":"Lead"}}`, Status: "skipped", LastError: "not configured"},
		{Kind: KindMail, Template: "reservation_update", Recipient: "ada@example.test", Payload: "{}", Status: "pending", Key: "2", DueIn: 300},
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
		"next_attempt_at, last_error, created FROM outbox ORDER BY rowid").All(&rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	ids := map[string]bool{}
	for i, r := range rows {
		j := jobs[i]
		// Each job gets a record id of its own, as PocketBase makes them.
		if !recordID.MatchString(r.ID) || ids[r.ID] {
			t.Fatalf("row %d's id %q", i, r.ID)
		}
		ids[r.ID] = true
		if r.Kind != j.Kind || r.Template != j.Template || r.Recipient != j.Recipient || r.Payload != j.Payload ||
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
