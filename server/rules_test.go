package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The Go side of every call into the public creates' rules, run against the real bundle
// (hooks/create/rules.ts), which the test builds: a renamed export, a changed field or a rule
// that stops refusing fails here, not in a request.

var buildRulesOnce sync.Once

func testCreateRules(t testing.TB) *createRules {
	t.Helper()
	buildRulesOnce.Do(func() {
		build := exec.Command("node", "scripts/build-rules.mjs", "--quiet")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building the rules bundle: %v\n%s", err, out)
		}
	})
	rules, err := loadCreateRules(filepath.Join("..", "pb_hooks", "lib", "create-rules.js"), 2)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// venueDay is the venue's date `days` from today (New York).
func venueDay(days int) string {
	ny, _ := time.LoadLocation("America/New_York")
	return time.Now().In(ny).AddDate(0, 0, days).Format("2006-01-02")
}

func bodyOf(t testing.TB, fields map[string]any) string {
	t.Helper()
	text, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func boardGame(overrides map[string]any) map[string]any {
	body := map[string]any{
		"id": "abcdefghijklmno", "name": "Ada Lovelace", "email": "ada@example.com", "phone": "",
		"party_size": 4, "event_name": "Board Game Night", "event_date": venueDay(10), "event_time": "7:30 PM", "source": "web",
	}
	for k, v := range overrides {
		body[k] = v
	}
	return body
}

func planFor(t testing.TB, rules *createRules, collection string, body string, facts CreateFacts) Plan {
	t.Helper()
	plan, err := rules.Plan(PlanRequest{Collection: collection, CollectionID: "pbc_1", ContentType: "application/json", Body: body, Facts: facts})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func TestPlanStoresABoardGameNightWithItsJobsAndSeats(t *testing.T) {
	rules := testCreateRules(t)
	t.Setenv("META_PIXEL_ID", "")
	facts := CreateFacts{Request: RequestFacts{IP: "203.0.113.9", UA: "test", Referer: "https://venue.example/board-game-night"}}
	plan := planFor(t, rules, "reservations", bodyOf(t, boardGame(map[string]any{"event_name": " board GAME night "})), facts)
	if plan.Store == nil {
		t.Fatalf("not stored: %+v", plan)
	}
	s := plan.Store
	if s.ID != "abcdefghijklmno" || s.Fields["event_name"] != "Board Game Night" || s.Fields["status"] != "confirmed" || s.Fields["party_size"] != float64(4) {
		t.Fatalf("fields: %+v", s.Fields)
	}
	if token, _ := s.Fields["cancel_token"].(string); len(token) < 20 {
		t.Fatalf("cancel token %q", token)
	}
	if s.Fields["event_source_url"] != "https://venue.example/board-game-night" {
		t.Fatalf("the source url falls back to the Referer: %v", s.Fields["event_source_url"])
	}
	if s.Seats == nil || s.Seats.Party != 4 || s.Seats.Date != venueDay(10) {
		t.Fatalf("seats: %+v", s.Seats)
	}
	if len(s.Jobs) != 2 || s.Jobs[0].Template != "reservation_confirmation" || s.Jobs[0].Recipient != "ada@example.com" || s.Jobs[0].Status != "pending" {
		t.Fatalf("jobs: %+v", s.Jobs)
	}
	conversion := s.Jobs[1]
	if conversion.Kind != "conversion" || conversion.Status != "skipped" || !strings.Contains(conversion.LastError, "META_PIXEL_ID") {
		t.Fatalf("conversion without Meta's settings: %+v", conversion)
	}
	// $security.sha256 of the trimmed, lower-cased email, as Meta wants it.
	sum := sha256.Sum256([]byte("ada@example.com"))
	if !strings.Contains(conversion.Payload, `"em":["`+hex.EncodeToString(sum[:])+`"]`) {
		t.Fatalf("conversion payload: %s", conversion.Payload)
	}
}

func TestPlanRefusesAWrongTypeWithItsFieldAndKeepsTheLookupId(t *testing.T) {
	rules := testCreateRules(t)
	plan := planFor(t, rules, "reservations", bodyOf(t, boardGame(map[string]any{"party_size": "4"})), CreateFacts{})
	if plan.Refuse == nil || plan.Store != nil || plan.LookupID != "abcdefghijklmno" {
		t.Fatalf("plan: %+v", plan)
	}
	var refusal struct {
		Errors map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(plan.Refuse, &refusal); err != nil || refusal.Errors["party_size"] == "" {
		t.Fatalf("refusal %s (%v)", plan.Refuse, err)
	}
	// A wrong party size can't be checked for seats; a wrong email can, and its night's seats refusal wins.
	if plan.SeatsAlso != nil {
		t.Fatalf("seats checked for a party size that is not a number: %+v", plan.SeatsAlso)
	}
	badEmail := planFor(t, rules, "reservations", bodyOf(t, boardGame(map[string]any{"email": "ada"})), CreateFacts{})
	if badEmail.Refuse == nil || badEmail.SeatsAlso == nil || badEmail.SeatsAlso.Party != 4 {
		t.Fatalf("a wrong email: %+v", badEmail)
	}
}

func TestPlanAnswersWhatTheRequestGetsWrong(t *testing.T) {
	rules := testCreateRules(t)
	cases := []struct {
		name, contentType, body string
		status                  int
		has                     string
	}{
		{"a form body", "application/x-www-form-urlencoded", "name=Ada", 415, "JSON"},
		{"a list", "application/json", "[1]", 400, "object"},
		{"the honeypot", "application/json", bodyOf(t, boardGame(map[string]any{"website": "spam"})), 200, `"collectionId":"pbc_1"`},
	}
	for _, c := range cases {
		plan, err := rules.Plan(PlanRequest{Collection: "reservations", CollectionID: "pbc_1", ContentType: c.contentType, Body: c.body})
		if err != nil {
			t.Fatal(err)
		}
		if plan.Answer == nil || plan.Answer.Status != c.status || !strings.Contains(string(plan.Answer.Body), c.has) {
			t.Fatalf("%s: %+v", c.name, plan.Answer)
		}
		if plan.Honeypot != (c.status == 200) {
			t.Fatalf("%s: honeypot %v", c.name, plan.Honeypot)
		}
	}
}

func TestPlanTakesAnEventsNameAndTimeFromTheSchedule(t *testing.T) {
	rules := testCreateRules(t)
	wednesday := ""
	for d := 1; d <= 7; d++ {
		day, _ := time.Parse("2006-01-02", venueDay(d))
		if day.Weekday() == time.Wednesday {
			wednesday = venueDay(d)
		}
	}
	body := bodyOf(t, map[string]any{"name": "Grace", "email": "grace@example.com", "event_name": "Chess Club", "event_date": wednesday, "event_time": "9pm", "party_size": 5, "source": "event"})
	chess := ScheduledEvent{Title: "Chess Club", Time: "7pm", Kind: "weekly", Weekday: 3}
	plan := planFor(t, rules, "reservations", body, CreateFacts{Events: []ScheduledEvent{chess}})
	if plan.Store == nil || plan.Store.Fields["event_time"] != "7pm" || plan.Store.Fields["party_size"] != float64(1) || plan.Store.Seats != nil {
		t.Fatalf("plan: %+v", plan.Store)
	}
	unknown := planFor(t, rules, "reservations", body, CreateFacts{})
	if unknown.Refuse == nil || !strings.Contains(string(unknown.Refuse), `"code":"event_unknown"`) {
		t.Fatalf("an event not on the schedule: %s", unknown.Refuse)
	}
}

func TestCheckSeatsRefusesWhatDoesNotFit(t *testing.T) {
	rules := testCreateRules(t)
	night := venueDay(3)
	cases := []struct {
		party, reserved, held int
		code                  string
	}{
		{2, 8, 0, ""},
		{3, 8, 0, "not_enough_seats"},
		{1, 8, 2, "night_full"},
	}
	for _, c := range cases {
		refusal, err := rules.CheckSeats(SeatsCheck{SeatsWanted: SeatsWanted{Date: night, Party: c.party}, Row: SeatsRow{Capacity: 10, Reserved: c.reserved, Held: c.held}})
		if err != nil {
			t.Fatal(err)
		}
		if (refusal == nil) != (c.code == "") || (refusal != nil && !strings.Contains(string(refusal), `"code":"`+c.code+`"`)) {
			t.Fatalf("party %d with %d reserved and %d held: %s", c.party, c.reserved, c.held, refusal)
		}
	}
}

func TestRefusalAnswersLikePocketBaseAndTheSeatsCodeWins(t *testing.T) {
	rules := testCreateRules(t)
	refusal := json.RawMessage(`{"errors":{"email":"Please enter a valid email"},"code":"email_invalid"}`)
	plain, err := rules.Refusal(RefusalRequest{Refusal: refusal})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Status != 400 || string(plain.Body) != `{"status":400,"message":"Please enter a valid email","data":{"email":{"code":"validation_invalid_value","message":"Please enter a valid email"}},"code":"email_invalid"}` {
		t.Fatalf("plain refusal: %d %s", plain.Status, plain.Body)
	}
	full := &SeatsCheck{SeatsWanted: SeatsWanted{Date: venueDay(3), Party: 2}, Row: SeatsRow{Capacity: 10, Reserved: 10}}
	withSeats, err := rules.Refusal(RefusalRequest{Refusal: refusal, Seats: full})
	if err != nil {
		t.Fatal(err)
	}
	body := string(withSeats.Body)
	if !strings.Contains(body, `"code":"night_full"`) || !strings.Contains(body, `"email":`) || !strings.Contains(body, `"event_date":`) {
		t.Fatalf("the seats refusal's code and field join the others: %s", body)
	}
}

func TestTheRulesBundleNamesItsCollectionsAndSeatsQuery(t *testing.T) {
	rules := testCreateRules(t)
	if strings.Join(rules.collections, ",") != "reservations,private_event_inquiries,influencer_applications,pass_confirmations,waitlist" {
		t.Fatalf("collections: %v", rules.collections)
	}
	if !strings.Contains(rules.seatsSQL, "{:date}") || rules.seatsParams["name"] != "Board Game Night" {
		t.Fatalf("seats query: %s %v", rules.seatsSQL, rules.seatsParams)
	}
}

func BenchmarkPlanBoardGameNight(b *testing.B) {
	rules := testCreateRules(b)
	body := bodyOf(b, boardGame(nil))
	for b.Loop() {
		planFor(b, rules, "reservations", body, CreateFacts{})
	}
}

func TestPlanOffersExpiresRanOutHoldsAndOffersWhoFits(t *testing.T) {
	rules := testCreateRules(t)
	now := time.Now().UTC()
	night := venueDay(2)
	entries := []WaitlistEntryFacts{
		{ID: "held00000000001", PartySize: 2, Status: "offered", OfferExpires: isoInstant(now.Add(-time.Minute)), Created: "2026-01-01 10:00:00.000Z"},
		{ID: "wait00000000004", PartySize: 4, Status: "waiting", Created: "2026-01-01 10:01:00.000Z"},
		{ID: "wait00000000002", PartySize: 2, Status: "waiting", Created: "2026-01-01 10:02:00.000Z"},
	}
	plan, err := rules.PlanOffers(OfferRequest{Date: night, Now: isoInstant(now), Entries: entries, Row: SeatsRow{Capacity: 10, Reserved: 7}})
	if err != nil {
		t.Fatal(err)
	}
	// 3 seats left: the party of 4 doesn't fit, the party of 2 behind it does.
	if strings.Join(plan.Expire, ",") != "held00000000001" || strings.Join(plan.Offer, ",") != "wait00000000002" {
		t.Fatalf("plan: %+v", plan)
	}
	if plan.OfferedAt != isoInstant(now) || plan.OfferExpires <= plan.OfferedAt {
		t.Fatalf("the hold runs from %q to %q", plan.OfferedAt, plan.OfferExpires)
	}
	past, err := rules.PlanOffers(OfferRequest{Date: venueDay(-2), Now: isoInstant(now), Entries: entries[1:], Row: SeatsRow{Capacity: 10}})
	if err != nil || len(past.Offer) != 0 {
		t.Fatalf("a night that has passed offers nothing: %+v %v", past, err)
	}
}

func TestLineRefusalNamesTheNightOnTheEmail(t *testing.T) {
	rules := testCreateRules(t)
	refusal, err := rules.LineRefusal(venueDay(3))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Errors  map[string]string `json:"errors"`
		Message string            `json:"message"`
	}
	if err := json.Unmarshal(refusal, &r); err != nil || r.Message == "" || r.Errors["email"] != r.Message {
		t.Fatalf("%s (%v)", refusal, err)
	}
	if !strings.Contains(rules.lineSQL, "lower(email) = lower({:email})") {
		t.Fatalf("line query: %s", rules.lineSQL)
	}
}
