package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The pull's decision and constants (hooks/create/sync.ts) through the Go types that read them.
func TestSyncPullRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	now := time.Now()
	plan := func(since, generation string) pullPlan {
		t.Helper()
		out, err := callRules[pullPlan](rules, "planPullJson", map[string]any{"since": since, "generation": generation, "now": isoInstant(now), "current": 2})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	tonight, err := rules.VenueNight(now)
	if err != nil {
		t.Fatal(err)
	}
	first := plan("", "")
	cursor, _ := time.Parse("2006-01-02 15:04:05.000Z", first.Cursor)
	if !first.Full || first.Window.From != tonight || first.Window.To <= tonight || now.Sub(cursor) < 4*time.Second || now.Sub(cursor) > 6*time.Second {
		t.Errorf("a first pull = %+v, want the full window from tonight (%s) and a cursor 5 s behind", first, tonight)
	}
	recent := now.Add(-time.Minute).UTC().Format("2006-01-02 15:04:05.000Z")
	if p := plan(recent, "2"); p.Full || p.Error != "" {
		t.Errorf("a minute-old cursor of this generation = %+v, want a delta", p)
	}
	if p := plan(recent, "1"); !p.Full {
		t.Errorf("a cursor from before a restore = %+v, want the full window", p)
	}
	if p := plan(now.AddDate(0, 0, -31).UTC().Format("2006-01-02 15:04:05.000Z"), ""); !p.Full {
		t.Errorf("a cursor older than the tombstones kept = %+v, want the full window", p)
	}
	for since, words := range map[string]string{"yesterday": "since must be the cursor", "2026-02-30 10:00:00.000Z": "does not exist", "2026-01-01 25:00:00.000Z": "does not exist"} {
		if p := plan(since, ""); !strings.Contains(p.Error, words) {
			t.Errorf("since=%q = %+v, want %q", since, p, words)
		}
	}
	if p := plan("", "0"); !strings.Contains(p.Error, "generation must be") {
		t.Errorf("generation=0 = %+v", p)
	}

	var collections []string
	for _, w := range rules.sync.window {
		collections = append(collections, w.collection)
	}
	if strings.Join(collections, ",") != "reservations,waitlist,capacity,events,tasks,priorities" {
		t.Errorf("the window's collections = %v", collections)
	}
	kinds := map[string]string{}
	for _, f := range rules.sync.shapes["reservations"] {
		kinds[f.name] = f.kind
	}
	if kinds["party_size"] != "i" || kinds["status"] != "s" || kinds["updated"] != "s" {
		t.Errorf("the reservations' shape = %v", kinds)
	}
	if _, secret := kinds["cancel_token"]; secret {
		t.Error("the tablet would receive the reservations' cancel_token")
	}
}

// syncApp has the collections the tablet keeps with their shapes' fields (and a secret), the
// tombstones, the staff roles, and the pull served.
func syncApp(t *testing.T) (*tests.TestApp, http.Handler) {
	app, handler, _ := syncAppGated(t)
	return app, handler
}

// syncAppGated is syncApp with the hooks' gate in front of its routes, one place wide.
func syncAppGated(t *testing.T) (*tests.TestApp, http.Handler, *hooksGate) {
	t.Helper()
	testCreateRules(t)
	app := newTestApp(t)
	for _, table := range []string{
		"CREATE TABLE sync_tombstones (id TEXT PRIMARY KEY NOT NULL, record_collection TEXT NOT NULL, record_id TEXT NOT NULL, created TEXT NOT NULL)",
		"CREATE TABLE user_roles (id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL)",
	} {
		if _, err := app.DB().NewQuery(table).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	// The reservations' cancel_token too: the secret the shape leaves out.
	addShapeCollections(t, app, map[string][]core.Field{"reservations": {&core.TextField{Name: "cancel_token"}}})
	registerSyncPull(app, filepath.Join("..", "pb_hooks"))
	gate := newHooksGate(1)
	registerHooksGate(app, gate)
	return app, serveTestApp(t, app), gate
}

// addShapeCollections makes each collection the tablet keeps with its sync shape's fields, typed,
// and the `extra` fields of each.
func addShapeCollections(t *testing.T, app core.App, extra map[string][]core.Field) {
	t.Helper()
	for name, fields := range testCreateRules(t).sync.shapes {
		collection := core.NewBaseCollection(name)
		for _, f := range fields {
			switch {
			case f.name == "created" || f.name == "updated":
				continue
			case f.kind == "i":
				collection.Fields.Add(&core.NumberField{Name: f.name})
			case f.kind == "b":
				collection.Fields.Add(&core.BoolField{Name: f.name})
			default:
				collection.Fields.Add(&core.TextField{Name: f.name})
			}
		}
		collection.Fields.Add(extra[name]...)
		collection.Fields.Add(&core.AutodateField{Name: "created", OnCreate: true}, &core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true})
		if err := app.Save(collection); err != nil {
			t.Fatal(err)
		}
	}
}

// The pull runs no JS VM, so it never waits at the hooks' gate: with the gate's only place taken,
// a records list waits and the pull answers.
func TestThePullNeverWaitsAtTheHooksGate(t *testing.T) {
	_, handler, gate := syncAppGated(t)
	gate.slots <- struct{}{}
	answered := func(path string) chan int {
		done := make(chan int, 1)
		go func() {
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			done <- rec.Code
		}()
		return done
	}
	list := answered("/api/collections/tasks/records")
	select {
	case code := <-answered("/api/admin/sync"):
		if code != 403 {
			t.Errorf("a guest's pull = %d, want 403", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the pull waited at the hooks' gate")
	}
	select {
	case code := <-list:
		t.Fatalf("a records list answered %d with the gate full: the gate is not in front of the routes", code)
	case <-time.After(100 * time.Millisecond):
	}
	<-gate.slots
	if code := <-list; code != 200 && code != 403 {
		t.Errorf("the records list, let in = %d", code)
	}
}

// The pull as each caller gets it: 403 for a guest, a signed-up non-admin and a token gone stale;
// staff get the window's records in the tablet's shape, then only what changed and what was deleted.
func TestTheSyncPullServesStaffTheWindowThenTheChanges(t *testing.T) {
	app, handler := syncApp(t)
	staff, _ := testAccount(t, app, "staff@example.test", true)
	guest, _ := testAccount(t, app, "guest@example.test", false)
	pull := func(token, query string) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest("GET", "/api/admin/sync"+query, nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("GET /api/admin/sync%s answered %d, not JSON: %s", query, rec.Code, rec.Body.String())
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control = %q", rec.Header().Get("Cache-Control"))
		}
		return rec.Code, body
	}
	for who, token := range map[string]string{"a guest": "", "a signed-up non-admin": guest, "a stale token": staff[:len(staff)-4] + "AAAA"} {
		if code, body := pull(token, ""); code != 403 || body["message"] != "Only staff can sync the dashboard." {
			t.Errorf("%s = %d %v, want 403", who, code, body)
		}
	}

	tonight, _ := testCreateRules(t).VenueNight(time.Now())
	reservations, _ := app.FindCollectionByNameOrId("reservations")
	add := func(date string) *core.Record {
		r := core.NewRecord(reservations)
		r.Load(map[string]any{"event_date": date, "event_time": "7:30 PM", "status": "confirmed", "name": "Ada", "cancel_token": strings.Repeat("s", 40), "party_size": 4})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	kept, _ := add(tonight), add("2001-01-01")
	priorities, _ := app.FindCollectionByNameOrId("priorities")
	for text, done := range map[string]bool{"open": false, "done": true} {
		p := core.NewRecord(priorities)
		p.Load(map[string]any{"priority_text": text, "priority_date": "2001-01-01", "is_completed": done, "order_index": 2})
		if err := app.Save(p); err != nil {
			t.Fatal(err)
		}
	}
	code, first := pull(staff, "")
	rows, _ := first["reservations"].([]any)
	if code != 200 || first["full"] != true || len(rows) != 1 {
		t.Fatalf("staff's first pull = %d %v, want the full window with tonight's one reservation", code, first)
	}
	row := rows[0].(map[string]any)
	if row["id"] != kept.Id || row["party_size"] != float64(4) || row["cancel_token"] != nil || row["updated"] == "" {
		t.Errorf("a reservation as the tablet gets it = %v", row)
	}
	// An old priority is listed while it is open: its fields typed (a bool, a whole number).
	if list, _ := first["priorities"].([]any); len(list) != 1 || list[0].(map[string]any)["priority_text"] != "open" ||
		list[0].(map[string]any)["is_completed"] != false || list[0].(map[string]any)["order_index"] != float64(2) {
		t.Errorf("priorities = %v, want only the open one, typed", first["priorities"])
	}
	for _, c := range []string{"waitlist", "capacity", "events", "tasks", "deleted"} {
		if list, ok := first[c].([]any); !ok || len(list) != 0 {
			t.Errorf("%s = %v, want an empty list", c, first[c])
		}
	}

	// A cursor from before a change and a delete: only those come back.
	time.Sleep(5 * time.Millisecond)
	since := time.Now().UTC().Format("2006-01-02 15:04:05.000Z")
	time.Sleep(5 * time.Millisecond)
	kept.Set("party_size", 6)
	if err := app.Save(kept); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().Insert("sync_tombstones", dbx.Params{"id": "tomb1", "record_collection": "tasks", "record_id": "gone", "created": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		t.Fatal(err)
	}
	code, delta := pull(staff, "?since="+strings.ReplaceAll(since, " ", "%20"))
	rows, _ = delta["reservations"].([]any)
	deleted, _ := delta["deleted"].([]any)
	if code != 200 || delta["full"] != false || len(rows) != 1 || rows[0].(map[string]any)["party_size"] != float64(6) || len(deleted) != 1 ||
		deleted[0].(map[string]any)["id"] != "gone" || deleted[0].(map[string]any)["collection"] != "tasks" {
		t.Errorf("a delta pull = %d %v, want the changed reservation and the delete", code, delta)
	}
	if code, body := pull(staff, "?since=2026-02-30%2010:00:00.000Z"); code != 400 || !strings.Contains(body["message"].(string), "does not exist") {
		t.Errorf("an impossible cursor = %d %v", code, body)
	}
}
