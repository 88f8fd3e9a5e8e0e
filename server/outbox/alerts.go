package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// KindAlert jobs post to ALERT_WEBHOOK_URL (Slack, Discord or any incoming webhook) from a lane
// of their own: a slow webhook never holds up a guest's mail or a Meta conversion.
const KindAlert = "alert"

// The two alerts of a guest-mail incident. The latest alert job is also the incident's state:
// mail is failing while it is AlertMailFailing (its `created` is when the incident began).
const (
	AlertMailFailing   = "mail_failing"
	AlertMailRecovered = "mail_recovered"
)

// staffTemplates are the mail templates sent to staff, not guests: their failure is no incident
// for the banner (a staff member trying to sign in sees it at once), and their success does not
// prove guests get their mail again.
var staffTemplates = []string{"staff_sign_in_code", "inquiry_staff", "influencer_staff", "system_test_mail"}

// GuestMailWhere is the SQL condition for guest-facing mail jobs (the banner's and the System
// view's "guests' mail"); it binds nothing.
var GuestMailWhere = func() string {
	list := ""
	for i, t := range staffTemplates {
		if i > 0 {
			list += ", "
		}
		list += "'" + t + "'"
	}
	return "kind = 'mail' AND template NOT IN (" + list + ")"
}()

func isGuestMail(job Job) bool {
	if job.Kind != KindMail {
		return false
	}
	for _, t := range staffTemplates {
		if job.Template == t {
			return false
		}
	}
	return true
}

// MailFailing reports whether guests' mail is failing: the latest alert job opened an incident.
// since is when (the alert job's creation); one indexed look-up, cheap enough for every poll.
func MailFailing(app core.App) (failing bool, since string) {
	var latest struct {
		Template string `db:"template"`
		Created  string `db:"created"`
	}
	err := app.ConcurrentDB().NewQuery("SELECT template, created FROM outbox WHERE kind = 'alert' ORDER BY created DESC, rowid DESC LIMIT 1").One(&latest)
	if err != nil || latest.Template != AlertMailFailing {
		return false, ""
	}
	return true, latest.Created
}

// noteGuestMail opens an incident at a guest mail's failed attempt and closes it at a guest mail
// sent, each by queueing one alert job. Called by the lane that recorded the attempt, never by a
// request. A read first: a healthy send (the usual case) costs no write turn. The write itself
// checks again in the same statement, so two lanes failing at once open one incident.
func noteGuestMail(app core.App, job Job, o Outcome) {
	if !isGuestMail(job) || o.Skipped != "" {
		return
	}
	failing, since := MailFailing(app)
	switch {
	case !o.Sent && !failing:
		text := fmt.Sprintf("Guests' mail is failing at %s: %s. Confirmations wait in the outbox and are retried. Details: %s/admin/dashboard?view=system",
			siteHost(), ErrorText(o.Err), SiteURL())
		queueAlert(app, job, AlertMailFailing, "", text)
	case o.Sent && failing:
		text := fmt.Sprintf("Guests' mail is going out again at %s (it was failing since %s UTC).", siteHost(), since)
		queueAlert(app, job, AlertMailRecovered, AlertMailFailing, text)
	}
}

// queueAlert inserts an alert job unless the latest alert already is `template` (prev: the
// latest must be that one; "" also allows none).
func queueAlert(app core.App, cause Job, template, prev, text string) {
	payload, _ := json.Marshal(map[string]string{"text": text})
	now := Stamp(time.Now())
	latest := "(SELECT template FROM outbox WHERE kind = 'alert' ORDER BY created DESC, rowid DESC LIMIT 1)"
	cond := "COALESCE(" + latest + ", '') != {:template}"
	if prev != "" {
		cond = latest + " = {:prev}"
	}
	_, err := app.NonconcurrentDB().NewQuery(
		"INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, job_key, status, attempts, " +
			"next_attempt_at, last_error, sent_at, claimed_at, created, updated) SELECT {:id}, 'alert', {:template}, '', {:payload}, " +
			"'outbox', {:cause}, {:id}, 'pending', 0, {:now}, '', '', '', {:now}, {:now} WHERE " + cond).
		Bind(dbx.Params{"id": security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"), "template": template, "prev": prev,
			"payload": string(payload), "cause": cause.ID, "now": now}).Execute()
	if err != nil {
		app.Logger().Error("outbox: could not queue the mail alert", "template", template, "error", err.Error())
	}
}

// Webhook posts alert jobs to ALERT_WEBHOOK_URL as {"text", "content"}: Slack reads text,
// Discord content. Without the URL an alert is kept as skipped, so the incident stays recorded.
type Webhook struct {
	Timeout time.Duration
	Client  *http.Client
}

func (w *Webhook) Send(ctx context.Context, job Job) Outcome {
	url := os.Getenv("ALERT_WEBHOOK_URL")
	if url == "" {
		return Outcome{Skipped: "ALERT_WEBHOOK_URL is not set: the alert is kept here only"}
	}
	var payload struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal([]byte(orEmptyObject(job.Payload)), &payload); err != nil || payload.Text == "" {
		return Outcome{Skipped: "the alert has no text"}
	}
	body, _ := json.Marshal(map[string]string{"text": payload.Text, "content": payload.Text})
	return postJSON(ctx, w.Client, w.Timeout, "the alert webhook", url, body)
}
