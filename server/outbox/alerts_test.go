package outbox

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func alertTemplates(t *testing.T, w *Worker) []string {
	t.Helper()
	var templates []string
	if err := w.App.DB().NewQuery("SELECT template FROM outbox WHERE kind = 'alert' ORDER BY created, rowid").Column(&templates); err != nil {
		t.Fatal(err)
	}
	return templates
}

// A burst of failed guest mails is one incident; staff mails never open one; the next guest mail
// sent closes it, and a later failure opens a second one.
func TestOneIncidentPerOutageNotOnePerFailedMail(t *testing.T) {
	app := newApp(t)
	w := New(app, testConfig())
	var up atomic.Bool
	w.Mail = TransportFunc(func(context.Context, Job) Outcome {
		if up.Load() {
			return Outcome{Sent: true}
		}
		return Outcome{Err: errors.New("SMTP said 535: authentication failed")}
	})
	send := func(id, template string) {
		insert(t, app, row{id: id, template: template})
		jobs, err := claim(app, KindMail, time.Now(), 1, id)
		if err != nil || len(jobs) != 1 {
			t.Fatalf("claim %s: %v %v", id, jobs, err)
		}
		w.run(jobs[0])
	}

	send("staffcode000001", "staff_sign_in_code")
	if got := alertTemplates(t, w); len(got) != 0 {
		t.Fatalf("a staff mail opened an incident: %v", got)
	}
	for _, id := range []string{"guestmail000001", "guestmail000002", "guestmail000003"} {
		send(id, "reservation_confirmation")
	}
	if failing, since := MailFailing(app); !failing || since == "" {
		t.Fatalf("failing %v since %q", failing, since)
	}
	if got := alertTemplates(t, w); len(got) != 1 || got[0] != AlertMailFailing {
		t.Fatalf("alerts after three failures: %v", got)
	}

	up.Store(true)
	send("staffcode000002", "staff_sign_in_code") // a staff mail sent proves nothing about guests'
	if failing, _ := MailFailing(app); !failing {
		t.Fatal("a staff mail sent closed the incident")
	}
	send("guestmail000004", "waitlist_joined")
	send("guestmail000005", "reservation_confirmation")
	if failing, _ := MailFailing(app); failing {
		t.Fatal("still failing after a guest mail went out")
	}
	up.Store(false)
	send("guestmail000006", "reservation_cancelled")
	want := []string{AlertMailFailing, AlertMailRecovered, AlertMailFailing}
	if got := alertTemplates(t, w); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("alerts: %v, want %v", got, want)
	}
}

func TestTheWebhookGetsTextAndContentAndAnswersWithinItsTimeout(t *testing.T) {
	var body string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := make([]byte, 1000)
		n, _ := r.Body.Read(buf)
		body = string(buf[:n])
	}))
	defer hook.Close()
	t.Setenv("ALERT_WEBHOOK_URL", hook.URL)
	o := (&Webhook{Timeout: time.Second}).Send(context.Background(), Job{Payload: `{"text":"mail is failing"}`})
	if !o.Sent || body != `{"content":"mail is failing","text":"mail is failing"}` {
		t.Fatalf("outcome %+v, body %s", o, body)
	}

	slow := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { time.Sleep(2 * time.Second) }))
	defer slow.Close()
	t.Setenv("ALERT_WEBHOOK_URL", slow.URL)
	started := time.Now()
	o = (&Webhook{Timeout: 200 * time.Millisecond}).Send(context.Background(), Job{Payload: `{"text":"x"}`})
	if o.Err == nil || o.Err.Error() != "the alert webhook did not answer within 200ms" || time.Since(started) > time.Second {
		t.Fatalf("outcome %+v after %s", o, time.Since(started))
	}

	t.Setenv("ALERT_WEBHOOK_URL", "")
	if o := (&Webhook{Timeout: time.Second}).Send(context.Background(), Job{Payload: `{"text":"x"}`}); o.Skipped == "" {
		t.Fatalf("without the URL: %+v", o)
	}
}
