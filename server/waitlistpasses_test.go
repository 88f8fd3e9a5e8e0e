package main

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// The passes other writes start, in Go: a capacity that makes room offers it, a reservation's delete
// offers its seats, and the superusers' pass as of an instant expires the holds that ran out by then
// (401 for anyone else, 400 for an `at` that is no instant).
func TestCapacityWritesDeletesAndTheSuperusersPassOfferTheLine(t *testing.T) {
	testCreateRules(t)
	app := newTestApp(t)
	if _, err := app.DB().NewQuery(outboxTable).Execute(); err != nil {
		t.Fatal(err)
	}
	addShapeCollections(t, app, nil)
	registerWaitlistPasses(app, filepath.Join("..", "pb_hooks"), newWriteTurns(app, defaultMaxBatch))
	handler := serveTestApp(t, app)
	night := venueDay(2)
	save := func(name string, fields map[string]any) *core.Record {
		t.Helper()
		collection, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(collection)
		r.Load(fields)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	statusOf := func(r *core.Record) string {
		t.Helper()
		fresh, err := app.FindRecordById("waitlist", r.Id)
		if err != nil {
			t.Fatal(err)
		}
		return fresh.GetString("status")
	}

	booked := save("reservations", map[string]any{"event_name": "Board Game Night", "event_date": night, "event_time": "7:30 PM", "party_size": 4, "status": "confirmed"})
	first := save("waitlist", map[string]any{"event_date": night, "party_size": 2, "status": "waiting", "email": "first@example.test"})
	seats := save("capacity", map[string]any{"date": night, "seats": 4})
	if got := statusOf(first); got != "waiting" {
		t.Fatalf("4 seats, 4 taken: the first party is %s, want waiting", got)
	}
	seats.Set("seats", 6)
	if err := app.Save(seats); err != nil {
		t.Fatal(err)
	}
	if got := statusOf(first); got != "offered" {
		t.Fatalf("2 more seats: the first party is %s, want offered", got)
	}
	second := save("waitlist", map[string]any{"event_date": night, "party_size": 4, "status": "waiting", "email": "second@example.test"})
	if err := app.Delete(booked); err != nil {
		t.Fatal(err)
	}
	if got := statusOf(second); got != "offered" {
		t.Fatalf("the booking of 4 deleted: the second party is %s, want offered", got)
	}

	run := func(token, at string) (int, string) {
		t.Helper()
		req := httptest.NewRequest("POST", "/api/waitlist/offers/run?at="+at, nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	superusers, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	root := core.NewRecord(superusers)
	root.SetEmail("root@example.test")
	root.SetPassword("a-long-password-1")
	if err := app.Save(root); err != nil {
		t.Fatal(err)
	}
	token, err := root.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(48 * time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")
	if code, _ := run("", later); code != 401 {
		t.Errorf("a guest's pass = %d, want 401", code)
	}
	if code, body := run(token, "tomorrow"); code != 400 || !strings.Contains(body, "at must be an instant") {
		t.Errorf("at=tomorrow = %d %s, want 400", code, body)
	}
	code, body := run(token, later)
	if code != 200 || !strings.Contains(body, first.Id) || !strings.Contains(body, second.Id) || !strings.Contains(body, `"expired"`) {
		t.Fatalf("the pass two days on = %d %s, want both holds expired", code, body)
	}
	if statusOf(first) != "expired" || statusOf(second) != "expired" {
		t.Errorf("after the pass: %s, %s; want both expired", statusOf(first), statusOf(second))
	}
}
