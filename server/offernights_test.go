package main

import (
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// waitlistApp is a test app with the tables the offer pass reads and writes: the waitlist as a
// collection (the pass saves its entries as records), the seats' tables and the outbox as plain
// tables with the columns the pass reads.
func waitlistApp(t *testing.T) *tests.TestApp {
	t.Helper()
	app := newTestApp(t)
	for _, table := range []string{
		outboxTable,
		"CREATE TABLE capacity (id TEXT PRIMARY KEY NOT NULL, date TEXT NOT NULL, seats INTEGER NOT NULL)",
		"CREATE TABLE reservations (id TEXT PRIMARY KEY NOT NULL, event_name TEXT NOT NULL, event_date TEXT NOT NULL, party_size INTEGER NOT NULL, status TEXT NOT NULL)",
	} {
		if _, err := app.DB().NewQuery(table).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	waitlist := core.NewBaseCollection("waitlist")
	for _, name := range []string{"email", "event_date", "status", "offer_expires", "offered_at"} {
		waitlist.Fields.Add(&core.TextField{Name: name})
	}
	waitlist.Fields.Add(&core.NumberField{Name: "party_size"}, &core.AutodateField{Name: "created", OnCreate: true})
	if err := app.Save(waitlist); err != nil {
		t.Fatal(err)
	}
	return app
}

func addEntry(t *testing.T, app core.App, id string, values map[string]any) {
	t.Helper()
	collection, err := app.FindCollectionByNameOrId("waitlist")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(collection)
	r.Id = id
	r.Load(values)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

// The every-minute cron, run as PocketBase's cron runs it: a hold that ran out on a past night
// expires, a waiting party on a night with room is offered, a full night's line waits, and a
// second minute changes nothing.
func TestTheWaitlistCronExpiresRanOutHoldsAndOffersFreedSeats(t *testing.T) {
	rules := testCreateRules(t)
	app := waitlistApp(t)
	tonight, err := rules.VenueNight(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().AddDate(0, 0, -3).Format("2006-01-02")
	later := func(days int) string {
		d, _ := time.Parse("2006-01-02", tonight)
		return d.AddDate(0, 0, days).Format("2006-01-02")
	}
	addEntry(t, app, "ranoutentry0001", map[string]any{"email": "ran.out@example.test", "event_date": past, "status": "offered", "party_size": 2,
		"offer_expires": isoInstant(time.Now().Add(-time.Hour)), "offered_at": isoInstant(time.Now().Add(-2 * time.Hour))})
	addEntry(t, app, "hasroomentry001", map[string]any{"email": "room@example.test", "event_date": later(2), "status": "waiting", "party_size": 3})
	addEntry(t, app, "fullnightentry1", map[string]any{"email": "full@example.test", "event_date": later(3), "status": "waiting", "party_size": 2})
	if _, err := app.DB().Insert("capacity", dbx.Params{"id": "c1", "date": later(3), "seats": 4}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().Insert("reservations", dbx.Params{"id": "r1", "event_name": "Board Game Night", "event_date": later(3), "party_size": 4, "status": "confirmed"}).Execute(); err != nil {
		t.Fatal(err)
	}

	registerWaitlistExpiry(app, "../pb_hooks", newWriteTurns(app, defaultMaxBatch))
	serveTestApp(t, app)
	var cron func()
	for _, job := range app.Cron().Jobs() {
		if job.Id() == "venue_waitlist_expiry" && job.Expression() == "* * * * *" {
			cron = job.Run
		}
	}
	if cron == nil {
		t.Fatal("no every-minute venue_waitlist_expiry cron")
	}
	cron()
	want := map[string]string{"ranoutentry0001": "expired", "hasroomentry001": "offered", "fullnightentry1": "waiting"}
	statuses := func() map[string]string {
		var rows []struct {
			ID     string `db:"id"`
			Status string `db:"status"`
		}
		if err := app.DB().NewQuery("SELECT id, status FROM waitlist").All(&rows); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, r := range rows {
			got[r.ID] = r.Status
		}
		return got
	}
	for id, status := range want {
		if got := statuses()[id]; got != status {
			t.Errorf("%s is %q after the cron, want %q", id, got, status)
		}
	}
	mails := func() []string {
		var templates []string
		if err := app.DB().NewQuery("SELECT template || ':' || record_id FROM outbox ORDER BY template").Column(&templates); err != nil {
			t.Fatal(err)
		}
		return templates
	}
	if got := mails(); len(got) != 2 || got[0] != "waitlist_expired:ranoutentry0001" || got[1] != "waitlist_offer:hasroomentry001" {
		t.Errorf("mails queued = %v, want the expiry and the offer", got)
	}
	cron() // the next minute
	if got := mails(); len(got) != 2 {
		t.Errorf("a second minute queued more mail: %v", got)
	}
}

func TestVenueNightFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	for _, c := range []struct{ now, night string }{
		{"2026-12-02T23:00:00Z", "2026-12-02"}, // 6 PM
		{"2026-12-03T04:59:59Z", "2026-12-02"}, // 11:59:59 PM
		{"2026-12-03T08:59:59Z", "2026-12-02"}, // 3:59:59 AM: the night runs to 4
		{"2026-12-03T09:00:00Z", "2026-12-03"}, // 4 AM
	} {
		now, _ := time.Parse(time.RFC3339, c.now)
		if night, err := rules.VenueNight(now); err != nil || night != c.night {
			t.Errorf("VenueNight(%s) = %q, %v; want %q", c.now, night, err, c.night)
		}
	}
}

// The waitlist links' calls into the real bundle (hooks/create/waitlist.ts).
func TestWaitlistLinkRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	night := venueDay(3)
	held := WaitlistEntry{Status: "offered", EventDate: night, EventTime: "7:30 PM", PartySize: 4, Name: "Lin Waits", Email: "lin@example.test", Source: "web"}
	claim := func(w WaitlistEntry, row SeatsRow) ClaimPlan {
		t.Helper()
		plan, err := callRules[ClaimPlan](rules, "planClaimJson", map[string]any{"entry": w, "row": row, "now": isoInstant(time.Now()), "request": map[string]string{"ip": "203.0.113.9", "ua": "test"}})
		if err != nil {
			t.Fatal(err)
		}
		return plan
	}
	// The hold's own 4 seats count as its own: a night with 40 of 40 taken, 4 of them held, books.
	plan := claim(held, SeatsRow{Capacity: 40, Reserved: 36, Held: 4})
	if plan.Book == nil || len(plan.Book.ID) != 15 || plan.Book.Fields["event_name"] != "Board Game Night" || plan.Book.Fields["party_size"] != float64(4) ||
		plan.Book.Fields["status"] != "confirmed" || len(plan.Book.Fields["cancel_token"].(string)) < 40 || !strings.Contains(string(plan.Book.Jobs), "reservation_confirmation") {
		t.Errorf("a live hold on a night with its seats = %+v", plan.Book)
	}
	for status, words := range map[string]string{"expired": "This offer has expired", "left": "You have left the waitlist", "waiting": "There is no table to claim yet"} {
		w := held
		w.Status = status
		if plan := claim(w, SeatsRow{Capacity: 40}); !strings.Contains(string(plan.Refuse), words) || !strings.Contains(string(plan.Refuse), `"status":409`) {
			t.Errorf("claiming a %s entry = %s, want %q", status, plan.Refuse, words)
		}
	}
	if w := held; !claim(func() WaitlistEntry { w.Status = "claimed"; return w }(), SeatsRow{}).Claimed {
		t.Error("a claimed entry is not answered with its reservation")
	}
	past := held
	past.EventDate = venueDay(-2)
	if plan := claim(past, SeatsRow{Capacity: 40}); !strings.Contains(string(plan.Refuse), "This night has passed.") {
		t.Errorf("a past night's hold = %s", plan.Refuse)
	}

	summary := func(w WaitlistEntry, ahead int, withName bool) map[string]any {
		t.Helper()
		out, err := callRules[map[string]any](rules, "entrySummaryJson", map[string]any{"entry": w, "ahead": ahead, "withName": withName})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := summary(held, 2, true); got["position"] != float64(3) || got["name"] != "Lin Waits" || got["night"] == "" {
		t.Errorf("a held entry's page = %v", got)
	}
	gone := held
	gone.Status = "left"
	if got := summary(gone, 2, false); got["position"] != float64(0) || got["name"] != nil {
		t.Errorf("an entry out of line, by id = %v", got)
	}
}
