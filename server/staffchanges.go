package main

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The staff tablet's queued changes (issue 25; issue 33 moved them to Go): POST /api/admin/changes
// with {changes: [...]}, staff only (403 for anyone else), never cached. Each change is applied
// exactly once, in order, in its own write turn: its id is stored in staff_changes with its result
// in the transaction of its effect, and a change id found there is answered from the stored result
// (replayed) and changes nothing. An applied change that changed something adds its activity row
// in that same transaction. What a change does is the rules bundle's (hooks/create/staff-changes.ts:
// readChangesJson, readStaffChangeJson, planStaffChangeJson, settleStaffChangeJson); here are the
// reads, the writes and the turns. No JS VM is held through a turn.
type staffChanges struct {
	rules  *createRules
	writes *writeTurns
	mails  *reservationMails
}

// staffWho is who sends the changes: the actor and device of their activity rows.
type staffWho struct {
	Actor     string `json:"actor"`
	ActorName string `json:"actorName"`
	Device    string `json:"device"`
}

// staffChange is a change as the rules read it (S.SyncChange); Raw is all of it, handed back to them.
type staffChange struct {
	ID         string `json:"id"`
	Collection string `json:"collection"`
	Op         string `json:"op"`
	RecordID   string `json:"record_id"`
	MadeAt     string `json:"made_at"`
	Raw        json.RawMessage
}

// changeRead is readStaffChangeJson's reply: Result (a malformed change), or the change and the
// answer to give when its id is settled for another account.
type changeRead struct {
	Result json.RawMessage `json:"result"`
	Change json.RawMessage `json:"change"`
	Taken  json.RawMessage `json:"taken"`
}

// staffPlan is planStaffChangeJson's reply: exactly one of Result, Seats and Write.
type staffPlan struct {
	Result json.RawMessage `json:"result"`
	Seats  string          `json:"seats"`
	Write  *staffWrite     `json:"write"`
}

// staffWrite is the write a plan decided, on the change's record (hooks/create/staff-changes.ts Write).
type staffWrite struct {
	Op       string         `json:"op"`
	Fields   map[string]any `json:"fields"`
	Validate *bool          `json:"validate"`
	Save     string         `json:"save"`
	Told     *Told          `json:"told"`
	Offer    string         `json:"offer"`
}

// settled is settleStaffChangeJson's reply: the result, and the activity row's columns or nil.
type settled struct {
	Result   json.RawMessage `json:"result"`
	Activity map[string]any  `json:"activity"`
}

func registerStaffChanges(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		mails, err := hooksMails(hooksDir)
		if err != nil {
			return fmt.Errorf("staff changes: %w", err)
		}
		c := &staffChanges{rules: mails.rules, writes: writes, mails: mails}
		// No JS VM serves it: it never waits at the hooks' gate.
		se.Router.POST("/api/admin/changes", c.serve).Unbind(hooksGateID)
		return se.Next()
	})
}

func (c *staffChanges) serve(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	if !mayPull(e) {
		return e.JSON(403, c.rules.sync.notAdmin)
	}
	body, err := io.ReadAll(e.Request.Body)
	if err != nil {
		return err
	}
	var read struct {
		Error   string            `json:"error"`
		Who     staffWho          `json:"who"`
		Changes []json.RawMessage `json:"changes"`
	}
	device, _ := e.Get(deviceNameKey).(string)
	if err := c.rules.call("readChangesJson", map[string]any{"contentType": e.Request.Header.Get("Content-Type"), "body": string(body), "auth": authFactsOf(e.Auth), "device": device}, &read); err != nil {
		return err
	}
	if read.Error != "" {
		return e.JSON(400, map[string]any{"status": 400, "message": read.Error, "data": map[string]any{}})
	}
	results := []json.RawMessage{}
	for _, raw := range read.Changes {
		result, err := c.applyOne(raw, read.Who)
		if err != nil {
			// Not the change's fault (the database): the tablet sends the batch again, and what was applied answers replayed.
			log.Printf("staff change failed: %v", err)
			return e.JSON(503, map[string]any{"status": 503, "message": c.rules.sync.busy, "data": map[string]any{}, "results": results})
		}
		results = append(results, result)
	}
	return e.JSON(200, map[string]any{"results": results})
}

// authFactsOf is the signed-in account as the rules read it (lib/activity-entry.ts AuthFacts).
func authFactsOf(auth *core.Record) any {
	if auth == nil {
		return nil
	}
	return map[string]any{"collection": auth.Collection().Name, "id": auth.Id, "name": auth.GetString("name"), "email": auth.Email()}
}

// applyOne applies one change as sent and returns its result. A malformed change is refused
// without being stored, and never takes a write turn.
func (c *staffChanges) applyOne(raw json.RawMessage, who staffWho) (json.RawMessage, error) {
	read, err := callRules[changeRead](c.rules, "readStaffChangeJson", raw)
	if err != nil || read.Result != nil {
		return read.Result, err
	}
	change := staffChange{Raw: read.Change}
	if err := json.Unmarshal(read.Change, &change); err != nil {
		return nil, err
	}
	var result json.RawMessage
	err = c.writes.run(func(tx core.App) error {
		stored, err := storedChange(tx, change.ID, who.Actor, read.Taken)
		if err != nil || stored != nil {
			result = stored
			return err
		}
		result, err = c.settle(tx, change, who)
		return err
	})
	if err != nil {
		// Another send of the same id won the race to the row: its result is the answer.
		if stored, lookErr := storedChange(c.writes.app, change.ID, who.Actor, read.Taken); lookErr == nil && stored != nil {
			return stored, nil
		}
		return nil, err
	}
	return result, nil
}

// storedChange is the stored result of a settled change id, marked replayed; nil when the id is
// new. An id settled for another account is answered `taken` (refused), not with that account's
// result, and the change sent now is not applied.
func storedChange(app core.App, id, actor string, taken json.RawMessage) (json.RawMessage, error) {
	var row struct {
		UserID string `db:"user_id"`
		Result string `db:"result"`
	}
	err := app.DB().NewQuery("SELECT user_id, result FROM staff_changes WHERE id = {:id}").Bind(dbx.Params{"id": id}).One(&row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if row.UserID != actor {
		return taken, nil
	}
	var result map[string]any
	if err := json.Unmarshal([]byte(row.Result), &result); err != nil {
		return nil, fmt.Errorf("staff change %s: stored result: %w", id, err)
	}
	result["replayed"] = true
	return json.Marshal(result)
}

// settle plans the change on its stored record, makes its write, and stores its id with the result.
func (c *staffChanges) settle(tx core.App, change staffChange, who staffWho) (json.RawMessage, error) {
	now := time.Now()
	record, err := findRecord(tx, change.Collection, change.RecordID)
	if err != nil {
		return nil, err
	}
	before := c.shaped(change.Collection, record)
	ask := map[string]any{"change": change.Raw, "record": before, "now": isoInstant(now)}
	plan, err := callRules[staffPlan](c.rules, "planStaffChangeJson", ask)
	if err == nil && plan.Seats != "" {
		if ask["seats"], err = seatsRow(tx, c.rules, plan.Seats, now); err == nil {
			plan, err = callRules[staffPlan](c.rules, "planStaffChangeJson", ask)
		}
	}
	if err != nil {
		return nil, err
	}
	result := plan.Result
	if plan.Write != nil {
		if record, err = c.write(tx, change, record, *plan.Write, now); err != nil {
			return nil, err
		}
		done, err := callRules[settled](c.rules, "settleStaffChangeJson", map[string]any{"change": change.Raw, "before": before, "after": c.shaped(change.Collection, record), "who": who, "now": isoInstant(now)})
		if err != nil {
			return nil, err
		}
		if done.Activity != nil {
			if err := insertRecord(tx, "activity", "", done.Activity); err != nil {
				return nil, err
			}
		}
		result = done.Result
	}
	if result == nil {
		return nil, fmt.Errorf("planStaffChangeJson answered no decision for change %s", change.ID)
	}
	return result, storeChange(tx, change, who, result)
}

// write makes a plan's write on the change's record (`r`, nil when there is none) and returns the
// record as it now is (nil once deleted).
func (c *staffChanges) write(tx core.App, change staffChange, r *core.Record, w staffWrite, now time.Time) (*core.Record, error) {
	switch w.Op {
	case "delete":
		if r != nil {
			// The tombstone is written by the delete hook (hooks/register/staff_sync.pb.ts), in this transaction.
			return nil, tx.Delete(r)
		}
		return nil, nil
	case "create":
		if r != nil {
			return nil, fmt.Errorf("staff change %s: create of %s %s, which exists", change.ID, change.Collection, change.RecordID)
		}
		collection, err := tx.FindCachedCollectionByNameOrId(change.Collection)
		if err != nil {
			return nil, err
		}
		r = core.NewRecord(collection)
		r.Id = change.RecordID
		r.Load(w.Fields)
		if w.Validate != nil && !*w.Validate {
			return r, tx.SaveNoValidate(r)
		}
		return r, tx.Save(r)
	case "update":
		if r == nil {
			return nil, fmt.Errorf("staff change %s: update of %s %s, which is gone", change.ID, change.Collection, change.RecordID)
		}
		r.Load(w.Fields)
		var err error
		switch {
		case w.Save == "cancel":
			err = c.mails.cancel(tx, r, now)
		case w.Save == "change" && w.Told != nil:
			err = c.mails.saveChange(tx, r, *w.Told, now)
		default:
			err = tx.Save(r)
		}
		if err == nil && w.Offer != "" {
			_, err = offerFreedSeats(tx, c.rules, w.Offer, now)
		}
		return r, err
	}
	return nil, fmt.Errorf("staff change %s: no write %q", change.ID, w.Op)
}

// findRecord is the record, or nil when there is none.
func findRecord(app core.App, collection, id string) (*core.Record, error) {
	r, err := app.FindRecordById(collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// shaped is a record as the tablet keeps it (the id and its collection's sync shape, typed), or nil.
func (c *staffChanges) shaped(collection string, r *core.Record) map[string]any {
	if r == nil {
		return nil
	}
	out := map[string]any{"id": r.Id}
	for _, f := range c.rules.sync.shapes[collection] {
		switch f.kind {
		case "i":
			out[f.name] = r.GetInt(f.name)
		case "b":
			out[f.name] = r.GetBool(f.name)
		default:
			out[f.name] = r.GetString(f.name)
		}
	}
	return out
}

// insertRecord saves a new record of `collection` (with id `id` when given) in `tx`.
func insertRecord(tx core.App, collection, id string, fields map[string]any) error {
	c, err := tx.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	row := core.NewRecord(c)
	if id != "" {
		row.Id = id
	}
	row.Load(fields)
	return tx.Save(row)
}

// storeChange settles the change id with its result, in the transaction of its effect.
func storeChange(tx core.App, change staffChange, who staffWho, result json.RawMessage) error {
	var outcome struct {
		Outcome string `json:"outcome"`
	}
	if err := json.Unmarshal(result, &outcome); err != nil {
		return err
	}
	return insertRecord(tx, "staff_changes", change.ID, map[string]any{
		"change_collection": change.Collection, "record_id": change.RecordID, "op": change.Op, "outcome": outcome.Outcome,
		"made_at": change.MadeAt, "user_id": who.Actor, "result": result,
	})
}
