package main

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/outbox"
)

// PassResult is what an offer pass did: the entries whose hold expired, those offered.
type PassResult struct {
	Expired []string `json:"expired"`
	Offered []string `json:"offered"`
}

// offerFreedSeats is the waitlist's offer pass for one night at `now`, inside the caller's
// transaction `app` (issue 12; issue 33 moved it to Go): holds that ran out expire (the guest is
// mailed and leaves the line), then the earliest waiting parties that fit the seats left are
// offered a hold and mailed. The decision is the rules bundle's (S.planOffers, unit-tested);
// here are its reads and writes. Every entry change is a record save, so the staff dashboard
// follows the line in realtime.
func offerFreedSeats(app core.App, rules *createRules, date string, now time.Time) (PassResult, error) {
	done := PassResult{Expired: []string{}, Offered: []string{}}
	entries, err := app.FindRecordsByFilter("waitlist", "event_date = {:date} && (status = 'waiting' || status = 'offered')", "created,id", 0, 0, dbx.Params{"date": date})
	if err != nil || len(entries) == 0 {
		return done, err
	}
	req := OfferRequest{Date: date, Now: isoInstant(now), Entries: make([]WaitlistEntryFacts, len(entries))}
	byID := make(map[string]*core.Record, len(entries))
	for i, r := range entries {
		byID[r.Id] = r
		req.Entries[i] = WaitlistEntryFacts{ID: r.Id, PartySize: r.GetInt("party_size"), Status: r.GetString("status"), OfferExpires: r.GetString("offer_expires"), Created: r.GetString("created")}
	}
	if req.Row, err = seatsRow(app, rules, date, now); err != nil {
		return done, err
	}
	plan, err := rules.PlanOffers(req)
	if err != nil {
		return done, err
	}
	for _, id := range plan.Expire {
		if err := settle(app, byID[id], map[string]any{"status": "expired"}, "waitlist_expired", ""); err != nil {
			return done, err
		}
	}
	offer := map[string]any{"status": "offered", "offered_at": plan.OfferedAt, "offer_expires": plan.OfferExpires}
	for _, id := range plan.Offer {
		// Keyed by the round's instant: an entry offered again later gets that mail again.
		if err := settle(app, byID[id], offer, "waitlist_offer", plan.OfferedAt); err != nil {
			return done, err
		}
	}
	done.Expired, done.Offered = append(done.Expired, plan.Expire...), append(done.Offered, plan.Offer...)
	return done, nil
}

// settle saves one change of an entry and queues its mail.
func settle(app core.App, r *core.Record, values map[string]any, template, key string) error {
	r.Load(values)
	if err := app.Save(r); err != nil {
		return err
	}
	job := outbox.NewJob{Kind: outbox.KindMail, Template: template, Recipient: r.GetString("email"), Payload: "{}", Status: "pending", Key: key}
	return outbox.Enqueue(app, "waitlist", r.Id, []outbox.NewJob{job}, time.Now())
}

// isoInstant is an instant as JavaScript's toISOString writes it (the holds' offer_expires).
func isoInstant(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

// sharedRules is the public creates' rules bundle, loaded once per process: by the create path
// when the server starts, or by the hooks' first offer pass (a console command's too).
var sharedRules struct {
	once  sync.Once
	rules *createRules
	err   error
}

func rulesIn(hooksDir string) (*createRules, error) {
	sharedRules.once.Do(func() {
		sharedRules.rules, sharedRules.err = loadCreateRules(filepath.Join(hooksDir, "lib", "create-rules.js"), runtime.GOMAXPROCS(0))
	})
	return sharedRules.rules, sharedRules.err
}

// offersFromHooks is the hooks' $offerFreedSeats(app, date, nowIso): the pass above, its result as JSON.
func offersFromHooks(hooksDir string) func(app core.App, date, now string) (string, error) {
	return func(app core.App, date, now string) (string, error) {
		return passFromHooks(hooksDir, now, func(rules *createRules, at time.Time) (any, error) {
			return offerFreedSeats(app, rules, date, at)
		})
	}
}

// passFromHooks runs an offer pass the hooks asked for at `now` (an ISO instant, as the hooks
// write it) with the rules bundle, and answers its result as JSON.
func passFromHooks(hooksDir, now string, pass func(rules *createRules, at time.Time) (any, error)) (string, error) {
	rules, err := rulesIn(hooksDir)
	if err != nil {
		return "", err
	}
	at, err := time.Parse(time.RFC3339Nano, now)
	if err != nil {
		return "", err
	}
	done, err := pass(rules, at)
	if err != nil {
		return "", err
	}
	text, err := json.Marshal(done)
	return string(text), err
}
