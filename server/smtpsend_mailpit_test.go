package main

// sendSMTP against a real SMTP server, as a provider runs one: Mailpit (server/tools/mailpit, its
// own module so it adds nothing to venue-server) with a certificate made here, STARTTLS required
// before anything else and a password file. The messages are read back through Mailpit's API.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/mailer"
)

const mailpitUser, mailpitPass = "venue", "a-long-smtp-secret"

type mailpit struct {
	smtpPort int
	api      string
}

func TestSendSMTPThroughMailpit(t *testing.T) {
	mp, cert := startMailpit(t)
	client := &mailer.SMTPClient{Host: "127.0.0.1", Port: mp.smtpPort, Username: mailpitUser, Password: mailpitPass}
	msg := &mailer.Message{
		From:    mail.Address{Address: "games@example.test"},
		To:      []mail.Address{{Address: "guest@example.test"}},
		Subject: "Your table",
		Text:    "See you Friday.",
		HTML:    "<p>See you Friday.</p>",
		Attachments: map[string]io.Reader{
			"invite.ics": strings.NewReader("BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:x@example.test\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
		},
	}
	raw, err := buildCalendarMessage(msg, "invite.ics", time.Now())
	if err != nil {
		t.Fatal(err)
	}

	t.Run("an unverified certificate gets neither the password nor the mail", func(t *testing.T) {
		smtpRootCAs = nil // the system's roots do not know the test's certificate
		err := sendSMTP(client, msg, raw, 5*time.Second)
		if err == nil || !strings.Contains(err.Error(), "STARTTLS with the mail server") || !strings.Contains(err.Error(), "certificate") {
			t.Fatalf("want a STARTTLS certificate error, got %v", err)
		}
		if n := len(mp.messages(t)); n != 0 {
			t.Fatalf("%d message(s) arrived", n)
		}
	})

	smtpRootCAs = cert
	t.Cleanup(func() { smtpRootCAs = nil })

	t.Run("wrong credentials are refused with a readable error", func(t *testing.T) {
		wrong := *client
		wrong.Password = "not-the-secret"
		err := sendSMTP(&wrong, msg, raw, 5*time.Second)
		if err == nil || !strings.Contains(err.Error(), `refused the sign-in as "venue" (check SMTP_USER and SMTP_PASS)`) || !strings.Contains(err.Error(), "535") {
			t.Fatalf("want the sign-in refusal, got %v", err)
		}
		if strings.Contains(err.Error(), "not-the-secret") {
			t.Fatalf("the error repeats the password: %v", err)
		}
		if n := len(mp.messages(t)); n != 0 {
			t.Fatalf("%d message(s) arrived", n)
		}
	})

	t.Run("over STARTTLS with the right credentials the mail arrives whole", func(t *testing.T) {
		for _, method := range []string{mailer.SMTPAuthPlain, mailer.SMTPAuthLogin} {
			c := *client
			c.AuthMethod = method
			if err := sendSMTP(&c, msg, raw, 5*time.Second); err != nil {
				t.Fatalf("AUTH %s: %v", method, err)
			}
		}
		got := mp.messages(t)
		if len(got) != 2 {
			t.Fatalf("%d messages, want 2 (PLAIN and LOGIN)", len(got))
		}
		for _, m := range got {
			if m.Subject != "Your table" || len(m.To) != 1 || m.To[0].Address != "guest@example.test" || m.From.Address != "games@example.test" {
				t.Fatalf("message as stored: %+v", m)
			}
			source := mp.raw(t, m.ID)
			if !strings.Contains(source, "text/calendar; charset=utf-8; method=REQUEST") || !strings.Contains(source, "See you Friday.") {
				t.Fatalf("the invitation or the text is missing:\n%s", source)
			}
		}
	})
}

// startMailpit builds and starts Mailpit on free loopback ports with STARTTLS required (a
// certificate for 127.0.0.1 made here) and one account; returns it and the certificate's pool.
func startMailpit(t *testing.T) (*mailpit, *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	// Built beside its module (git-ignored) rather than in dir: Go leaves an up-to-date binary as
	// it is, so a second run does not link Mailpit's 35 MB again.
	binary, err := filepath.Abs(filepath.Join("tools", "mailpit", "bin", "mailpit"))
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Dir = filepath.Join("tools", "mailpit")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building Mailpit (server/tools/mailpit): %v\n%s", err, out)
	}
	certFile, keyFile, pool := selfSignedCert(t, dir)
	authFile := filepath.Join(dir, "smtp-auth")
	if err := os.WriteFile(authFile, []byte(mailpitUser+":"+mailpitPass+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	mp := &mailpit{smtpPort: freeTCPPort(t)}
	uiPort := freeTCPPort(t)
	mp.api = fmt.Sprintf("http://127.0.0.1:%d", uiPort)
	cmd := exec.Command(binary,
		"--smtp", fmt.Sprintf("127.0.0.1:%d", mp.smtpPort),
		"--listen", fmt.Sprintf("127.0.0.1:%d", uiPort),
		"--database", filepath.Join(dir, "mailpit.db"),
		"--smtp-tls-cert", certFile, "--smtp-tls-key", keyFile,
		"--smtp-require-starttls",
		"--smtp-auth-file", authFile,
		"--disable-version-check", "--quiet",
	)
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := http.Get(mp.api + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return mp, pool
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Mailpit did not become ready: %v\n%s", err, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type mailpitMessage struct {
	ID      string
	Subject string
	From    struct{ Address string }
	To      []struct{ Address string }
}

func (mp *mailpit) messages(t *testing.T) []mailpitMessage {
	t.Helper()
	var list struct{ Messages []mailpitMessage }
	if err := json.Unmarshal([]byte(mp.get(t, "/api/v1/messages")), &list); err != nil {
		t.Fatal(err)
	}
	return list.Messages
}

func (mp *mailpit) raw(t *testing.T, id string) string {
	t.Helper()
	return mp.get(t, "/api/v1/message/"+id+"/raw")
}

func (mp *mailpit) get(t *testing.T, path string) string {
	t.Helper()
	res, err := http.Get(mp.api + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v\n%s", path, res.StatusCode, err, body)
	}
	return string(body)
}

// selfSignedCert writes a certificate for 127.0.0.1 and its key, and returns a pool trusting it.
func selfSignedCert(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "mail.example.test"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	if err := os.WriteFile(certFile, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	return certFile, keyFile, pool
}

func freeTCPPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
