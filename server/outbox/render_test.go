package outbox

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var buildRulesOnce sync.Once

// loadBundle is the renderer bundle `npm run build:rules` writes, built from hooks/ first: a test
// never runs against a stale bundle, and never skips for a missing one.
func loadBundle(t *testing.T) *Bundle {
	t.Helper()
	buildRulesOnce.Do(func() {
		build := exec.Command("node", "scripts/build-rules.mjs", "--quiet")
		build.Dir = filepath.Join("..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building the rules bundles: %v\n%s", err, out)
		}
	})
	b, err := LoadBundle(filepath.Join("..", "..", "pb_hooks", "lib", "outbox-mail.js"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func reservation(id string) map[string]any {
	return map[string]any{
		"id": id, "name": "Ada", "email": "ada@example.test", "event_name": "Board Game Night", "event_date": "2026-12-03",
		"event_time": "7:00 PM", "party_size": 4, "ics_sequence": 0, "cancel_token": "tok" + id, "status": "confirmed",
	}
}

func TestTheBundleRendersFromPlainData(t *testing.T) {
	b := loadBundle(t)
	out, err := b.Render(RenderInput{
		Template: "reservation_confirmation", Payload: map[string]any{}, Record: reservation("r1"),
		SiteURL: "https://venue.example", MailFromEnv: `"The Venue" <hello@venue.example>`,
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Mail == nil || !strings.Contains(out.Mail.Subject, "Board Game Night") || out.Mail.IcalEvent == nil ||
		!strings.Contains(out.Mail.Text, "https://venue.example/cancel/tokr1") || out.From != (Address{Address: "hello@venue.example", Name: "The Venue"}) {
		t.Fatalf("rendered %+v", out)
	}
	// Out of line: nothing to say about the line. In line: its position is the entries ahead + 1.
	entry := map[string]any{"name": "Ada", "event_date": "2026-12-03", "event_time": "7:00 PM", "party_size": 2, "token": "w1", "status": "left"}
	ahead := 2
	if out, _ := b.Render(RenderInput{Template: "waitlist_joined", Payload: map[string]any{}, Record: entry, Ahead: &ahead}); out.Mail != nil {
		t.Fatalf("a mail for an entry that left the line: %s", out.Mail.Subject)
	}
	entry["status"] = "waiting"
	if out, _ := b.Render(RenderInput{Template: "waitlist_joined", Payload: map[string]any{}, Record: entry, Ahead: &ahead}); out.Mail == nil || !strings.Contains(out.Mail.Subject, "number 3 in line") {
		t.Fatalf("waitlist_joined rendered %+v", out.Mail)
	}
	// A used or expired sign-in code renders nothing; a mail stored by an older version is sent as stored.
	valid := false
	code := map[string]any{"otpId": "o1", "code": "123456"}
	if out, _ := b.Render(RenderInput{Template: "staff_sign_in_code", Payload: code, Record: map[string]any{"email": "s@example.test"}, OTPValid: &valid}); out.Mail != nil {
		t.Fatal("a mail for an expired code")
	}
	if out, _ := b.Render(RenderInput{Template: "inquiry_ack", Payload: map[string]any{"subject": "Stored", "text": "as it was"}}); out.Mail == nil || out.Mail.Subject != "Stored" {
		t.Fatalf("a stored mail rendered as %+v", out.Mail)
	}
	if !strings.Contains(b.PositionSQL(), "COUNT(*) AS ahead FROM waitlist") {
		t.Fatalf("position query: %s", b.PositionSQL())
	}
}

func TestTheBundleRendersForManyLanesAtOnce(t *testing.T) {
	b := loadBundle(t)
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for i := 0; i < 32; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			id := fmt.Sprintf("r%d", i)
			out, err := b.Render(RenderInput{Template: "reservation_confirmation", Payload: map[string]any{}, Record: reservation(id)})
			if err == nil && (out.Mail == nil || !strings.Contains(out.Mail.Text, "/cancel/tok"+id)) {
				err = fmt.Errorf("lane %d got another lane's mail", i)
			}
			errs <- err
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestAMailKeepsItsMessageIDReplyToAndInvitation(t *testing.T) {
	t.Setenv("SITE_URL", "https://venue.example:8443/")
	r, _ := fixedMail{}.Render(RenderInput{})
	r.Mail.ReplyTo = "events@venue.example"
	r.Mail.IcalEvent = &File{Filename: "invite.ics", Content: "BEGIN:VCALENDAR"}
	m := message(Job{ID: "job1", Recipient: "ada@example.test"}, r)
	if m.Headers["Message-ID"] != "<job1.outbox@venue.example>" || m.Headers["Reply-To"] != "events@venue.example" || m.Headers[ICalEventHeader] != "invite.ics" {
		t.Fatalf("headers %v", m.Headers)
	}
	ics, _ := io.ReadAll(m.Attachments["invite.ics"])
	if string(ics) != "BEGIN:VCALENDAR" || m.To[0].Address != "ada@example.test" || m.From.Address != "venue@example.test" {
		t.Fatalf("message %+v", m)
	}
}
