package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The changes' route as each caller gets it, and each change applied exactly once in Go's write
// turns: a guest, a signed-up non-admin and a stale token get 403; a text body 400; staff's walk-in
// is created once however often it is sent, a change id reused by another account is refused, a
// resize mails the update once, a cancel mails once and a later resize is refused, a task is made
// and deleted, and each applied change that changed something leaves one activity row.
func TestTheStaffChangesRouteAppliesEachChangeOnce(t *testing.T) {
	app, handler := staffChangesApp(t)
	staff, staffID := testAccount(t, app, "staff@example.test", true)
	other, _ := testAccount(t, app, "other@example.test", true)
	guest, _ := testAccount(t, app, "guest@example.test", false)
	send := func(token, contentType, body string) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest("POST", "/api/admin/changes", strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		var answer map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatalf("answered %d, not JSON: %s", rec.Code, rec.Body.String())
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control = %q", rec.Header().Get("Cache-Control"))
		}
		return rec.Code, answer
	}
	n := 0
	changeOf := func(collection, op, recordID string, fields, base map[string]any) map[string]any {
		n++
		if base == nil {
			base = map[string]any{}
		}
		return map[string]any{"id": fmt.Sprintf("change%09d", n), "collection": collection, "op": op, "record_id": recordID, "fields": fields, "base": base, "made_at": ""}
	}
	apply := func(token string, changes ...map[string]any) []map[string]any {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"changes": changes})
		code, answer := send(token, "application/json", string(body))
		list, _ := answer["results"].([]any)
		if code != 200 || len(list) != len(changes) {
			t.Fatalf("POST %s = %d %v", body, code, answer)
		}
		out := make([]map[string]any, len(list))
		for i, r := range list {
			out[i] = r.(map[string]any)
		}
		return out
	}
	count := func(sql string) int {
		t.Helper()
		var got int
		if err := app.DB().NewQuery(sql).Row(&got); err != nil {
			t.Fatal(err)
		}
		return got
	}

	tonight, err := testCreateRules(t).VenueNight(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	walkIn := changeOf("reservations", "create", "walkin000000001", map[string]any{"name": "Walk In", "party_size": 3, "event_time": "8:00 PM", "event_date": tonight}, nil)
	body, _ := json.Marshal(map[string]any{"changes": []any{walkIn}})
	for who, token := range map[string]string{"a guest": "", "a signed-up non-admin": guest, "a stale token": staff[:len(staff)-4] + "AAAA"} {
		if code, answer := send(token, "application/json", string(body)); code != 403 || answer["message"] != "Only staff can sync the dashboard." {
			t.Errorf("%s = %d %v, want 403", who, code, answer)
		}
	}
	if code, _ := send(staff, "text/plain", string(body)); code != 400 {
		t.Errorf("a text body = %d, want 400", code)
	}
	if got := count("SELECT COUNT(*) FROM reservations"); got != 0 {
		t.Fatalf("refused requests stored %d reservations", got)
	}

	// The walk-in, sent twice and then by another account: one record, one activity row.
	first := apply(staff, walkIn)[0]
	record, _ := first["record"].(map[string]any)
	if first["outcome"] != "applied" || first["replayed"] != false || record["id"] != walkIn["record_id"] || record["status"] != "arrived" || record["cancel_token"] != nil {
		t.Fatalf("a walk-in = %v", first)
	}
	if again := apply(staff, walkIn)[0]; again["replayed"] != true || again["outcome"] != "applied" {
		t.Errorf("the walk-in sent again = %v, want its stored result, replayed", again)
	}
	if taken := apply(other, walkIn)[0]; taken["outcome"] != "refused" || taken["code"] != "change_id_taken" {
		t.Errorf("the walk-in's id from another account = %v, want refused", taken)
	}
	if got := count("SELECT COUNT(*) FROM reservations WHERE id = 'walkin000000001'"); got != 1 {
		t.Errorf("reservations stored with the walk-in's id = %d, want 1", got)
	}
	var token string
	if err := app.DB().NewQuery("SELECT cancel_token FROM reservations").Row(&token); err != nil || len(token) < 32 {
		t.Errorf("the walk-in's cancel token = %q (%v)", token, err)
	}

	// A booking resized twice by staff: one update mail folding both; a stale base is a conflict.
	collection, _ := app.FindCollectionByNameOrId("reservations")
	booked := core.NewRecord(collection)
	booked.Load(map[string]any{"event_name": "Board Game Night", "event_date": venueDay(3), "event_time": "7:30 PM", "status": "confirmed", "name": "Ada", "email": "ada@example.test", "cancel_token": strings.Repeat("t", 40), "party_size": 4})
	if err := app.Save(booked); err != nil {
		t.Fatal(err)
	}
	results := apply(staff,
		changeOf("reservations", "update", booked.Id, map[string]any{"party_size": 6}, map[string]any{"party_size": 4}),
		changeOf("reservations", "update", booked.Id, map[string]any{"party_size": 7}, map[string]any{"party_size": 6}),
		changeOf("reservations", "update", booked.Id, map[string]any{"party_size": 2}, map[string]any{"party_size": 4}),
	)
	if results[0]["outcome"] != "applied" || results[1]["outcome"] != "applied" || results[2]["outcome"] != "conflict" {
		t.Errorf("4 → 6 → 7, then 4 → 2 = %v", results)
	}
	if got := count("SELECT COUNT(*) FROM outbox WHERE template = 'reservation_updated' AND status = 'pending'"); got != 1 {
		t.Errorf("update mails = %d, want 1 folding both changes", got)
	}
	cancel := changeOf("reservations", "update", booked.Id, map[string]any{"status": "cancelled"}, map[string]any{"status": "confirmed"})
	results = apply(staff, cancel, cancel, changeOf("reservations", "update", booked.Id, map[string]any{"party_size": 3}, map[string]any{"party_size": 7}))
	if results[0]["outcome"] != "applied" || results[1]["replayed"] != true || results[2]["code"] != "cancelled" {
		t.Errorf("a cancel sent twice, then a resize = %v", results)
	}
	if got := count("SELECT COUNT(*) FROM outbox WHERE template = 'reservation_cancelled'"); got != 1 {
		t.Errorf("cancellation mails = %d, want 1", got)
	}

	// A task made, then deleted; a malformed change is refused and not stored.
	task := changeOf("tasks", "create", "task00000000001", map[string]any{"title": "Wipe tables", "category": "legal_compliance"}, nil)
	results = apply(staff, task, changeOf("tasks", "delete", "task00000000001", map[string]any{}, nil), map[string]any{"id": 7})
	if results[0]["outcome"] != "applied" || results[1]["outcome"] != "applied" || results[2]["code"] != "invalid" {
		t.Errorf("a task made and deleted, and a malformed change = %v", results)
	}
	if results[0]["record"].(map[string]any)["id"] != "task00000000001" {
		t.Errorf("the task made = %v, want the id the tablet chose", results[0]["record"])
	}
	if got := count("SELECT COUNT(*) FROM tasks"); got != 0 {
		t.Errorf("tasks = %d, want the one made deleted", got)
	}

	// Settled ids: every well-formed change once; activity rows: the walk-in, two resizes, the cancel, the task's create and delete.
	if got := count("SELECT COUNT(*) FROM staff_changes"); got != n {
		t.Errorf("settled change ids = %d, want %d", got, n)
	}
	var rows []struct {
		Kind  string `db:"kind"`
		Actor string `db:"actor"`
	}
	if err := app.DB().Select("kind", "actor").From("activity").OrderBy("created", "rowid").All(&rows); err != nil {
		t.Fatal(err)
	}
	kinds := []string{}
	for _, r := range rows {
		kinds = append(kinds, r.Kind)
		if r.Actor != staffID {
			t.Errorf("an activity row by %q, want the staff account", r.Actor)
		}
	}
	if want := "reservation.walk_in reservation.change reservation.change reservation.status task.create task.delete"; strings.Join(kinds, " ") != want {
		t.Errorf("activity kinds = %v, want %s", kinds, want)
	}
	var result string
	if err := app.DB().NewQuery("SELECT result FROM staff_changes WHERE id = {:id}").Bind(dbx.Params{"id": walkIn["id"]}).Row(&result); err != nil || !strings.Contains(result, `"replayed":false`) {
		t.Errorf("the walk-in's stored result = %s (%v)", result, err)
	}
}
