package outbox

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/jsjson"
)

// RenderInput is what a mail is rendered from (hooks/outbox/render.ts, RenderInput): plain data,
// no app or record objects, so the renderer is a pure function of it.
type RenderInput struct {
	Template    string         `json:"template"`
	Payload     map[string]any `json:"payload"`
	Record      map[string]any `json:"record"`
	SiteURL     string         `json:"siteUrl"`
	MailFromEnv string         `json:"mailFromEnv"`
	Sender      Address        `json:"sender"`
	Ahead       *int           `json:"ahead,omitempty"`
	OTPValid    *bool          `json:"otpValid,omitempty"`
}

type Address struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// File is an attachment of a rendered mail (the calendar invitation among them).
type File struct {
	Filename string `json:"filename"`
	Content  string `json:"content"`
}

// MailParts is a rendered mail, as hooks/outbox/render.ts answers it.
type MailParts struct {
	Subject     string `json:"subject"`
	HTML        string `json:"html"`
	Text        string `json:"text"`
	ReplyTo     string `json:"replyTo"`
	Attachments []File `json:"attachments"`
	IcalEvent   *File  `json:"icalEvent"`
}

// Rendered is the renderer's answer: the mail (nil: nothing to send) and its sender.
type Rendered struct {
	Mail *MailParts `json:"mail"`
	From Address    `json:"from"`
}

// Renderer renders one mail job.
type Renderer interface {
	Render(in RenderInput) (*Rendered, error)
	// PositionSQL is the waitlist position query (hooks/outbox/waitlist-position.ts): how many
	// live entries are ahead of {:id} created at {:created} on {:date}, as column `ahead`.
	PositionSQL() string
}

// Bundle is the TypeScript renderer bundle (pb_hooks/lib/outbox-mail.js) in one goja runtime.
// goja is not safe for concurrent use, so calls take turns; rendering a mail takes milliseconds.
type Bundle struct {
	mu     sync.Mutex
	vm     *goja.Runtime
	render goja.Callable
	sql    string
}

// LoadBundle runs the CommonJS bundle at `file` and keeps its renderOutboxMailJson export.
func LoadBundle(file string) (*Bundle, error) {
	code, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("the outbox's mail renderer is missing (npm run build:rules writes it): %w", err)
	}
	vm := goja.New()
	if err := jsjson.Install(vm); err != nil {
		return nil, err
	}
	wrapped := "(function(){ var module = { exports: {} }; var exports = module.exports;\n" + string(code) + "\n; return module.exports; })()"
	exports, err := vm.RunScript(file, wrapped)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", file, err)
	}
	obj := exports.ToObject(vm)
	render, ok := goja.AssertFunction(obj.Get("renderOutboxMailJson"))
	if !ok {
		return nil, fmt.Errorf("%s exports no renderOutboxMailJson", file)
	}
	return &Bundle{vm: vm, render: render, sql: obj.Get("WAITLIST_POSITION_SQL").String()}, nil
}

func (b *Bundle) PositionSQL() string { return b.sql }

func (b *Bundle) Render(in RenderInput) (*Rendered, error) {
	input, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	value, err := b.render(goja.Undefined(), b.vm.ToValue(string(input)))
	var text string
	if err == nil {
		text = value.String()
	}
	b.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("rendering %s: %w", in.Template, err)
	}
	var out Rendered
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// renderJob gathers what the job's mail is rendered from (its record, the look-ups) and renders it.
func renderJob(app core.App, renderer Renderer, job Job) (*Rendered, error) {
	if renderer == nil {
		return nil, fmt.Errorf("the outbox's mail renderer is not loaded (npm run build:rules writes pb_hooks/lib/outbox-mail.js)")
	}
	meta := app.Settings().Meta
	in := RenderInput{
		Template:    job.Template,
		Payload:     map[string]any{},
		SiteURL:     SiteURL(),
		MailFromEnv: os.Getenv("MAIL_FROM"),
		Sender:      Address{Address: meta.SenderAddress, Name: meta.SenderName},
	}
	if strings.TrimSpace(job.Payload) != "" {
		_ = json.Unmarshal([]byte(job.Payload), &in.Payload) // not an object: rendered from the record alone
	}
	if _, stored := in.Payload["subject"]; !stored && job.RecordCollection != "" {
		if r, err := app.FindRecordById(job.RecordCollection, job.RecordID); err == nil {
			in.Record = recordFields(r)
			if err := lookUps(app, renderer, job, r, &in); err != nil {
				return nil, err
			}
		}
	}
	return renderer.Render(in)
}

// recordFields: the record's stored fields, hidden ones too (a reservation's cancel_token), but
// no password hash or token key.
func recordFields(r *core.Record) map[string]any {
	fields := r.FieldsData()
	delete(fields, core.FieldNamePassword)
	delete(fields, core.FieldNameTokenKey)
	return fields
}

// lookUps answers what a mail needs beyond its record: the waitlist position, the OTP's validity.
func lookUps(app core.App, renderer Renderer, job Job, r *core.Record, in *RenderInput) error {
	switch strings.Split(job.Template, ":")[0] {
	case "waitlist_joined":
		var ahead int
		err := app.ConcurrentDB().NewQuery(renderer.PositionSQL()).
			Bind(dbx.Params{"date": r.GetString("event_date"), "created": r.GetString("created"), "id": r.Id}).Row(&ahead)
		if err != nil {
			return fmt.Errorf("the waitlist position: %w", err)
		}
		in.Ahead = &ahead
	case "staff_sign_in_code":
		valid := false
		if otpID, _ := in.Payload["otpId"].(string); otpID != "" {
			if otp, err := app.FindOTPById(otpID); err == nil {
				valid = !otp.HasExpired(r.Collection().OTP.DurationTime())
			}
		}
		in.OTPValid = &valid
	}
	return nil
}
