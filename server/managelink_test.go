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

// The manage link's rules (hooks/create/manage.ts) through the Go types that call them.
func TestManageLinkRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	now := isoInstant(time.Now())
	booked := ReservationFacts{EventName: "Board Game Night", EventDate: venueDay(3), EventTime: "7:30 PM", PartySize: 4, Status: "confirmed", Name: "Ada", Email: "ada@example.test", IcsSequence: 0}
	change := func(sent sentBody, r *ReservationFacts, row *SeatsRow) changePlan {
		t.Helper()
		plan, err := callRules[changePlan](rules, "planChangeJson", map[string]any{"sent": sent, "reservation": r, "row": row, "now": now})
		if err != nil {
			t.Fatal(err)
		}
		return plan
	}
	asJSON := func(body string) sentBody { return sentBody{ContentType: "application/json", Body: body} }
	answer := func(plan changePlan) string {
		if plan.Answer == nil {
			return ""
		}
		return string(plan.Answer.Body)
	}

	// The body alone, before a write turn.
	if plan := change(sentBody{ContentType: "application/x-www-form-urlencoded", Body: "party_size=6"}, nil, nil); plan.Answer == nil || plan.Answer.Status != 415 {
		t.Errorf("a form body = %+v, want 415", plan)
	}
	if plan := change(asJSON(`[1]`), nil, nil); plan.Answer == nil || plan.Answer.Status != 400 || !strings.Contains(answer(plan), "one JSON object") {
		t.Errorf("a list = %s", answer(plan))
	}
	if plan := change(asJSON(`{"party_size":6}`), nil, nil); !plan.BodyOK || plan.Answer != nil {
		t.Errorf("a good body, read alone = %+v, want bodyOk", plan)
	}

	// With the reservation: a wrong type, nothing, too late, no seats, and a change.
	if plan := change(asJSON(`{"party_size":"6"}`), &booked, &SeatsRow{Capacity: 40}); plan.Answer == nil || plan.Answer.Status != 400 || !strings.Contains(answer(plan), `"party_size"`) {
		t.Errorf(`party_size "6" = %s, want a 400 on party_size`, answer(plan))
	}
	if plan := change(sentBody{ContentType: "application/json", Body: `{"party_size":null}`, OutOfRange: map[string]int{"party_size": 1}}, &booked, &SeatsRow{Capacity: 40}); plan.Answer == nil || !strings.Contains(answer(plan), "Maximum 20") {
		t.Errorf("party_size out of range = %s, want its field's words", answer(plan))
	}
	if plan := change(asJSON(`{"party_size":4,"event_time":"7:30 PM"}`), &booked, &SeatsRow{Capacity: 40}); !strings.Contains(answer(plan), "Please change the party size or the arrival time first.") {
		t.Errorf("an unchanged body = %s", answer(plan))
	}
	past := booked
	past.EventDate = venueDay(-2)
	if plan := change(asJSON(`{"party_size":5}`), &past, &SeatsRow{Capacity: 40}); plan.Answer == nil || plan.Answer.Status != 409 || !strings.Contains(answer(plan), `"code":"change_too_late"`) || !strings.Contains(answer(plan), `"can_change":false`) {
		t.Errorf("a past night's change = %s", answer(plan))
	}
	// 36 of 40 taken, 4 of them its own: 8 fits, 9 does not.
	full := SeatsRow{Capacity: 40, Reserved: 36}
	if plan := change(asJSON(`{"party_size":9}`), &booked, &full); plan.Answer == nil || !strings.Contains(answer(plan), `"code":"not_enough_seats"`) {
		t.Errorf("a party of 9 with 8 seats its own = %s", answer(plan))
	}
	plan := change(asJSON(`{"party_size":8,"event_time":"8:00 PM"}`), &booked, &full)
	var summary map[string]any
	if plan.Change == nil || json.Unmarshal(plan.Summary, &summary) != nil || plan.Change.PartySize != 8 || plan.Change.EventTime != "8:00 PM" ||
		summary["party_size"] != float64(8) || summary["event_time"] != "8:00 PM" || summary["can_change"] != true || summary["email"] != nil {
		t.Errorf("a party of 8 at 8:00 PM = %+v %s", plan.Change, plan.Summary)
	}
	if _, err := callRules[changePlan](rules, "planChangeJson", map[string]any{"sent": asJSON(`{"party_size":6}`), "reservation": booked, "now": now}); err == nil {
		t.Error("a bigger party with no seats row was planned; want the rules to refuse to plan it")
	}

	cancel := func(r ReservationFacts) cancelPlan {
		t.Helper()
		plan, err := callRules[cancelPlan](rules, "planCancelJson", map[string]any{"reservation": r, "now": now})
		if err != nil {
			t.Fatal(err)
		}
		return plan
	}
	if plan := cancel(booked); !plan.Cancel || !strings.Contains(string(plan.Summary), `"status":"cancelled"`) || !strings.Contains(string(plan.Summary), `"can_change":false`) {
		t.Errorf("cancelling = %+v %s", plan, plan.Summary)
	}
	if plan := cancel(past); plan.Answer == nil || plan.Answer.Status != 409 || !strings.Contains(string(plan.Answer.Body), "can no longer be cancelled online") {
		t.Errorf("cancelling a past night = %+v", plan.Answer)
	}
	gone := booked
	gone.Status = "cancelled"
	if plan := cancel(gone); plan.Answer == nil || plan.Answer.Status != 200 || plan.Cancel {
		t.Errorf("cancelling again = %+v, want the summary, nothing to write", plan)
	}
}

// The guest's mail about a change or a cancellation: queued, folded into the waiting update, or
// settled with it.
func TestReservationMailRulesFromTheBundle(t *testing.T) {
	rules := testCreateRules(t)
	mails := func(kind string, r ReservationFacts, before *Told, waiting *waitingMail) mailPlan {
		t.Helper()
		plan, err := callRules[mailPlan](rules, "planReservationMailJson", map[string]any{"change": kind, "reservation": r, "before": before, "waiting": waiting, "delay": 60})
		if err != nil {
			t.Fatal(err)
		}
		return plan
	}
	now := ReservationFacts{EventName: "Board Game Night", PartySize: 6, EventTime: "7:30 PM", Status: "confirmed", Email: "ada@example.test", IcsSequence: 3}
	told := &Told{PartySize: 4, EventTime: "7:30 PM", Status: "confirmed"}
	plan := mails("updated", now, told, nil)
	if len(plan.Jobs) != 1 || plan.Jobs[0].Template != "reservation_updated" || plan.Jobs[0].Key != "3" || plan.Jobs[0].DueIn != 60 ||
		plan.Jobs[0].Payload != `{"sequence":3,"from":{"party_size":4,"event_time":"7:30 PM","status":"confirmed"}}` || plan.Waiting != nil {
		t.Errorf("a first change = %+v", plan)
	}
	waiting := &waitingMail{Payload: `{"sequence":2,"from":{"party_size":4,"event_time":"7:30 PM","status":"confirmed"}}`}
	if plan := mails("updated", now, told, waiting); len(plan.Jobs) != 0 || plan.Waiting == nil || plan.Waiting.Skip != "" ||
		plan.Waiting.Payload != `{"sequence":3,"from":{"party_size":4,"event_time":"7:30 PM","status":"confirmed"}}` {
		t.Errorf("a change while one waits = %+v, want it folded", plan)
	}
	back := now
	back.PartySize = 4
	if plan := mails("updated", back, told, waiting); len(plan.Jobs) != 0 || plan.Waiting == nil || !strings.Contains(plan.Waiting.Skip, "Changed back") {
		t.Errorf("a change undone while its mail waits = %+v, want it skipped", plan)
	}
	if plan := mails("updated", ReservationFacts{PartySize: 6, IcsSequence: 1}, told, nil); len(plan.Jobs) != 0 {
		t.Errorf("a walk-in without an email = %+v, want no mail", plan)
	}
	cancelled := now
	cancelled.Status, cancelled.IcsSequence = "cancelled", 4
	plan = mails("cancelled", cancelled, nil, waiting)
	if len(plan.Jobs) != 1 || plan.Jobs[0].Template != "reservation_cancelled" || plan.Jobs[0].Key != "4" || plan.Waiting == nil || !strings.Contains(plan.Waiting.Skip, "Cancelled before") {
		t.Errorf("a cancellation while an update waits = %+v", plan)
	}
}

// manageApp has the collections the manage link saves (reservations, the waitlist its offer pass
// reads) and the seats' and outbox's tables, with the link's routes served.
func manageApp(t *testing.T) (*tests.TestApp, http.Handler) {
	t.Helper()
	testCreateRules(t)
	app := newTestApp(t)
	for _, table := range []string{outboxTable, "CREATE TABLE capacity (id TEXT PRIMARY KEY NOT NULL, date TEXT NOT NULL, seats INTEGER NOT NULL)"} {
		if _, err := app.DB().NewQuery(table).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	fields := map[string][]string{
		"reservations": {"event_name", "event_date", "event_time", "status", "name", "email", "cancel_token"},
		"waitlist":     {"email", "event_date", "status", "offer_expires", "offered_at"},
	}
	for name, texts := range fields {
		collection := core.NewBaseCollection(name)
		for _, field := range texts {
			collection.Fields.Add(&core.TextField{Name: field})
		}
		collection.Fields.Add(&core.NumberField{Name: "party_size"}, &core.NumberField{Name: "ics_sequence"}, &core.AutodateField{Name: "created", OnCreate: true})
		if err := app.Save(collection); err != nil {
			t.Fatal(err)
		}
	}
	registerManageLink(app, filepath.Join("..", "pb_hooks"), newWriteTurns(app, defaultMaxBatch))
	return app, serveTestApp(t, app)
}

// A guest's changes through the link, in Go's write turns: the update mail folds, a change undone
// settles it, a cancellation mails once and a second cancel changes nothing.
func TestTheManageLinkSavesChangesAndMailsOnce(t *testing.T) {
	app, handler := manageApp(t)
	token := strings.Repeat("t", 40)
	collection, _ := app.FindCollectionByNameOrId("reservations")
	r := core.NewRecord(collection)
	r.Load(map[string]any{"event_name": "Board Game Night", "event_date": venueDay(3), "event_time": "7:30 PM", "status": "confirmed", "name": "Ada", "email": "ada@example.test", "cancel_token": token, "party_size": 4})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	send := func(method, path, contentType, body string) (int, string) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	type job struct {
		Template string `db:"template"`
		Key      string `db:"job_key"`
		Status   string `db:"status"`
		Payload  string `db:"payload"`
		Error    string `db:"last_error"`
	}
	jobs := func() []job {
		t.Helper()
		var out []job
		if err := app.DB().NewQuery("SELECT template, job_key, status, payload, last_error FROM outbox ORDER BY created, rowid").All(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	manage := "/api/reservations/manage/" + token

	if code, _ := send("POST", manage, "text/plain", `{"party_size":6}`); code != 415 {
		t.Errorf("a text body = %d, want 415", code)
	}
	if code, _ := send("POST", "/api/reservations/manage/"+strings.Repeat("x", 40), "application/json", `{"party_size":6}`); code != 404 {
		t.Errorf("an unknown token = %d, want 404", code)
	}
	if code, body := send("POST", manage, "application/json", `{"party_size":6}`); code != 200 || !strings.Contains(body, `"party_size":6`) {
		t.Fatalf("4 → 6 = %d %s", code, body)
	}
	if code, _ := send("POST", manage, "application/json", `{"party_size":7}`); code != 200 {
		t.Fatalf("6 → 7 = %d", code)
	}
	if got := jobs(); len(got) != 1 || got[0].Key != "1" || got[0].Status != "pending" || !strings.Contains(got[0].Payload, `"sequence":2`) || !strings.Contains(got[0].Payload, `"from":{"party_size":4`) {
		t.Errorf("after two changes, outbox = %+v; want one update keyed 1 carrying SEQUENCE 2 and what the guest was told", got)
	}
	if code, _ := send("POST", manage, "application/json", `{"party_size":4}`); code != 200 {
		t.Fatalf("7 → 4 = %d", code)
	}
	if got := jobs(); len(got) != 1 || got[0].Status != "skipped" || !strings.Contains(got[0].Error, "Changed back") {
		t.Errorf("after the change was undone, outbox = %+v; want the update skipped", got)
	}
	if code, body := send("POST", "/api/reservations/cancel/"+token, "", ""); code != 200 || !strings.Contains(body, `"status":"cancelled"`) {
		t.Fatalf("cancel = %d %s", code, body)
	}
	if code, body := send("POST", "/api/reservations/cancel/"+token, "", ""); code != 200 || !strings.Contains(body, `"status":"cancelled"`) {
		t.Fatalf("cancel again = %d %s", code, body)
	}
	if code, body := send("GET", "/api/reservations/cancel/"+token, "", ""); code != 200 || strings.Contains(body, "ada@example.test") || !strings.Contains(body, `"can_change":false`) {
		t.Errorf("the link's page = %d %s", code, body)
	}
	got := jobs()
	if len(got) != 2 || got[1].Template != "reservation_cancelled" || got[1].Key != "4" {
		t.Errorf("after two cancels, outbox = %+v; want one cancellation keyed by SEQUENCE 4", got)
	}
	var sequence int
	if err := app.DB().NewQuery("SELECT ics_sequence FROM reservations WHERE id = {:id}").Bind(dbx.Params{"id": r.Id}).Row(&sequence); err != nil || sequence != 4 {
		t.Errorf("ics_sequence = %d (%v), want 4", sequence, err)
	}
	if code, body := send("POST", manage, "application/json", `{"party_size":5}`); code != 409 || !strings.Contains(body, "change_too_late") {
		t.Errorf("a change after the cancel = %d %s", code, body)
	}
}
