package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The waitlist's links (issue 12; issue 33 moved them to Go): the on-screen acknowledgement by
// entry id, the page behind every mail link (by token), claiming a held table and leaving the
// line. Their rules are the bundle's (hooks/create/waitlist.ts: the claim's decision and the
// reservation it books, what a link shows); here are the reads and the write turns. Answers are
// never cached; errors are shaped like PocketBase's ({status, message, data}).
//
//	GET  /api/waitlist/entry/{id}    → { status, event_date, night, party_size, event_time, position, offer_expires, offered_at }
//	GET  /api/waitlist/{token}       → the same plus name
//	POST /api/waitlist/{token}/claim → { reservation } (exactly once); 409 offerExpired | notOffered | left | nightPassed | seats; 404
//	POST /api/waitlist/{token}/leave → the summary, status 'left' (idempotent); a held table is offered on
type waitlistLinks struct {
	rules    *createRules
	writes   *writeTurns
	notFound json.RawMessage
	token    *regexp.Regexp
	id       *regexp.Regexp
	live     map[string]bool
	position string
}

// claimedReservation is the claim's answer: the reservation, in the hooks' key order.
type claimedReservation struct {
	ID        string `json:"id"`
	PartySize int    `json:"party_size"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	EventDate string `json:"event_date"`
	EventTime string `json:"event_time"`
	EventName string `json:"event_name"`
	Source    string `json:"source"`
}

func registerWaitlistLinks(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		rules, err := rulesIn(hooksDir)
		if err != nil {
			return fmt.Errorf("waitlist links: %w", err)
		}
		l, err := newWaitlistLinks(rules, writes)
		if err != nil {
			return fmt.Errorf("waitlist links: %w", err)
		}
		// No JS VM serves them: they never wait at the hooks' gate.
		se.Router.GET("/api/waitlist/entry/{id}", l.entry).Unbind(hooksGateID)
		se.Router.GET("/api/waitlist/{token}", l.view).Unbind(hooksGateID)
		se.Router.POST("/api/waitlist/{token}/claim", l.claim).Unbind(hooksGateID)
		se.Router.POST("/api/waitlist/{token}/leave", l.leave).Unbind(hooksGateID)
		return se.Next()
	})
}

func newWaitlistLinks(rules *createRules, writes *writeTurns) (*waitlistLinks, error) {
	l := &waitlistLinks{rules: rules, writes: writes, notFound: rules.waitlist.notFound, position: rules.waitlist.positionSQL, live: map[string]bool{}}
	var err error
	if l.token, err = regexp.Compile(rules.waitlist.tokenPattern); err != nil {
		return nil, err
	}
	if l.id, err = regexp.Compile(rules.waitlist.idPattern); err != nil {
		return nil, err
	}
	for _, status := range rules.waitlist.liveStatuses {
		l.live[status] = true
	}
	return l, nil
}

// byToken is the entry behind a mail link, or nil.
func (l *waitlistLinks) byToken(app core.App, token string) *core.Record {
	return recordByLinkToken(app, l.token, "waitlist", "token", token)
}

// recordByLinkToken is the record of `collection` whose `field` is a mail link's token, or nil.
// A malformed token (not matching `shape`) is never looked up.
func recordByLinkToken(app core.App, shape *regexp.Regexp, collection, field, token string) *core.Record {
	if !shape.MatchString(token) {
		return nil
	}
	r, err := app.FindFirstRecordByData(collection, field, token)
	if err != nil {
		return nil
	}
	return r
}

func (l *waitlistLinks) entry(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	id := e.Request.PathValue("id")
	if !l.id.MatchString(id) {
		return e.JSON(404, l.notFound)
	}
	r, err := e.App.FindRecordById("waitlist", id)
	if err != nil {
		return e.JSON(404, l.notFound)
	}
	return l.answerSummary(e, e.App, r, false)
}

func (l *waitlistLinks) view(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	r := l.byToken(e.App, e.Request.PathValue("token"))
	if r == nil {
		return e.JSON(404, l.notFound)
	}
	return l.answerSummary(e, e.App, r, true)
}

func (l *waitlistLinks) answerSummary(e *core.RequestEvent, app core.App, r *core.Record, withName bool) error {
	summary, err := l.summary(app, r, withName)
	if err != nil {
		return err
	}
	return e.JSON(200, summary)
}

// summary is what an entry's links show (entrySummaryJson), with its place in line.
func (l *waitlistLinks) summary(app core.App, r *core.Record, withName bool) (json.RawMessage, error) {
	var row struct {
		Ahead int `db:"ahead"`
	}
	if l.live[r.GetString("status")] {
		params := dbx.Params{"date": r.GetString("event_date"), "created": r.GetString("created"), "id": r.Id}
		if err := app.DB().NewQuery(l.position).Bind(params).One(&row); err != nil {
			return nil, err
		}
	}
	return callRules[json.RawMessage](l.rules, "entrySummaryJson", map[string]any{"entry": entryOf(r), "ahead": row.Ahead, "withName": withName})
}

func entryOf(r *core.Record) WaitlistEntry {
	return WaitlistEntry{
		Status: r.GetString("status"), EventDate: r.GetString("event_date"), EventTime: r.GetString("event_time"), PartySize: r.GetInt("party_size"),
		Name: r.GetString("name"), Email: r.GetString("email"), Phone: r.GetString("phone"), Source: r.GetString("source"),
		OfferExpires: r.GetString("offer_expires"), OfferedAt: r.GetString("offered_at"),
	}
}

// claim: in one write turn (in line with the creates), the night's pass runs first (a hold that
// ran out expires now, not at the next minute), then a live hold becomes a reservation, checked
// against the seats with the hold's own seats counted as its own. Exactly once: a claimed entry
// answers the reservation it made.
func (l *waitlistLinks) claim(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	token := e.Request.PathValue("token")
	ua := e.Request.Header.Get("User-Agent")
	if len([]rune(ua)) > 500 {
		ua = string([]rune(ua)[:500])
	}
	request := map[string]string{"ip": e.RealIP(), "ua": ua}
	now := time.Now()
	var status int
	var answer any
	err := l.writes.run(func(tx core.App) error {
		status, answer = 404, l.notFound
		w := l.byToken(tx, token)
		if w == nil {
			return nil
		}
		if _, err := offerFreedSeats(tx, l.rules, w.GetString("event_date"), now); err != nil {
			return err
		}
		w, err := tx.FindRecordById("waitlist", w.Id)
		if err != nil {
			return err
		}
		row, err := seatsRow(tx, l.rules, w.GetString("event_date"), now)
		if err != nil {
			return err
		}
		plan, err := callRules[ClaimPlan](l.rules, "planClaimJson", map[string]any{"entry": entryOf(w), "row": row, "now": isoInstant(now), "request": request})
		if err != nil {
			return err
		}
		switch {
		case plan.Claimed:
			r, err := tx.FindRecordById("reservations", w.GetString("reservation"))
			if err != nil {
				return err
			}
			status, answer = 200, map[string]any{"reservation": reservationOf(r)}
		case plan.Refuse != nil:
			status, answer = 409, plan.Refuse
		case plan.Book != nil:
			r, err := l.book(tx, w, plan)
			if err != nil {
				return err
			}
			status, answer = 200, map[string]any{"reservation": reservationOf(r)}
		default:
			return fmt.Errorf("planClaimJson answered no decision for waitlist entry %s", w.Id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return e.JSON(status, answer)
}

// book stores the reservation the claim planned, its jobs, and the entry as claimed.
func (l *waitlistLinks) book(tx core.App, w *core.Record, plan ClaimPlan) (*core.Record, error) {
	collection, err := tx.FindCachedCollectionByNameOrId("reservations")
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(collection)
	r.Id = plan.Book.ID
	r.Load(plan.Book.Fields)
	if err := tx.Save(r); err != nil {
		return nil, err
	}
	if err := enqueueFromHooks(tx, "reservations", r.Id, string(plan.Book.Jobs)); err != nil {
		return nil, err
	}
	w.Load(map[string]any{"status": "claimed", "reservation": r.Id})
	return r, tx.Save(w)
}

func reservationOf(r *core.Record) claimedReservation {
	return claimedReservation{
		ID: r.Id, PartySize: r.GetInt("party_size"), Name: r.GetString("name"), Email: r.GetString("email"), Phone: r.GetString("phone"),
		EventDate: r.GetString("event_date"), EventTime: r.GetString("event_time"), EventName: r.GetString("event_name"), Source: r.GetString("source"),
	}
}

// leave: out of line (idempotent); a held table goes to the next party at once.
func (l *waitlistLinks) leave(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	token := e.Request.PathValue("token")
	var summary json.RawMessage
	err := l.writes.run(func(tx core.App) error {
		w := l.byToken(tx, token)
		if w == nil {
			return nil
		}
		if l.live[w.GetString("status")] {
			w.Set("status", "left")
			if err := tx.Save(w); err != nil {
				return err
			}
			if _, err := offerFreedSeats(tx, l.rules, w.GetString("event_date"), time.Now()); err != nil {
				return err
			}
		}
		var err error
		summary, err = l.summary(tx, w, true)
		return err
	})
	if err != nil {
		return err
	}
	if summary == nil {
		return e.JSON(404, l.notFound)
	}
	return e.JSON(200, summary)
}
