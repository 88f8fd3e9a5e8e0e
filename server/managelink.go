package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// The manage link (issue 12; issue 33 moved it to Go): the reservation behind a guest's mail link,
// its cancellation and its changes of party size or arrival time. The rules are the bundle's
// (hooks/create/manage.ts: what a link shows, whether a change or a cancellation is taken, the
// guest's mail about it); here are the reads and the write turns. Answers are never cached; errors
// are shaped like PocketBase's ({status, message, data}).
//
//	GET  /api/reservations/cancel/{token} → the reservation's summary; 404
//	POST /api/reservations/cancel/{token} → cancels (idempotent), frees the seats, mails; 409 cancelTooLate; 404
//	POST /api/reservations/manage/{token} → { party_size?, event_time? }: the summary; 400 field words or
//	                                         nothingChanged; 409 changeTooLate; 415; 404
type manageLink struct {
	rules    *createRules
	writes   *writeTurns
	mails    *reservationMails
	notFound json.RawMessage
	token    *regexp.Regexp
}

// changePlan is planChangeJson's reply: exactly one of Answer, BodyOK and Change is set.
type changePlan struct {
	Answer *Answer `json:"answer"`
	BodyOK bool    `json:"bodyOk"`
	Change *struct {
		PartySize int    `json:"party_size"`
		EventTime string `json:"event_time"`
	} `json:"change"`
	Summary json.RawMessage `json:"summary"`
}

// cancelPlan is planCancelJson's reply: an Answer, or Cancel with the summary to answer.
type cancelPlan struct {
	Answer  *Answer         `json:"answer"`
	Cancel  bool            `json:"cancel"`
	Summary json.RawMessage `json:"summary"`
}

// sentBody is a request's body as the manage rules read it (hooks/create/manage.ts SentBody).
type sentBody struct {
	ContentType string         `json:"contentType"`
	Body        string         `json:"body"`
	OutOfRange  map[string]int `json:"outOfRange"`
}

func registerManageLink(app core.App, hooksDir string, writes *writeTurns) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// The same saves (and update delay) as the staff tablet's changes through the hooks.
		mails, err := hooksMails(hooksDir)
		if err != nil {
			return fmt.Errorf("manage link: %w", err)
		}
		rules := mails.rules
		token, err := regexp.Compile(rules.waitlist.tokenPattern)
		if err != nil {
			return fmt.Errorf("manage link: %w", err)
		}
		l := &manageLink{rules: rules, writes: writes, mails: mails, notFound: rules.manage.notFound, token: token}
		// No JS VM serves them: they never wait at the hooks' gate.
		se.Router.GET("/api/reservations/cancel/{token}", l.view).Unbind(hooksGateID)
		se.Router.POST("/api/reservations/cancel/{token}", l.cancel).Unbind(hooksGateID)
		se.Router.POST("/api/reservations/manage/{token}", l.change).Unbind(hooksGateID)
		return se.Next()
	})
}

// byToken is the reservation behind a mail link, or nil.
func (l *manageLink) byToken(app core.App, token string) *core.Record {
	return recordByLinkToken(app, l.token, "reservations", "cancel_token", token)
}

func (l *manageLink) view(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	r := l.byToken(e.App, e.Request.PathValue("token"))
	if r == nil {
		return e.JSON(404, l.notFound)
	}
	summary, err := callRules[json.RawMessage](l.rules, "reservationSummaryJson", map[string]any{"reservation": reservationFactsOf(r), "now": isoInstant(time.Now())})
	if err != nil {
		return err
	}
	return e.JSON(200, summary)
}

// cancel: in one write turn, the reservation is cancelled with its SEQUENCE raised, its mail
// queued and its seats offered to the night's waitlist (cancelReservation).
func (l *manageLink) cancel(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	token := e.Request.PathValue("token")
	if !l.token.MatchString(token) {
		return e.JSON(404, l.notFound)
	}
	status, answer := 404, any(l.notFound)
	err := l.writes.run(func(tx core.App) error {
		r := l.byToken(tx, token)
		if r == nil {
			return nil
		}
		now := time.Now()
		plan, err := callRules[cancelPlan](l.rules, "planCancelJson", map[string]any{"reservation": reservationFactsOf(r), "now": isoInstant(now)})
		if err != nil {
			return err
		}
		if plan.Answer != nil {
			status, answer = plan.Answer.Status, plan.Answer.Body
			return nil
		}
		if !plan.Cancel {
			return fmt.Errorf("planCancelJson answered no decision for reservation %s", r.Id)
		}
		status, answer = 200, plan.Summary
		return l.mails.cancel(tx, r, now)
	})
	if err != nil {
		return err
	}
	return e.JSON(status, answer)
}

// change: the body is read first (a malformed one never waits for a write turn); then, in one
// write turn, the change is checked against the reservation and its night's seats, and written
// with its SEQUENCE raised and the guest's update mail queued or folded (saveChange).
func (l *manageLink) change(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	body, err := io.ReadAll(e.Request.Body)
	if err != nil {
		return err
	}
	sent := sentBody{ContentType: e.Request.Header.Get("Content-Type"), Body: string(body)}
	if marks, ok := e.Get(outOfRangeKey).(string); ok && marks != "" {
		if err := json.Unmarshal([]byte(marks), &sent.OutOfRange); err != nil {
			return err
		}
	}
	read, err := callRules[changePlan](l.rules, "planChangeJson", map[string]any{"sent": sent, "now": isoInstant(time.Now())})
	if err != nil {
		return err
	}
	if read.Answer != nil {
		return e.JSON(read.Answer.Status, read.Answer.Body)
	}
	token := e.Request.PathValue("token")
	if !l.token.MatchString(token) {
		return e.JSON(404, l.notFound)
	}
	status, answer := 404, any(l.notFound)
	err = l.writes.run(func(tx core.App) error {
		r := l.byToken(tx, token)
		if r == nil {
			return nil
		}
		now := time.Now()
		row, err := seatsRow(tx, l.rules, r.GetString("event_date"), now)
		if err != nil {
			return err
		}
		plan, err := callRules[changePlan](l.rules, "planChangeJson", map[string]any{"sent": sent, "reservation": reservationFactsOf(r), "row": row, "now": isoInstant(now)})
		if err != nil {
			return err
		}
		if plan.Answer != nil {
			status, answer = plan.Answer.Status, plan.Answer.Body
			return nil
		}
		if plan.Change == nil {
			return fmt.Errorf("planChangeJson answered no decision for reservation %s", r.Id)
		}
		before := toldOf(r)
		r.Set("party_size", plan.Change.PartySize)
		r.Set("event_time", plan.Change.EventTime)
		status, answer = 200, plan.Summary
		return l.mails.saveChange(tx, r, before, now)
	})
	if err != nil {
		return err
	}
	return e.JSON(status, answer)
}

// manageExports are the bundle's constants the manage link reads (hooks/create/manage.ts).
type manageExports struct {
	notFound           json.RawMessage
	updateTemplate     string
	updateDelayDefault int
}

func readManageExports(exports *goja.Object) (manageExports, error) {
	out := manageExports{updateTemplate: exports.Get("UPDATE_MAIL_TEMPLATE").String(), updateDelayDefault: int(exports.Get("UPDATE_MAIL_DELAY_DEFAULT").ToInteger())}
	notFound, err := json.Marshal(exports.Get("MANAGE_NOT_FOUND").Export())
	if err != nil {
		return out, err
	}
	out.notFound = notFound
	if string(out.notFound) == "null" || out.updateTemplate == "undefined" || out.updateDelayDefault <= 0 {
		return out, fmt.Errorf("no manage link exports (MANAGE_NOT_FOUND, UPDATE_MAIL_TEMPLATE, UPDATE_MAIL_DELAY_DEFAULT)")
	}
	return out, nil
}
