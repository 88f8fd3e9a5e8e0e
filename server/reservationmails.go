package main

import (
	"fmt"
	"log"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/outbox"
)

// reservationMails saves a guest's change or cancellation of a reservation inside its write turn,
// with what the guest hears about it: the invitation's SEQUENCE goes up, the mail is queued in
// the same transaction (or folded into the update mail still waiting, as the bundle's
// planReservationMailJson decides), and freed seats go to the night's waitlist. The manage link
// (managelink.go) and the staff tablet's changes (staffchanges.go) both save with it.
type reservationMails struct {
	rules    *createRules
	template string
	// delay is how long an update mail waits for more changes (seconds), below the outbox's claim
	// lease so a waiting job is never taken for a claimed one.
	delay int
}

// maxUpdateDelaySeconds keeps the fold's wait well below outbox.LeaseSeconds.
const maxUpdateDelaySeconds = 300

// ReservationFacts is a reservation as the manage rules read it (hooks/create/manage.ts).
type ReservationFacts struct {
	EventName   string `json:"event_name"`
	EventDate   string `json:"event_date"`
	EventTime   string `json:"event_time"`
	PartySize   int    `json:"party_size"`
	Status      string `json:"status"`
	Name        string `json:"name"`
	Email       string `json:"email"`
	IcsSequence int    `json:"ics_sequence"`
}

// Told is what the guest was last told of a reservation: the fields an update mail shows, and its status.
type Told struct {
	PartySize int    `json:"party_size"`
	EventTime string `json:"event_time"`
	Status    string `json:"status"`
}

// waitingMail is the update mail still waiting for changes to fold into it.
type waitingMail struct {
	ID      string `db:"id" json:"-"`
	Payload string `db:"payload" json:"payload"`
}

// mailPlan is planReservationMailJson's reply.
type mailPlan struct {
	Jobs    []outbox.NewJob `json:"jobs"`
	Waiting *struct {
		Payload string `json:"payload"`
		Skip    string `json:"skip"`
	} `json:"waiting"`
}

func newReservationMails(rules *createRules) *reservationMails {
	return &reservationMails{rules: rules, template: rules.manage.updateTemplate, delay: updateMailDelay(rules.manage.updateDelayDefault)}
}

// updateMailDelay is UPDATE_MAIL_DELAY_SECONDS (0 and up; tests set 0), at most maxUpdateDelaySeconds.
func updateMailDelay(fallback int) int {
	delay := fallback
	if v := os.Getenv("UPDATE_MAIL_DELAY_SECONDS"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			delay = n
		} else {
			log.Printf("UPDATE_MAIL_DELAY_SECONDS=%q is not a whole number of seconds: using %d", v, fallback)
		}
	}
	return min(delay, maxUpdateDelaySeconds)
}

func reservationFactsOf(r *core.Record) ReservationFacts {
	return ReservationFacts{
		EventName: r.GetString("event_name"), EventDate: r.GetString("event_date"), EventTime: r.GetString("event_time"), PartySize: r.GetInt("party_size"),
		Status: r.GetString("status"), Name: r.GetString("name"), Email: r.GetString("email"), IcsSequence: r.GetInt("ics_sequence"),
	}
}

func toldOf(r *core.Record) Told {
	return Told{PartySize: r.GetInt("party_size"), EventTime: r.GetString("event_time"), Status: r.GetString("status")}
}

// saveChange saves `r`, whose party size, time or status the caller has changed (and checked,
// seats included), inside `tx`: SEQUENCE up, the update mail queued or folded, and a smaller
// party's seats offered. `before`: what the guest was told before the change.
func (m *reservationMails) saveChange(tx core.App, r *core.Record, before Told, now time.Time) error {
	r.Set("ics_sequence", r.GetInt("ics_sequence")+1)
	if err := tx.Save(r); err != nil {
		return err
	}
	if err := m.queue(tx, r, "updated", &before, now); err != nil {
		return err
	}
	if r.GetInt("party_size") < before.PartySize {
		_, err := offerFreedSeats(tx, m.rules, r.GetString("event_date"), now)
		return err
	}
	return nil
}

// cancel cancels `r` inside `tx`. The cancellation's .ics (METHOD:CANCEL) must outrank every
// invitation sent before it, so SEQUENCE goes up; its mail is queued, the waiting update settled,
// and the freed seats go to the night's waitlist (an offer with a hold).
func (m *reservationMails) cancel(tx core.App, r *core.Record, now time.Time) error {
	r.Set("status", "cancelled")
	r.Set("ics_sequence", r.GetInt("ics_sequence")+1)
	if err := tx.Save(r); err != nil {
		return err
	}
	if err := m.queue(tx, r, "cancelled", nil, now); err != nil {
		return err
	}
	_, err := offerFreedSeats(tx, m.rules, r.GetString("event_date"), now)
	return err
}

// queue asks the rules what the guest hears about the change (`kind`: updated or cancelled) and
// writes it: the new jobs, and the waiting update mail's new payload or its settlement as skipped.
func (m *reservationMails) queue(tx core.App, r *core.Record, kind string, before *Told, now time.Time) error {
	waiting, err := m.waitingUpdate(tx, r.Id, now)
	if err != nil {
		return err
	}
	plan, err := callRules[mailPlan](m.rules, "planReservationMailJson", map[string]any{
		"change": kind, "reservation": reservationFactsOf(r), "before": before, "waiting": waiting, "delay": m.delay,
	})
	if err != nil {
		return err
	}
	if plan.Waiting != nil {
		if waiting == nil {
			return fmt.Errorf("planReservationMailJson changed a waiting update mail of reservation %s that there is not", r.Id)
		}
		if err := m.settleWaiting(tx, waiting.ID, plan.Waiting.Payload, plan.Waiting.Skip, now); err != nil {
			return err
		}
	}
	return outbox.Enqueue(tx, "reservations", r.Id, plan.Jobs, now)
}

// waitingUpdate is the update mail of reservation `id` still waiting for more changes, or nil:
// pending and due within the delay. A job a worker has claimed is due a lease later
// (outbox.LeaseSeconds, well past the delay) and is left alone.
func (m *reservationMails) waitingUpdate(tx core.App, id string, now time.Time) (*waitingMail, error) {
	var found []waitingMail
	err := tx.DB().NewQuery("SELECT id, payload FROM outbox WHERE record_collection = 'reservations' AND record_id = {:rid} " +
		"AND template = {:t} AND status = 'pending' AND next_attempt_at <= {:latest} LIMIT 1").
		Bind(dbx.Params{"rid": id, "t": m.template, "latest": outbox.Stamp(now.Add(time.Duration(m.delay) * time.Second))}).
		All(&found)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return &found[0], nil
}

// settleWaiting writes the waiting update mail's new payload; with `skip`, it is settled as skipped, with why.
func (m *reservationMails) settleWaiting(tx core.App, id, payload, skip string, now time.Time) error {
	params := dbx.Params{"id": id, "payload": payload, "now": outbox.Stamp(now)}
	sql := "UPDATE outbox SET payload = {:payload}, updated = {:now} WHERE id = {:id}"
	if skip != "" {
		sql = "UPDATE outbox SET payload = {:payload}, status = 'skipped', last_error = {:why}, updated = {:now} WHERE id = {:id}"
		params["why"] = skip
	}
	_, err := tx.DB().NewQuery(sql).Bind(params).Execute()
	return err
}

// hooksMails is the one reservationMails of the process, made on first use: the update delay is
// read from the environment once.
func hooksMails(hooksDir string) (*reservationMails, error) {
	sharedMails.once.Do(func() {
		rules, err := rulesIn(hooksDir)
		if err != nil {
			sharedMails.err = err
			return
		}
		sharedMails.mails = newReservationMails(rules)
	})
	return sharedMails.mails, sharedMails.err
}

var sharedMails struct {
	once  sync.Once
	mails *reservationMails
	err   error
}
