package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// Transport sends one claimed job of its kind. It must return within its own timeout.
type Transport interface {
	Send(ctx context.Context, job Job) Outcome
}

// TransportFunc lets a function be a Transport (tests).
type TransportFunc func(ctx context.Context, job Job) Outcome

func (f TransportFunc) Send(ctx context.Context, job Job) Outcome { return f(ctx, job) }

// ICalEventHeader names, to server/imip.go, the attachment that is the mail's calendar
// invitation: that hook takes such a message over and writes the iMIP structure itself.
const ICalEventHeader = "X-Venue-Ical-Event"

// Mail sends mail jobs through PocketBase's mail client, so that the OnMailerSend hooks (the
// send deadline, the iMIP rewrite) apply; it renders each mail from its record first.
type Mail struct {
	App      core.App
	Renderer Renderer
}

func (m *Mail) Send(_ context.Context, job Job) Outcome {
	smtp := m.App.Settings().SMTP
	if !smtp.Enabled || smtp.Host == "" {
		return Outcome{Skipped: "SMTP is not configured (set SMTP_HOST); the mail is kept unsent in the outbox"}
	}
	rendered, err := renderJob(m.App, m.Renderer, job)
	if err != nil {
		return Outcome{Err: err}
	}
	if rendered.Mail == nil {
		return Outcome{Skipped: "its record no longer exists, its sign-in code was used or expired, or the template is unknown: nothing to send"}
	}
	if err := m.App.NewMailClient().Send(message(job, rendered)); err != nil {
		// In words (SMTPWords): the stored error is what the owner reads on the System view.
		return Outcome{Err: errors.New(SMTPWords(err))}
	}
	return Outcome{Sent: true}
}

// message is the mailer message of a rendered mail. One Message-ID per job: a copy sent again (a
// send cut off by a crash is repeated after the restart, SMTP has no idempotency key) is
// recognised by mail clients as the same message.
func message(job Job, r *Rendered) *mailer.Message {
	p := r.Mail
	headers := map[string]string{"Message-ID": fmt.Sprintf("<%s.outbox@%s>", job.ID, siteHost())}
	if p.ReplyTo != "" {
		headers["Reply-To"] = p.ReplyTo
	}
	attachments := map[string]io.Reader{}
	for _, a := range p.Attachments {
		attachments[a.Filename] = strings.NewReader(a.Content)
	}
	if p.IcalEvent != nil {
		attachments[p.IcalEvent.Filename] = strings.NewReader(p.IcalEvent.Content)
		headers[ICalEventHeader] = p.IcalEvent.Filename
	}
	return &mailer.Message{
		From:        mail.Address{Address: r.From.Address, Name: r.From.Name},
		To:          []mail.Address{{Address: job.Recipient}},
		Subject:     p.Subject,
		HTML:        p.HTML,
		Text:        p.Text,
		Headers:     headers,
		Attachments: attachments,
	}
}

// SiteURL is SITE_URL without trailing slashes (default http://127.0.0.1:8090).
func SiteURL() string {
	v := os.Getenv("SITE_URL")
	if v == "" {
		v = "http://127.0.0.1:8090"
	}
	return strings.TrimRight(v, "/")
}

var schemePrefix = regexp.MustCompile(`^https?://`)

func siteHost() string {
	host := schemePrefix.ReplaceAllString(SiteURL(), "")
	if i := strings.IndexAny(host, ":/"); i >= 0 {
		host = host[:i]
	}
	if host == "" {
		return "localhost"
	}
	return host
}

// Meta posts conversion jobs to Meta's Conversions API (META_PIXEL_ID, META_ACCESS_TOKEN,
// META_API_BASE) with a timeout of its own, so a hung endpoint holds only the Meta lanes.
type Meta struct {
	Timeout time.Duration
	Client  *http.Client
}

// MetaSkipReason is why conversion events are not sent (” when Meta is configured).
func MetaSkipReason() string {
	if os.Getenv("META_PIXEL_ID") != "" && os.Getenv("META_ACCESS_TOKEN") != "" {
		return ""
	}
	return "Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)"
}

func (m *Meta) Send(ctx context.Context, job Job) Outcome {
	if reason := MetaSkipReason(); reason != "" {
		return Outcome{Skipped: reason}
	}
	var payload struct {
		Event json.RawMessage `json:"event"`
	}
	if err := json.Unmarshal([]byte(orEmptyObject(job.Payload)), &payload); err != nil {
		return Outcome{Err: fmt.Errorf("the conversion job's payload is not JSON: %w", err)}
	}
	if len(payload.Event) == 0 {
		payload.Event = json.RawMessage("null")
	}
	base := strings.TrimRight(envOr("META_API_BASE", "https://graph.facebook.com/v21.0"), "/")
	// The token travels in the body, never in the URL: a network error quotes the URL, and errors
	// are stored where every admin can read them (ErrorText redacts them anyway).
	body, _ := json.Marshal(map[string]any{"data": []json.RawMessage{payload.Event}, "access_token": os.Getenv("META_ACCESS_TOKEN")})
	return postJSON(ctx, m.Client, m.Timeout, "Meta", base+"/"+url.PathEscape(os.Getenv("META_PIXEL_ID"))+"/events", body)
}

// postJSON posts body to address within timeout; `who` names the other end in the errors, which
// are stored as the job's last error ("Meta answered 400: …", "the alert webhook did not answer
// within 15s"). Any 2xx is sent.
func postJSON(ctx context.Context, client *http.Client, timeout time.Duration, who, address string, body []byte) Outcome {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, address, bytes.NewReader(body))
	if err != nil {
		return Outcome{Err: fmt.Errorf("%s has no usable address: %w", who, err)}
	}
	req.Header.Set("Content-Type", "application/json")
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return Outcome{Err: fmt.Errorf("%s did not answer within %s", who, timeout)}
		}
		return Outcome{Err: err}
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 500))
	if res.StatusCode < 200 || res.StatusCode >= 300 {
		return Outcome{Err: fmt.Errorf("%s answered %d: %s", who, res.StatusCode, answer)}
	}
	return Outcome{Sent: true}
}

func orEmptyObject(s string) string {
	if strings.TrimSpace(s) == "" {
		return "{}"
	}
	return s
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

var accessTokenParam = regexp.MustCompile(`(?i)(access_token["']?\s*[=:]\s*["']?)[^&\s"',}]+`)

// ErrorText is an error as text fit to store (outbox.last_error is readable by every admin) and
// to log: the configured secrets and any access_token parameter are replaced by [redacted].
func ErrorText(err error) string {
	if err == nil {
		return "unknown error"
	}
	out := accessTokenParam.ReplaceAllString(err.Error(), "${1}[redacted]")
	for _, name := range []string{"META_ACCESS_TOKEN", "SMTP_PASS", "ALERT_WEBHOOK_URL"} {
		if secret := os.Getenv(name); len(secret) >= 4 {
			out = strings.ReplaceAll(out, secret, "[redacted]")
		}
	}
	if len(out) > 1900 {
		out = out[:1900]
	}
	return out
}
