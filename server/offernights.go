package main

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The waitlist's pass over every night with a live line (issue 33 moved it to Go): the
// every-minute cron that expires holds and offers their seats on, the hooks' pass after a change
// of the default capacity, and the superusers' /api/waitlist/offers/run.

// liveNightsSQL is every night whose line is live at {:tonight}: the waiting lines of tonight and
// later, and any hold still marked offered (a past night's hold expires too).
const liveNightsSQL = "SELECT DISTINCT event_date FROM waitlist WHERE status = 'offered' OR (status = 'waiting' AND event_date >= {:tonight}) ORDER BY event_date"

// AllNightsResult is what a pass over every live night did.
type AllNightsResult struct {
	Nights int `json:"nights"`
	PassResult
}

// VenueNight is venueNightJson: the venue's night at `now` (after midnight, still the evening before).
func (r *createRules) VenueNight(now time.Time) (string, error) {
	out, err := callRules[struct {
		Night string `json:"night"`
	}](r, "venueNightJson", map[string]string{"now": isoInstant(now)})
	return out.Night, err
}

// offerAllNights runs the offer pass (offers.go) for every live night at `now`, inside the
// caller's transaction `app`. It catches seats freed by a path that does not run the pass itself
// (a staff delete) within the cron's minute.
func offerAllNights(app core.App, rules *createRules, now time.Time) (AllNightsResult, error) {
	done := AllNightsResult{PassResult: PassResult{Expired: []string{}, Offered: []string{}}}
	tonight, err := rules.VenueNight(now)
	if err != nil {
		return done, err
	}
	var nights []string
	if err := app.DB().NewQuery(liveNightsSQL).Bind(dbx.Params{"tonight": tonight}).Column(&nights); err != nil {
		return done, err
	}
	done.Nights = len(nights)
	for _, night := range nights {
		pass, err := offerFreedSeats(app, rules, night, now)
		if err != nil {
			return done, err
		}
		done.Expired = append(done.Expired, pass.Expired...)
		done.Offered = append(done.Offered, pass.Offered...)
	}
	return done, nil
}

// registerWaitlistExpiry adds the every-minute pass (serve only), in a write turn of its own.
func registerWaitlistExpiry(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.App.Cron().MustAdd("venue_waitlist_expiry", "* * * * *", func() {
			rules, err := rulesIn(hooksDir)
			var done AllNightsResult
			if err == nil {
				err = writes.run(func(tx core.App) error {
					done, err = offerAllNights(tx, rules, time.Now())
					return err
				})
			}
			if err != nil {
				se.App.Logger().Error("waitlist pass", "error", err.Error())
			} else if len(done.Expired)+len(done.Offered) > 0 {
				se.App.Logger().Info("waitlist pass", "expired", len(done.Expired), "offered", len(done.Offered))
			}
		})
		return se.Next()
	})
}
