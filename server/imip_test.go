package main

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/mailer"
)

const testICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETH\r\n OD:REQUEST\r\nBEGIN:VEVENT\r\nUID:a@b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

func TestCalendarMethod(t *testing.T) {
	if m, err := calendarMethod([]byte(testICS)); err != nil || m != "REQUEST" {
		t.Fatalf("folded METHOD: got %q, %v", m, err)
	}
	if _, err := calendarMethod([]byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")); err == nil {
		t.Fatal("a calendar without METHOD was accepted")
	}
	if _, err := calendarMethod([]byte("METHOD:REQUEST; X\r\n")); err == nil {
		t.Fatal("a METHOD that is no method name was accepted")
	}
}

type part struct {
	contentType string
	params      map[string]string
	disposition string
	body        []byte
	children    []part
}

func readParts(t *testing.T, r io.Reader, boundary string) []part {
	t.Helper()
	var parts []part
	mr := multipart.NewReader(r, boundary)
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			return parts
		}
		if err != nil {
			t.Fatal(err)
		}
		ct, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		disposition, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		got := part{contentType: ct, params: params, disposition: disposition}
		if strings.HasPrefix(ct, "multipart/") {
			got.children = readParts(t, p, params["boundary"])
		} else {
			got.body, _ = io.ReadAll(p)
		}
		parts = append(parts, got)
	}
}

func TestBuildCalendarMessage(t *testing.T) {
	msg := &mailer.Message{
		From:        mail.Address{Name: "Tiny Cupboard Games", Address: "games@example.test"},
		To:          []mail.Address{{Address: "guest@example.test"}},
		Subject:     "You're all set: Board Game Night\r\nBcc: evil@example.test",
		Text:        "Hi Zoë",
		HTML:        "<p>Hi Zoë</p>",
		Headers:     map[string]string{"Message-ID": "<job.outbox@example.test>"},
		Attachments: map[string]io.Reader{"invite.ics": strings.NewReader(testICS)},
	}
	raw, err := buildCalendarMessage(msg, "invite.ics", time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if got := parsed.Header.Get("Subject"); got != "You're all set: Board Game NightBcc: evil@example.test" {
		t.Fatalf("subject kept on one line: %q", got)
	}
	if parsed.Header.Get("Bcc") != "" || parsed.Header.Get("Message-ID") != "<job.outbox@example.test>" {
		t.Fatalf("headers: %v", parsed.Header)
	}
	ct, params, _ := mime.ParseMediaType(parsed.Header.Get("Content-Type"))
	if ct != "multipart/mixed" {
		t.Fatalf("top: %s", ct)
	}
	top := readParts(t, parsed.Body, params["boundary"])
	if len(top) != 2 || top[0].contentType != "multipart/alternative" || len(top[0].children) != 3 {
		t.Fatalf("structure: %+v", top)
	}
	alt := top[0].children
	if alt[0].contentType != "text/plain" || alt[1].contentType != "text/html" || alt[2].contentType != "text/calendar" {
		t.Fatalf("alternatives: %s %s %s", alt[0].contentType, alt[1].contentType, alt[2].contentType)
	}
	if alt[2].params["method"] != "REQUEST" || alt[2].params["charset"] != "utf-8" || alt[2].disposition != "" {
		t.Fatalf("iMIP part: %+v", alt[2])
	}
	att := top[1]
	if att.contentType != "application/ics" || att.params["name"] != "invite.ics" || att.disposition != "attachment" {
		t.Fatalf("attachment: %+v", att)
	}
	for _, p := range []part{alt[2], att} {
		if got := decodeBase64Part(t, p.body); got != testICS {
			t.Fatalf("calendar bytes changed: %q", got)
		}
	}
}

func decodeBase64Part(t *testing.T, body []byte) string {
	t.Helper()
	out, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, bytes.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// fakeSMTP answers one SMTP conversation on loopback (EHLO with AUTH PLAIN, MAIL, RCPT, DATA) and
// reports the commands and the message it received; hang: it greets and then never answers.
func fakeSMTP(t *testing.T, hang bool) (port int, got chan []string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan []string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		tp := textproto.NewConn(conn)
		if hang {
			time.Sleep(2 * time.Second)
			return
		}
		var lines []string
		tp.PrintfLine("220 fake")
		for {
			line, err := tp.ReadLine()
			if err != nil {
				return
			}
			lines = append(lines, line)
			switch cmd := strings.ToUpper(strings.SplitN(line, " ", 2)[0]); cmd {
			case "EHLO":
				tp.PrintfLine("250-fake\r\n250 AUTH PLAIN")
			case "AUTH":
				tp.PrintfLine("235 ok")
			case "DATA":
				tp.PrintfLine("354 go")
				body, _ := tp.ReadDotLines()
				lines = append(lines, strings.Join(body, "\n"))
				tp.PrintfLine("250 queued")
			case "QUIT":
				tp.PrintfLine("221 bye")
				got <- lines
				return
			default:
				tp.PrintfLine("250 ok")
			}
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, got
}

func TestSendSMTP(t *testing.T) {
	port, got := fakeSMTP(t, false)
	client := &mailer.SMTPClient{Host: "127.0.0.1", Port: port, Username: "u", Password: "p"}
	msg := &mailer.Message{From: mail.Address{Address: "games@example.test"}, To: []mail.Address{{Address: "guest@example.test"}}}
	if err := sendSMTP(client, msg, []byte("Subject: x\r\n\r\nhello\r\n"), 5*time.Second); err != nil {
		t.Fatal(err)
	}
	lines := <-got
	want := []string{"AUTH PLAIN", "MAIL FROM:<games@example.test>", "RCPT TO:<guest@example.test>", "DATA", "Subject: x\n\nhello"}
	joined := strings.Join(lines, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Fatalf("missing %q in %q", w, lines)
		}
	}
}

func TestSendSMTPDeadline(t *testing.T) {
	port, _ := fakeSMTP(t, true)
	client := &mailer.SMTPClient{Host: "127.0.0.1", Port: port}
	start := time.Now()
	err := sendSMTP(client, &mailer.Message{From: mail.Address{Address: "a@b.test"}}, nil, 200*time.Millisecond)
	if err == nil || time.Since(start) > time.Second {
		t.Fatalf("a server that never answers: err %v after %s", err, time.Since(start))
	}
}
