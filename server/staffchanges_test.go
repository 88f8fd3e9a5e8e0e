package main

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The staff changes' rules (hooks/create/staff-changes.ts) through the Go types that call them.
func TestStaffChangeRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	now := time.Now()
	tonight, _ := rules.VenueNight(now)

	var body struct {
		Error   string            `json:"error"`
		Who     staffWho          `json:"who"`
		Changes []json.RawMessage `json:"changes"`
	}
	read := func(contentType, text string, auth any) {
		t.Helper()
		body.Error, body.Changes = "", nil
		if err := rules.call("readChangesJson", map[string]any{"contentType": contentType, "body": text, "auth": auth, "device": "Door tablet"}, &body); err != nil {
			t.Fatal(err)
		}
	}
	staff := map[string]any{"collection": "users", "id": "u1", "name": "", "email": "sam@example.test"}
	if read("text/plain", `{"changes":[]}`, staff); !strings.Contains(body.Error, "as JSON") {
		t.Errorf("a text body = %q, want the JSON words", body.Error)
	}
	if read("application/json", `{"changes":{}}`, staff); !strings.Contains(body.Error, "as JSON") {
		t.Errorf("changes not a list = %q", body.Error)
	}
	if read("application/json", `{"changes":[`+strings.Repeat(`{},`, 200)+`{}]}`, staff); !strings.Contains(body.Error, "at most 200") {
		t.Errorf("201 changes = %q", body.Error)
	}
	if read("application/json", `{"changes":[{"id":1}]}`, staff); body.Error != "" || len(body.Changes) != 1 || body.Who != (staffWho{Actor: "u1", ActorName: "sam@example.test", Device: "Door tablet"}) {
		t.Errorf("a staff account's body = %+v", body)
	}
	if read("application/json", `{"changes":[]}`, map[string]any{"collection": "_superusers", "id": "s1", "email": "root@example.test"}); body.Who.Actor != "" || body.Who.ActorName != "superuser root@example.test" {
		t.Errorf("a superuser = %+v, want no actor id and its email named", body.Who)
	}

	// One change read: a malformed one is refused on its field, never stored.
	one := func(raw string) changeRead {
		t.Helper()
		out, err := callRules[changeRead](rules, "readStaffChangeJson", json.RawMessage(raw))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := one(`{"id":"abc","collection":"tasks"}`); !strings.Contains(string(got.Result), `"code":"invalid"`) || !strings.Contains(string(got.Result), `"id":"abc"`) || got.Change != nil {
		t.Errorf("a change with a bad id = %s", got.Result)
	}
	change := func(collection, op, recordID string, fields, base map[string]any) json.RawMessage {
		if base == nil {
			base = map[string]any{}
		}
		raw, _ := json.Marshal(map[string]any{"id": "chg" + strings.Repeat("0", 12), "collection": collection, "op": op, "record_id": recordID, "fields": fields, "base": base, "made_at": "2026-11-27 23:00:00.000Z"})
		got := one(string(raw))
		if got.Change == nil || !strings.Contains(string(got.Taken), "change_id_taken") {
			t.Fatalf("%s %s read = %+v", op, collection, got)
		}
		return got.Change
	}
	plan := func(c json.RawMessage, record map[string]any, seats *SeatsRow) staffPlan {
		t.Helper()
		ask := map[string]any{"change": c, "record": record, "now": isoInstant(now)}
		if seats != nil {
			ask["seats"] = seats
		}
		out, err := callRules[staffPlan](rules, "planStaffChangeJson", ask)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	recordID := strings.Repeat("r", 15)

	// Tasks: a create gets its collection's defaults; an update needs its base and meets the overlap rule.
	got := plan(change("tasks", "create", recordID, map[string]any{"title": "  Wipe tables  ", "category": "legal_compliance"}, nil), nil, nil)
	if got.Write == nil || got.Write.Op != "create" || got.Write.Fields["title"] != "Wipe tables" || got.Write.Fields["status"] != "unchecked" || got.Write.Validate != nil {
		t.Errorf("a task create = %+v", got.Write)
	}
	task := map[string]any{"id": recordID, "title": "Wipe tables", "is_completed": false, "status": "unchecked"}
	if got := plan(change("tasks", "create", recordID, map[string]any{"title": "Again"}, nil), task, nil); !strings.Contains(string(got.Result), "already exists") {
		t.Errorf("a create of an existing id = %s", got.Result)
	}
	if got := plan(change("tasks", "update", recordID, map[string]any{"is_completed": true}, nil), task, nil); !strings.Contains(string(got.Result), "does not say what this field was") {
		t.Errorf("an update without its base = %s", got.Result)
	}
	theirs := map[string]any{"id": recordID, "title": "Wipe tables", "is_completed": false, "status": "waiting"}
	if got := plan(change("tasks", "update", recordID, map[string]any{"status": "complete"}, map[string]any{"status": "unchecked"}), theirs, nil); !strings.Contains(string(got.Result), `"outcome":"conflict"`) || !strings.Contains(string(got.Result), `"theirs":"waiting"`) {
		t.Errorf("an update over another device's = %s, want a conflict with both values", got.Result)
	}
	if got := plan(change("tasks", "update", recordID, map[string]any{"is_completed": true}, map[string]any{"is_completed": false}), task, nil); got.Write == nil || got.Write.Fields["is_completed"] != true {
		t.Errorf("a task done = %+v", got)
	}
	if got := plan(change("tasks", "delete", recordID, map[string]any{}, nil), nil, nil); !strings.Contains(string(got.Result), `"outcome":"applied"`) {
		t.Errorf("a delete of a task already gone = %s, want applied", got.Result)
	}

	// Reservations: a walk-in asks for tonight's seats, then is created without the collection's checks.
	walkIn := change("reservations", "create", recordID, map[string]any{"name": "Walk In", "party_size": 3, "event_time": "8:00 PM", "event_date": tonight}, nil)
	if got := plan(walkIn, nil, nil); got.Seats != tonight || got.Write != nil {
		t.Errorf("a walk-in without seats = %+v, want tonight's seats asked for", got)
	}
	got = plan(walkIn, nil, &SeatsRow{Capacity: 40})
	if got.Write == nil || got.Write.Validate == nil || *got.Write.Validate || got.Write.Fields["status"] != "arrived" || got.Write.Fields["source"] != "kiosk" || len(got.Write.Fields["cancel_token"].(string)) < 32 {
		t.Errorf("a walk-in that fits = %+v", got.Write)
	}
	if got := plan(walkIn, nil, &SeatsRow{Capacity: 40, Reserved: 38}); !strings.Contains(string(got.Result), `"code":"capacity"`) || !strings.Contains(string(got.Result), "Tonight has 2 seats left") {
		t.Errorf("a walk-in of 3 with 2 seats left = %s, want staff's words", got.Result)
	}
	booked := map[string]any{"id": recordID, "event_name": "Board Game Night", "event_date": venueDay(2), "event_time": "7:30 PM", "party_size": 4, "status": "confirmed"}
	got = plan(change("reservations", "update", recordID, map[string]any{"party_size": 6}, map[string]any{"party_size": 4}), booked, &SeatsRow{Capacity: 40})
	if got.Write == nil || got.Write.Save != "change" || got.Write.Told == nil || *got.Write.Told != (Told{PartySize: 4, EventTime: "7:30 PM", Status: "confirmed"}) || got.Write.Offer != "" {
		t.Errorf("4 → 6 = %+v, want the update mail with what the guest was told", got.Write)
	}
	if got := plan(change("reservations", "update", recordID, map[string]any{"status": "cancelled"}, map[string]any{"status": "confirmed"}), booked, nil); got.Write == nil || got.Write.Save != "cancel" {
		t.Errorf("a cancel = %+v", got)
	}
	if got := plan(change("reservations", "update", recordID, map[string]any{"status": "no_show"}, map[string]any{"status": "confirmed"}), booked, nil); got.Write == nil || got.Write.Save != "" || got.Write.Offer != venueDay(2) {
		t.Errorf("a no-show = %+v, want no mail and the seats offered", got.Write)
	}
	cancelled := map[string]any{"id": recordID, "event_name": "Board Game Night", "event_date": venueDay(2), "event_time": "7:30 PM", "party_size": 4, "status": "cancelled"}
	if got := plan(change("reservations", "update", recordID, map[string]any{"party_size": 5}, map[string]any{"party_size": 4}), cancelled, nil); !strings.Contains(string(got.Result), `"code":"cancelled"`) {
		t.Errorf("a resize of a booking cancelled meanwhile = %s", got.Result)
	}
	past := map[string]any{"id": recordID, "event_name": "Board Game Night", "event_date": venueDay(-2), "event_time": "7:30 PM", "party_size": 4, "status": "confirmed"}
	if got := plan(change("reservations", "update", recordID, map[string]any{"party_size": 5}, map[string]any{"party_size": 4}), past, nil); !strings.Contains(string(got.Result), `"code":"too_late"`) {
		t.Errorf("a resize of a past night = %s", got.Result)
	}
	if got := plan(change("reservations", "delete", recordID, map[string]any{}, nil), booked, nil); !strings.Contains(string(got.Result), "cancelled, not deleted") {
		t.Errorf("a reservation delete = %s", got.Result)
	}

	// The waitlist: only leaving, and its seats go to the line.
	entry := map[string]any{"id": recordID, "event_date": venueDay(1), "status": "offered"}
	if got := plan(change("waitlist", "update", recordID, map[string]any{"status": "left"}, map[string]any{"status": "offered"}), entry, nil); got.Write == nil || got.Write.Fields["status"] != "left" || got.Write.Offer != venueDay(1) {
		t.Errorf("a party taken out of line = %+v", got.Write)
	}
	if got := plan(change("waitlist", "create", recordID, map[string]any{"status": "left"}, nil), nil, nil); !strings.Contains(string(got.Result), "take a party off the waitlist") {
		t.Errorf("a waitlist create = %s", got.Result)
	}

	// Settled: the result with the record as it now is, and the activity row of what changed.
	settle := func(c json.RawMessage, before, after map[string]any) settled {
		t.Helper()
		out, err := callRules[settled](rules, "settleStaffChangeJson", map[string]any{"change": c, "before": before, "after": after, "who": staffWho{Actor: "u1", ActorName: "Sam", Device: "Door tablet"}, "now": isoInstant(now)})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	resized := map[string]any{"id": recordID, "event_name": "Board Game Night", "event_date": venueDay(2), "event_time": "7:30 PM", "party_size": 6, "status": "confirmed", "updated": "x"}
	done := settle(change("reservations", "update", recordID, map[string]any{"party_size": 6}, map[string]any{"party_size": 4}), booked, resized)
	if !strings.Contains(string(done.Result), `"outcome":"applied"`) || !strings.Contains(string(done.Result), `"party_size":6`) || done.Activity == nil ||
		done.Activity["actor"] != "u1" || done.Activity["device"] != "Door tablet" || done.Activity["target_id"] != recordID || done.Activity["made_at"] != "2026-11-27T23:00:00.000Z" {
		t.Errorf("a settled resize = %s %v", done.Result, done.Activity)
	}
	if !strings.Contains(done.Activity["summary"].(string), "4") || done.Activity["after"].(map[string]any)["party_size"] != float64(6) {
		t.Errorf("the resize's activity row = %v, want what changed", done.Activity)
	}
	if same := settle(change("tasks", "update", recordID, map[string]any{"title": "Wipe tables"}, map[string]any{"title": "Wipe tables"}), task, task); same.Activity != nil {
		t.Errorf("a write that changed nothing = %v, want no activity row", same.Activity)
	}
}

// staffChangesApp has the collections the tablet keeps, with what the changes' writes read and
// write besides (the reservations' mail fields, the outbox, the change ids, the activity log), and
// the changes' route served.
func staffChangesApp(t *testing.T) (*tests.TestApp, http.Handler) {
	t.Helper()
	testCreateRules(t)
	app := newTestApp(t)
	for _, table := range []string{outboxTable, "CREATE TABLE user_roles (id TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL)"} {
		if _, err := app.DB().NewQuery(table).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	addShapeCollections(t, app, map[string][]core.Field{
		"reservations": {&core.TextField{Name: "cancel_token"}, &core.NumberField{Name: "ics_sequence"}, &core.TextField{Name: "reminded_at"}},
	})
	changes := core.NewBaseCollection("staff_changes")
	for _, name := range []string{"change_collection", "record_id", "op", "outcome", "made_at", "user_id"} {
		changes.Fields.Add(&core.TextField{Name: name})
	}
	changes.Fields.Add(&core.JSONField{Name: "result"}, &core.AutodateField{Name: "created", OnCreate: true})
	activity := core.NewBaseCollection("activity")
	for _, name := range []string{"actor", "actor_name", "device", "kind", "target_collection", "target_id", "summary", "made_at"} {
		activity.Fields.Add(&core.TextField{Name: name})
	}
	activity.Fields.Add(&core.JSONField{Name: "before"}, &core.JSONField{Name: "after"}, &core.AutodateField{Name: "created", OnCreate: true})
	for _, c := range []*core.Collection{changes, activity} {
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
	}
	registerStaffChanges(app, filepath.Join("..", "pb_hooks"), newWriteTurns(app, defaultMaxBatch))
	return app, serveTestApp(t, app)
}
