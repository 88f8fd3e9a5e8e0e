package main

// Calendar invitations as iMIP (RFC 6047), for the mails that carry one (a reservation's
// confirmation, updates and cancellation).
//
// Calendar-aware mail clients (Gmail, Outlook, Apple Mail) act on an invitation only when it comes
// as a text/calendar part whose method= parameter equals the file's METHOD, beside the text and
// HTML in the multipart/alternative: they add, move or remove the event in place. A bare .ics
// attachment is only a file to import, so an update could add a second event beside the first.
//
// PocketBase's mailer cannot write that part: its SMTP client (mailyak) writes a text and an HTML
// alternative only, and attaches each file with a content type it guesses from the bytes, with no
// parameters. So a message that names its invitation (the X-Venue-Ical-Event header, set by
// server/outbox/transports.go) is written here instead, the way nodemailer's `icalEvent` builds it:
//
//	multipart/mixed
//	├─ multipart/alternative
//	│  ├─ text/plain; charset=UTF-8
//	│  ├─ text/html; charset=UTF-8
//	│  └─ text/calendar; charset=utf-8; method=REQUEST   (the METHOD read from the file itself)
//	└─ application/ics; name=invite.ics                   (the same file, attached)
//
// and handed to the SMTP server PocketBase's settings name, the way its client would (implicit TLS
// or STARTTLS when offered, PLAIN or LOGIN auth, the EHLO name: smtpsend.go). Every other mail goes through
// PocketBase's mailer untouched. This hook is bound after the send deadline's (outbox.go), so it
// runs inside that deadline; the connection gets the same deadline, so a hung server frees it.

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"net/textproto"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"github.com/pocketbase/pocketbase/tools/security"
	"venue/server/outbox"
)

func registerCalendarMail(app *pocketbase.PocketBase, timeout time.Duration) {
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		icsName, ok := takeHeader(e.Message.Headers, outbox.ICalEventHeader)
		if !ok {
			return e.Next()
		}
		client, isSMTP := e.Mailer.(*mailer.SMTPClient)
		if !isSMTP {
			return e.Next() // sendmail (no SMTP configured): the invitation stays an attachment
		}
		raw, err := buildCalendarMessage(e.Message, icsName, time.Now())
		if err != nil {
			return err
		}
		return sendSMTP(client, e.Message, raw, timeout)
	})
}

// takeHeader removes a header (any case) and returns its value.
func takeHeader(headers map[string]string, name string) (string, bool) {
	for k, v := range headers {
		if strings.EqualFold(k, name) {
			delete(headers, k)
			return v, true
		}
	}
	return "", false
}

var (
	methodToken = regexp.MustCompile(`^[A-Z][A-Z-]*$`)
	foldedLine  = regexp.MustCompile(`\r?\n[ \t]`)
)

// calendarMethod is the METHOD of an iCalendar file (unfolded, RFC 5545 §3.1), which the part's
// method= parameter must equal (RFC 6047 §2.4).
func calendarMethod(ics []byte) (string, error) {
	unfolded := foldedLine.ReplaceAllString(string(ics), "")
	for _, line := range strings.Split(unfolded, "\n") {
		name, value, found := strings.Cut(strings.TrimRight(line, "\r"), ":")
		if found && strings.EqualFold(name, "METHOD") {
			method := strings.ToUpper(strings.TrimSpace(value))
			if !methodToken.MatchString(method) {
				return "", fmt.Errorf("the calendar's METHOD %q is not a method name", value)
			}
			return method, nil
		}
	}
	return "", errors.New("the calendar invitation has no METHOD")
}

// oneLine keeps a header value on its line: no CR or LF can start another header.
var oneLine = strings.NewReplacer("\r", "", "\n", "")

// buildCalendarMessage writes m as MIME with its attachment icsName as the iMIP part.
func buildCalendarMessage(m *mailer.Message, icsName string, now time.Time) ([]byte, error) {
	if len(m.InlineAttachments) > 0 {
		return nil, errors.New("a calendar invitation with inline attachments is not supported")
	}
	var ics []byte
	if r := m.Attachments[icsName]; r != nil {
		var err error
		if ics, err = io.ReadAll(r); err != nil {
			return nil, err
		}
	}
	if len(ics) == 0 {
		return nil, fmt.Errorf("the calendar invitation %q is not among the attachments", icsName)
	}
	method, err := calendarMethod(ics)
	if err != nil {
		return nil, err
	}

	// The alternative's parts first: its part header names its boundary.
	var altBody bytes.Buffer
	alt := multipart.NewWriter(&altBody)
	if m.Text != "" {
		if err := writeQuotedPrintable(alt, "text/plain; charset=UTF-8", m.Text); err != nil {
			return nil, err
		}
	}
	if m.HTML != "" {
		if err := writeQuotedPrintable(alt, "text/html; charset=UTF-8", m.HTML); err != nil {
			return nil, err
		}
	}
	if err := writeBase64(alt, textproto.MIMEHeader{"Content-Type": {"text/calendar; charset=utf-8; method=" + method}}, ics); err != nil {
		return nil, err
	}
	if err := alt.Close(); err != nil {
		return nil, err
	}

	var buf bytes.Buffer
	writeMessageHeaders(&buf, m, now)
	mixed := multipart.NewWriter(&buf)
	fmt.Fprintf(&buf, "Content-Type: multipart/mixed; boundary=%q\r\n\r\n", mixed.Boundary())
	altPart, err := mixed.CreatePart(textproto.MIMEHeader{"Content-Type": {fmt.Sprintf("multipart/alternative; boundary=%q", alt.Boundary())}})
	if err != nil {
		return nil, err
	}
	if _, err := altPart.Write(altBody.Bytes()); err != nil {
		return nil, err
	}
	// The invitation attached as nodemailer attaches it (application/ics, so that no client takes
	// it for a second iMIP part), then any other attachment with the type its bytes suggest.
	for _, name := range sortedNames(m.Attachments) {
		content := ics
		if name != icsName {
			if content, err = io.ReadAll(m.Attachments[name]); err != nil {
				return nil, err
			}
		}
		contentType := "application/ics"
		if name != icsName {
			contentType = http.DetectContentType(content)
		}
		header := textproto.MIMEHeader{
			"Content-Type":        {mime.FormatMediaType(contentType, map[string]string{"name": name})},
			"Content-Disposition": {mime.FormatMediaType("attachment", map[string]string{"filename": name})},
		}
		if err := writeBase64(mixed, header, content); err != nil {
			return nil, err
		}
	}
	if err := mixed.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeMessageHeaders writes the headers PocketBase's client writes: From, To, Cc, Subject, Date,
// MIME-Version, the custom headers (Message-ID, Reply-To), and a Message-ID when there is none.
func writeMessageHeaders(buf *bytes.Buffer, m *mailer.Message, now time.Time) {
	header := func(name, value string) {
		fmt.Fprintf(buf, "%s: %s\r\n", oneLine.Replace(name), oneLine.Replace(value))
	}
	header("From", joinAddresses([]mail.Address{m.From}))
	if len(m.To) > 0 {
		header("To", joinAddresses(m.To))
	}
	if len(m.Cc) > 0 {
		header("Cc", joinAddresses(m.Cc))
	}
	header("Subject", mime.QEncoding.Encode("UTF-8", oneLine.Replace(m.Subject)))
	header("Date", now.Format(time.RFC1123Z))
	header("MIME-Version", "1.0")
	hasMessageID := false
	for _, name := range sortedNames(m.Headers) {
		hasMessageID = hasMessageID || strings.EqualFold(name, "Message-ID")
		header(name, mime.QEncoding.Encode("UTF-8", oneLine.Replace(m.Headers[name])))
	}
	if _, domain, ok := strings.Cut(m.From.Address, "@"); ok && !hasMessageID {
		header("Message-ID", fmt.Sprintf("<%s@%s>", security.PseudorandomString(15), domain))
	}
}

// joinAddresses writes addresses as PocketBase's client does: "Name" <address>, or the bare address.
func joinAddresses(list []mail.Address) string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.Address
		if a.Name != "" {
			out[i] = a.String()
		}
	}
	return strings.Join(out, ", ")
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func writeQuotedPrintable(w *multipart.Writer, contentType, text string) error {
	part, err := w.CreatePart(textproto.MIMEHeader{"Content-Type": {contentType}, "Content-Transfer-Encoding": {"quoted-printable"}})
	if err != nil {
		return err
	}
	qp := quotedprintable.NewWriter(part)
	if _, err := qp.Write([]byte(text)); err != nil {
		return err
	}
	return qp.Close()
}

// writeBase64 writes a base64 part in lines of 76 characters (RFC 2045 §6.8): the file's own
// bytes, its CRLFs included, arrive as they were written.
func writeBase64(w *multipart.Writer, header textproto.MIMEHeader, content []byte) error {
	header.Set("Content-Transfer-Encoding", "base64")
	part, err := w.CreatePart(header)
	if err != nil {
		return err
	}
	encoded := base64.StdEncoding.EncodeToString(content)
	for len(encoded) > 0 {
		n := min(76, len(encoded))
		if _, err := io.WriteString(part, encoded[:n]+"\r\n"); err != nil {
			return err
		}
		encoded = encoded[n:]
	}
	return nil
}
