package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"venue/server/outbox"
)

// publicCreates serves the public creates of reservations, waitlist entries, inquiries,
// influencer applications and pass confirmations (issue 33): the rules are TypeScript
// (hooks/lib/create-plan.ts, called through createRules), the I/O is here: the body, the schedule
// and seats queries, the write turn with its checks, insert and outbox jobs (and a waitlist
// entry's offer pass, server/offers.go), the answer. No JS VM is held while a create waits for
// its write turn, and none runs at all for the insert.
//
// A staff account's create goes through the activity log's hook first (hooks/lib/activity-log.ts
// wraps the write and its activity row in one transaction); `last` then serves it inside that
// transaction. Everyone else's (a guest, a signed-up non-admin, a superuser) is served by `first`.
type publicCreates struct {
	rules  *createRules
	writes *writeTurns
	events eventsCache
}

// errRefusedInTurn ends a write turn whose check refused the create (no seats, already waiting): it wrote nothing.
var errRefusedInTurn = errors.New("refused in its write turn")

func registerPublicCreates(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		rules, err := rulesIn(hooksDir)
		if err != nil {
			return fmt.Errorf("public creates: %w", err)
		}
		c := &publicCreates{rules: rules, writes: writes}
		c.events.bind(se.App)
		// Before the hooks' handlers (priority 0), and after them for a staff account's create.
		se.App.OnRecordCreateRequest(rules.collections...).Bind(&hook.Handler[*core.RecordRequestEvent]{Id: "venuePublicCreate", Priority: -100, Func: c.first})
		se.App.OnRecordCreateRequest(rules.collections...).Bind(&hook.Handler[*core.RecordRequestEvent]{Id: "venueStaffCreate", Priority: 100, Func: c.serve})
		return se.Next()
	})
}

func (c *publicCreates) first(e *core.RecordRequestEvent) error {
	if e.Auth != nil && e.Auth.Collection().Name == "users" && isStaff(e.App, e.Auth.Id) {
		return e.Next()
	}
	return c.serve(e)
}

func (c *publicCreates) serve(e *core.RecordRequestEvent) error {
	req, err := c.planRequest(e)
	if err != nil {
		return err
	}
	plan, err := c.rules.Plan(req)
	if err != nil {
		return fmt.Errorf("planning the create: %w", err)
	}
	switch {
	case plan.Answer != nil:
		if plan.Honeypot {
			e.App.Logger().Info("honeypot field filled; create ignored", "collection", req.Collection, "ip", req.Facts.Request.IP)
		}
		return sendAnswer(e, *plan.Answer)
	case plan.Store != nil:
		return c.store(e, plan)
	default:
		var seats *SeatsCheck
		if plan.SeatsAlso != nil {
			row, err := seatsRow(e.App, c.rules, plan.SeatsAlso.Date, time.Now())
			if err != nil {
				return err
			}
			seats = &SeatsCheck{SeatsWanted: *plan.SeatsAlso, Row: row}
		}
		return c.refuse(e, plan.LookupID, RefusalRequest{Refusal: plan.Refuse, Seats: seats})
	}
}

// planRequest reads what the rules need: the body as sent (server/bodies.go left it re-readable),
// the fields it marked out of range, the schedule and who asked.
func (c *publicCreates) planRequest(e *core.RecordRequestEvent) (PlanRequest, error) {
	body, err := io.ReadAll(e.Request.Body)
	if err != nil {
		return PlanRequest{}, err
	}
	req := PlanRequest{
		Collection:   e.Collection.Name,
		CollectionID: e.Collection.Id,
		ContentType:  e.Request.Header.Get("Content-Type"),
		Body:         string(body),
		Facts: CreateFacts{
			Request: RequestFacts{IP: e.RealIP(), UA: e.Request.Header.Get("User-Agent"), Referer: e.Request.Header.Get("Referer")},
		},
	}
	if marks, ok := e.Get(outOfRangeKey).(string); ok && marks != "" {
		if err := json.Unmarshal([]byte(marks), &req.OutOfRange); err != nil {
			return req, err
		}
	}
	if req.Collection == "reservations" || req.Collection == "waitlist" {
		req.Facts.Events, req.Facts.OpenTables, err = c.schedule(e.App, eventNameOf(body))
	}
	return req, err
}

// eventNameOf is the body's event_name when it is text (” otherwise: the rules refuse it).
func eventNameOf(body []byte) string {
	var named struct {
		EventName any `json:"event_name"`
	}
	if json.Unmarshal(body, &named) != nil {
		return ""
	}
	name, _ := named.EventName.(string)
	return name
}

// eventRow is an events row as schedule reads it.
type eventRow struct {
	Title      string  `db:"title"`
	Time       string  `db:"time"`
	Kind       string  `db:"kind"`
	Weekday    float64 `db:"weekday"`
	Date       string  `db:"date"`
	OpenTables bool    `db:"open_tables"`
}

// eventsCache keeps the active events (a few dozen rows) for the reservations' schedule check:
// read once, dropped whenever an events record is written. Reading them took a fifth of a
// create's server CPU (a statement prepared anew each time).
type eventsCache struct {
	mu         sync.Mutex
	rows       []eventRow
	generation int // bumped by every drop: a read begun before one is not kept
	loaded     bool
}

func (c *eventsCache) drop() {
	c.mu.Lock()
	c.generation++
	c.loaded = false
	c.rows = nil
	c.mu.Unlock()
}

func (c *eventsCache) get(app core.App) ([]eventRow, error) {
	c.mu.Lock()
	rows, loaded, generation := c.rows, c.loaded, c.generation
	c.mu.Unlock()
	if loaded {
		return rows, nil
	}
	if err := app.DB().NewQuery("SELECT title, time, kind, weekday, date, open_tables FROM events WHERE active = TRUE ORDER BY sort_order").All(&rows); err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.generation == generation {
		c.rows, c.loaded = rows, true
	}
	c.mu.Unlock()
	return rows, nil
}

// bind drops the cache after every committed write of an events record.
func (c *eventsCache) bind(app core.App) {
	drop := func(e *core.RecordEvent) error {
		c.drop()
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess("events").BindFunc(drop)
	app.OnRecordAfterUpdateSuccess("events").BindFunc(drop)
	app.OnRecordAfterDeleteSuccess("events").BindFunc(drop)
}

// schedule is what the reservations' checks read of the events: the active ones titled `name`
// and the active weekly open-tables entries (a walk-in's own arrival time).
func (c *publicCreates) schedule(app core.App, name string) ([]ScheduledEvent, []ScheduleRow, error) {
	rows, err := c.events.get(app)
	if err != nil {
		return nil, nil, err
	}
	// The schedule check matches the name without its outer spaces (S.checkScheduledEvent).
	title := strings.TrimSpace(name)
	named, open := []ScheduledEvent{}, []ScheduleRow{}
	for _, r := range rows {
		if r.Title == title {
			named = append(named, ScheduledEvent{Title: r.Title, Time: r.Time, Kind: r.Kind, Weekday: int(r.Weekday), Date: r.Date})
		}
		if r.Kind == "weekly" && r.OpenTables {
			open = append(open, ScheduleRow{Kind: "weekly", Weekday: int(r.Weekday), Time: r.Time, OpenTables: true})
		}
	}
	return named, open, nil
}

// store writes an accepted create in its write turn: the seats check (board game night), the
// record and its outbox jobs, committed together; the answer goes out once they are.
func (c *publicCreates) store(e *core.RecordRequestEvent, plan Plan) error {
	p := plan.Store
	record := e.Record
	record.Load(p.Fields)
	record.Id = p.ID
	var refusal json.RawMessage
	duplicate := false
	err := c.inTurn(e.App, func(tx core.App) error {
		// A retry of a stored create is answered before any INSERT. A failing INSERT opens a
		// statement journal, FTS5 flushes the batch's pending search rows into it, total_changes
		// moves, and the write turn must then read this turn as having written and roll the whole
		// batch back: every guest's create in it (server/writeturn.go, tests/api/retries-in-a-burst).
		if taken, err := idTaken(tx, record.Collection().Name, p.ID); err != nil || taken {
			duplicate = taken
			return cmp.Or(err, errRefusedInTurn)
		}
		var err error
		if refusal, err = c.refusalBeforeInsert(tx, p); err != nil {
			return err
		} else if refusal != nil {
			return errRefusedInTurn // nothing written: the other turns of the batch commit
		}
		if err := tx.Save(record); err != nil {
			return e.BadRequestError("Failed to create record", err)
		}
		if err := outbox.Enqueue(tx, record.Collection().Name, record.Id, p.Jobs, time.Now()); err != nil {
			return err
		}
		if p.Line == nil {
			return nil
		}
		// A night that has room offers at once, in the same transaction.
		_, err = offerFreedSeats(tx, c.rules, p.Line.Date, time.Now())
		return err
	})
	if duplicate {
		return e.JSON(400, c.rules.duplicate)
	}
	if refusal != nil {
		return c.refuse(e, plan.LookupID, RefusalRequest{Refusal: refusal})
	}
	if err != nil {
		return err
	}
	if err := apis.EnrichRecord(e.RequestEvent, record); err != nil {
		return e.InternalServerError("Failed to enrich record", err)
	}
	return e.JSON(200, record)
}

// idTaken tells whether `table` already holds a record `id` (a plain read: no statement journal).
func idTaken(tx core.App, table, id string) (bool, error) {
	var found []int
	err := tx.NonconcurrentDB().NewQuery("SELECT 1 FROM {{" + table + "}} WHERE id = {:id} LIMIT 1").Bind(dbx.Params{"id": id}).Column(&found)
	return len(found) > 0, err
}

// refusalBeforeInsert is what the insert's transaction checks first: a board game night's seats
// (the party must fit), a waitlist entry's line (one live entry per guest and night).
func (c *publicCreates) refusalBeforeInsert(tx core.App, p *StorePlan) (json.RawMessage, error) {
	if p.Seats != nil {
		row, err := seatsRow(tx, c.rules, p.Seats.Date, time.Now())
		if err != nil {
			return nil, err
		}
		return c.rules.CheckSeats(SeatsCheck{SeatsWanted: *p.Seats, Row: row})
	}
	if p.Line != nil {
		var ids []string
		if err := tx.DB().NewQuery(c.rules.lineSQL).Bind(dbx.Params{"date": p.Line.Date, "email": p.Line.Email}).Column(&ids); err != nil || len(ids) == 0 {
			return nil, err
		}
		return c.rules.LineRefusal(p.Line.Date)
	}
	return nil, nil
}

// inTurn runs fn in a write turn (server/writeturn.go), or in `app` when it is already a
// transaction (a staff account's create, inside the activity log's).
func (c *publicCreates) inTurn(app core.App, fn func(tx core.App) error) error {
	if app.IsTransactional() {
		return fn(app)
	}
	return c.writes.run(fn)
}

// seatsRow is one night's seats at `now` (SEATS_ON_SQL, from the rules bundle: the hooks' own).
func seatsRow(app core.App, rules *createRules, date string, now time.Time) (SeatsRow, error) {
	params := dbx.Params{"date": date, "now": isoInstant(now)}
	for k, v := range rules.seatsParams {
		params[k] = v
	}
	var row SeatsRow
	err := app.DB().NewQuery(rules.seatsSQL).Bind(params).One(&row)
	return row, err
}

// refuse answers a refusal, unless the body's id is already stored: a retry of an accepted create
// gets PocketBase's duplicate answer, never a refusal its device would show the guest.
func (c *publicCreates) refuse(e *core.RecordRequestEvent, lookupID string, req RefusalRequest) error {
	if lookupID != "" {
		if _, err := e.App.FindRecordById(e.Collection, lookupID); err == nil {
			return e.JSON(400, c.rules.duplicate)
		}
	}
	answer, err := c.rules.Refusal(req)
	if err != nil {
		return err
	}
	return sendAnswer(e, answer)
}

// sendAnswer sends an answer the rules wrote, as the hooks' e.json sent it (object keys in order).
func sendAnswer(e *core.RecordRequestEvent, answer Answer) error {
	var body any
	if err := json.Unmarshal(answer.Body, &body); err != nil {
		return err
	}
	return e.JSON(answer.Status, body)
}

// enqueueFromHooks is the hooks' $outboxEnqueue: jobRows is lib/jobs.ts JobRow[] as JSON.
func enqueueFromHooks(app core.App, recordCollection, recordID, jobRows string) error {
	var jobs []outbox.NewJob
	if err := json.Unmarshal([]byte(jobRows), &jobs); err != nil {
		return err
	}
	return outbox.Enqueue(app, recordCollection, recordID, jobs, time.Now())
}
