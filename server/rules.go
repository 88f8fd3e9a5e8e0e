package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/tools/security"

	"venue/server/jsjson"
	"venue/server/outbox"
)

// createRules runs the public creates' rules (hooks/create/rules.ts, built into
// pb_hooks/lib/create-rules.js) for the Go create path (creates.go), the offer pass (offers.go)
// and the day-of reminders (reminders.go). Each call is a pure function,
// JSON text in and out: the types below are its Go side, and rules_test.go runs every call
// against the real bundle.
//
// goja runtimes are not safe for concurrent use, so the pool keeps one per core: a call takes a
// runtime for the tens of microseconds it needs and gives it back. A call never waits for a
// write turn while holding one, and none is ever built under load.
type createRules struct {
	pool        chan *rulesRuntime
	seatsSQL    string
	seatsParams map[string]any
	lineSQL     string
	duplicate   any
	collections []string
	waitlist    waitlistExports
	manage      manageExports
	sync        syncExports
}

// rulesCalls are the bundle's functions Go calls, each JSON text in and out.
var rulesCalls = []string{"planCreateJson", "checkSeatsJson", "refusalJson", "lineRefusalJson", "planOffersJson", "reminderNightJson", "dueRemindersJson", "nowFlagJson", "venueNightJson", "planClaimJson", "entrySummaryJson",
	"reservationSummaryJson", "planChangeJson", "planCancelJson", "planReservationMailJson", "planPullJson",
	"readChangesJson", "readStaffChangeJson", "planStaffChangeJson", "settleStaffChangeJson", "passAtJson"}

type rulesRuntime struct {
	vm    *goja.Runtime
	calls map[string]goja.Callable
}

// ScheduledEvent is an active event as the schedule check reads it (S.ScheduledEvent).
type ScheduledEvent struct {
	Title   string `json:"title"`
	Time    string `json:"time"`
	Kind    string `json:"kind"`
	Weekday int    `json:"weekday"`
	Date    string `json:"date"`
}

// ScheduleRow is an active weekly open-tables entry (S.ScheduleRow).
type ScheduleRow struct {
	Kind       string `json:"kind"`
	Weekday    int    `json:"weekday"`
	Time       string `json:"time"`
	OpenTables bool   `json:"open_tables"`
}

// CreateFacts is what a create's rules read besides its body (lib/create-plan.ts CreateFacts).
type CreateFacts struct {
	Events     []ScheduledEvent `json:"events"`
	OpenTables []ScheduleRow    `json:"openTables"`
	Request    RequestFacts     `json:"request"`
}

type RequestFacts struct {
	IP      string `json:"ip"`
	UA      string `json:"ua"`
	Referer string `json:"referer"`
}

// PlanRequest is one create as Go read it (hooks/create/rules.ts PlanRequest).
type PlanRequest struct {
	Collection   string         `json:"collection"`
	CollectionID string         `json:"collectionId"`
	ContentType  string         `json:"contentType"`
	Body         string         `json:"body"`
	OutOfRange   map[string]int `json:"outOfRange"`
	Facts        CreateFacts    `json:"facts"`
}

// Answer is sent as it is: its body is JSON as the rules wrote it.
type Answer struct {
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body"`
}

// SeatsWanted is a night and the party that wants seats on it.
type SeatsWanted struct {
	Date  string `json:"date"`
	Party int    `json:"party"`
}

// SeatsRow is SEATS_ON_SQL's row (hooks/lib/capacity.ts SeatsRow).
type SeatsRow struct {
	Capacity  int    `db:"capacity" json:"capacity"`
	Reserved  int    `db:"reserved" json:"reserved"`
	Held      int    `db:"held" json:"held"`
	HeldUntil string `db:"held_until" json:"held_until"`
}

// SeatsCheck is a night's seats with the party that wants some.
type SeatsCheck struct {
	SeatsWanted
	Row SeatsRow `json:"row"`
}

// LineWanted is a waitlist entry's night and email: one live entry per guest and night.
type LineWanted struct {
	Date  string `json:"date"`
	Email string `json:"email"`
}

// StorePlan is an accepted create: the record's id and values, its jobs, the seats it takes, and
// for a waitlist entry its line (then the night's offer pass runs after the insert).
type StorePlan struct {
	ID     string          `json:"id"`
	Fields map[string]any  `json:"fields"`
	Jobs   []outbox.NewJob `json:"jobs"`
	Seats  *SeatsWanted    `json:"seats"`
	Line   *LineWanted     `json:"line"`
}

// Plan is the rules' answer to a PlanRequest: exactly one of Answer, Refuse and Store is set.
// Refuse is kept as the rules wrote it (its fields in their order) and handed back to refusal.
type Plan struct {
	Answer    *Answer         `json:"answer"`
	Honeypot  bool            `json:"honeypot"`
	Refuse    json.RawMessage `json:"refuse"`
	SeatsAlso *SeatsWanted    `json:"seatsAlso"`
	Store     *StorePlan      `json:"store"`
	// LookupID is the id the body gave as text: a refused retry of a stored create gets
	// PocketBase's duplicate answer instead (its device would tell the guest it failed).
	LookupID string `json:"lookupId"`
}

// RefusalRequest asks for a refusal's answer; Seats, when set, is the night whose seats refusal
// wins when the party does not fit.
type RefusalRequest struct {
	Refusal json.RawMessage `json:"refusal"`
	Seats   *SeatsCheck     `json:"seats,omitempty"`
}

// loadCreateRules loads the bundle at `file` into `size` runtimes.
func loadCreateRules(file string, size int) (*createRules, error) {
	code, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("the public creates' rules are missing (npm run build:rules writes them): %w", err)
	}
	program, err := goja.Compile(file, "(function(){ var module = { exports: {} }; var exports = module.exports;\n"+string(code)+"\n; return module.exports; })()", false)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", file, err)
	}
	rules := &createRules{pool: make(chan *rulesRuntime, max(size, 1))}
	for range max(size, 1) {
		rt, exports, err := newRulesRuntime(program)
		if err != nil {
			return nil, fmt.Errorf("loading %s: %w", file, err)
		}
		if rules.collections == nil {
			if err := exportsInto(exports, rules); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
		}
		rules.pool <- rt
	}
	return rules, nil
}

// newRulesRuntime runs the bundle in a runtime that has what its rules read of PocketBase's
// globals: $os.getenv and $security's sha256 and random ids.
func newRulesRuntime(program *goja.Program) (*rulesRuntime, *goja.Object, error) {
	vm := goja.New()
	vm.SetFieldNameMapper(goja.UncapFieldNameMapper())
	if err := jsjson.Install(vm); err != nil {
		return nil, nil, err
	}
	// Native functions, not Go functions goja calls through reflection: a create's rules call
	// them a dozen times (each env read, each hashed field and token).
	text := func(call goja.FunctionCall, i int) string {
		if arg := call.Argument(i); !goja.IsUndefined(arg) && !goja.IsNull(arg) {
			return arg.String()
		}
		return "" // as goja converted a missing argument for a Go string parameter
	}
	if err := vm.Set("$os", map[string]any{"getenv": func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(os.Getenv(text(call, 0)))
	}}); err != nil {
		return nil, nil, err
	}
	if err := vm.Set("$security", map[string]any{
		"sha256": func(call goja.FunctionCall) goja.Value {
			sum := sha256.Sum256([]byte(text(call, 0)))
			return vm.ToValue(hex.EncodeToString(sum[:]))
		},
		"randomStringWithAlphabet": func(call goja.FunctionCall) goja.Value {
			return vm.ToValue(security.RandomStringWithAlphabet(int(call.Argument(0).ToInteger()), text(call, 1)))
		},
	}); err != nil {
		return nil, nil, err
	}
	value, err := vm.RunProgram(program)
	if err != nil {
		return nil, nil, err
	}
	exports := value.ToObject(vm)
	rt := &rulesRuntime{vm: vm, calls: map[string]goja.Callable{}}
	for _, name := range rulesCalls {
		callable, ok := goja.AssertFunction(exports.Get(name))
		if !ok {
			return nil, nil, fmt.Errorf("no %s export", name)
		}
		rt.calls[name] = callable
	}
	return rt, exports, nil
}

// exportsInto reads the bundle's constants: the seats query, the duplicate answer, the collections.
func exportsInto(exports *goja.Object, rules *createRules) error {
	rules.seatsSQL = exports.Get("SEATS_ON_SQL").String()
	params, ok := exports.Get("SEATS_ON_PARAMS").Export().(map[string]any)
	if !ok || rules.seatsSQL == "" {
		return fmt.Errorf("no SEATS_ON_SQL and SEATS_ON_PARAMS exports")
	}
	rules.seatsParams = params
	if rules.lineSQL = exports.Get("WAITLIST_LINE_SQL").String(); !strings.Contains(rules.lineSQL, "{:email}") {
		return fmt.Errorf("no WAITLIST_LINE_SQL export")
	}
	rules.duplicate = exports.Get("DUPLICATE_ANSWER").Export()
	for _, c := range exports.Get("PLANNED_COLLECTIONS").Export().([]any) {
		rules.collections = append(rules.collections, fmt.Sprint(c))
	}
	if len(rules.collections) == 0 {
		return fmt.Errorf("no PLANNED_COLLECTIONS export")
	}
	var err error
	if rules.waitlist, err = readWaitlistExports(exports); err != nil {
		return err
	}
	if rules.manage, err = readManageExports(exports); err != nil {
		return err
	}
	rules.sync, err = readSyncExports(exports)
	return err
}

// call runs one of the bundle's functions with `in` as JSON and decodes its answer into `out`.
func (r *createRules) call(name string, in, out any) error {
	text, err := json.Marshal(in)
	if err != nil {
		return err
	}
	rt := <-r.pool
	value, err := rt.calls[name](goja.Undefined(), rt.vm.ToValue(string(text)))
	var answer string
	if err == nil {
		answer = value.String()
	}
	r.pool <- rt
	if err != nil {
		return err
	}
	return json.Unmarshal([]byte(answer), out)
}

// callRules is r.call with its answer decoded into a T.
func callRules[T any](r *createRules, name string, in any) (T, error) {
	var out T
	err := r.call(name, in, &out)
	return out, err
}

// Plan is planCreateJson: an answer to send, a refusal, or the values and jobs to store.
func (r *createRules) Plan(req PlanRequest) (Plan, error) {
	return callRules[Plan](r, "planCreateJson", req)
}

// CheckSeats is checkSeatsJson: the seats refusal (as the rules wrote it) when the party does not fit, else nil.
func (r *createRules) CheckSeats(check SeatsCheck) (json.RawMessage, error) {
	var refusal json.RawMessage
	if err := r.call("checkSeatsJson", check, &refusal); err != nil {
		return nil, err
	}
	if string(refusal) == "null" {
		return nil, nil
	}
	return refusal, nil
}

// Refusal is refusalJson: a refusal's answer.
func (r *createRules) Refusal(req RefusalRequest) (Answer, error) {
	return callRules[Answer](r, "refusalJson", req)
}

// LineRefusal is lineRefusalJson: the refusal (as the rules wrote it) of a second live entry of
// one guest for the night `date`.
func (r *createRules) LineRefusal(date string) (json.RawMessage, error) {
	return callRules[json.RawMessage](r, "lineRefusalJson", map[string]string{"date": date})
}

// WaitlistEntryFacts is a live waitlist entry as the offer decision reads it (S.WaitlistEntryFacts).
type WaitlistEntryFacts struct {
	ID           string `json:"id"`
	PartySize    int    `json:"party_size"`
	Status       string `json:"status"`
	OfferExpires string `json:"offer_expires"`
	Created      string `json:"created"`
}

// OfferRequest is one night's offer pass at `Now` (an ISO instant).
type OfferRequest struct {
	Date    string               `json:"date"`
	Now     string               `json:"now"`
	Entries []WaitlistEntryFacts `json:"entries"`
	Row     SeatsRow             `json:"row"`
}

// OfferPlan is planOffersJson's decision: the entries whose hold ran out, those offered now, and
// the new holds' start and end.
type OfferPlan struct {
	Expire       []string `json:"expire"`
	Offer        []string `json:"offer"`
	OfferExpires string   `json:"offerExpires"`
	OfferedAt    string   `json:"offeredAt"`
}

// PlanOffers is planOffersJson.
func (r *createRules) PlanOffers(req OfferRequest) (OfferPlan, error) {
	return callRules[OfferPlan](r, "planOffersJson", req)
}
