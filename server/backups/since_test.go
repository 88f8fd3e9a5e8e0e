package backups

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// The count of what a restore takes away reads the sent mails once, whatever plan SQLite would
// pick for a lookup per booking: no table statistics, and the outbox's (kind, status) index
// there to tempt it (it read every sent mail for each booking: over a minute under load).
func TestLiveBookingsReadTheSentMailsOnceAndTellWhichWereMailed(t *testing.T) {
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	exec(t, app, "CREATE TABLE reservations (id TEXT PRIMARY KEY)")
	exec(t, app, "CREATE TABLE outbox (id TEXT PRIMARY KEY, kind TEXT, status TEXT, template TEXT, job_key TEXT, record_collection TEXT, record_id TEXT, updated TEXT)")
	exec(t, app, "CREATE UNIQUE INDEX idx_outbox_job ON outbox (record_collection, record_id, template, job_key)")
	exec(t, app, "CREATE INDEX idx_outbox_kind_status_updated ON outbox (kind, status, updated)")
	exec(t, app, "INSERT INTO reservations (id) VALUES ('mailed'), ('pending'), ('nomail'), ('other')")
	exec(t, app, `INSERT INTO outbox (id, kind, status, template, job_key, record_collection, record_id) VALUES
		('o1', 'mail', 'sent', 'reservation_confirmation', '', 'reservations', 'mailed'),
		('o2', 'mail', 'pending', 'reservation_confirmation', '', 'reservations', 'pending'),
		('o3', 'conversion', 'sent', 'meta_lead', '', 'reservations', 'nomail'),
		('o4', 'mail', 'sent', 'inquiry_ack', '', 'private_event_inquiries', 'other')`)

	live, err := liveBookings(app)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"mailed": true, "pending": false, "nomail": false, "other": false}
	if len(live) != len(want) {
		t.Fatalf("live bookings: %v", live)
	}
	for id, mailed := range want {
		if live[id] != mailed {
			t.Errorf("%s: mailed %v, want %v", id, live[id], mailed)
		}
	}

	var plan []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + liveBookingsSQL).All(&plan); err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, p := range plan {
		steps = append(steps, p.Detail)
	}
	if text := strings.Join(steps, "; "); strings.Contains(text, "CORRELATED") {
		t.Fatalf("the sent mails are looked up per booking: %s", text)
	}
}
