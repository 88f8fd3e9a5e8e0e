package outbox

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

func TestDrainRecordsTheSendInFlightOnceAndStartsNoOther(t *testing.T) {
	app := newApp(t)
	w := New(app, testConfig())
	var sends atomic.Int32
	sending := make(chan struct{})
	providerAnswers := make(chan struct{})
	w.Mail = TransportFunc(func(context.Context, Job) Outcome {
		if sends.Add(1) == 1 {
			close(sending)
		}
		<-providerAnswers
		return Outcome{Sent: true}
	})
	w.Register()
	serve(t, app)
	insert(t, app, row{id: "a"})
	w.Wake()
	<-sending

	// SIGTERM while the provider has the message: termination waits for its answer.
	stopped := make(chan error, 1)
	go func() { stopped <- terminate(app) }()
	for !w.Drain.Stopping() {
		time.Sleep(5 * time.Millisecond)
	}
	// A job committed while stopping is left for the next process.
	insert(t, app, row{id: "b"})
	w.Wake()
	select {
	case <-stopped:
		t.Fatal("termination did not wait for the send in flight")
	case <-time.After(300 * time.Millisecond):
	}
	close(providerAnswers)
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("termination still waiting after the send was done")
	}

	if s := load(t, app, "a"); s.Status != "sent" || s.Attempts != 1 || s.ClaimedAt != "" {
		t.Fatalf("the send in flight at SIGTERM was recorded as %+v, want sent once", s)
	}
	if s := load(t, app, "b"); s.Status != "pending" || s.Attempts != 0 || s.ClaimedAt != "" {
		t.Fatalf("a stopping server claimed a new job: %+v", s)
	}
	if n := sends.Load(); n != 1 {
		t.Fatalf("%d sends, want 1", n)
	}
	// The next process finds nothing in flight to send again.
	if released, _ := ReleaseInFlight(app); released != 0 {
		t.Fatalf("the next start released %d jobs", released)
	}
}

func TestDrainGivesUpOnASendThatNeverEnds(t *testing.T) {
	d := NewDrain()
	if !d.Begin() {
		t.Fatal("a running server refused a round")
	}
	begun := time.Now()
	if left := d.StopAndWait(200 * time.Millisecond); left != 1 {
		t.Fatalf("StopAndWait reported %d rounds left, want 1", left)
	}
	if waited := time.Since(begun); waited < 200*time.Millisecond || waited > 2*time.Second {
		t.Fatalf("waited %s for a 200 ms limit", waited)
	}
	if d.Begin() {
		t.Fatal("a stopping server started a round")
	}
}

// fixedMail renders every job as one plain mail.
type fixedMail struct{}

func (fixedMail) PositionSQL() string { return "SELECT 0 AS ahead" }
func (fixedMail) Render(RenderInput) (*Rendered, error) {
	r := &Rendered{From: Address{Address: "venue@example.test", Name: "Venue"}}
	r.Mail = &MailParts{Subject: "Your reservation", Text: "See you", HTML: "<p>See you</p>"}
	return r, nil
}

// hungSMTP accepts connections on a loopback port and never says a word.
func hungSMTP(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return ln.Addr().(*net.TCPAddr).Port
}

func TestAHungSMTPSendTimesOutAndIsRetried(t *testing.T) {
	app := newApp(t)
	smtp := &app.Settings().SMTP
	smtp.Enabled, smtp.Host, smtp.Port = true, "127.0.0.1", hungSMTP(t)
	// The test app swaps in its recording mailer first; put PocketBase's real SMTP client back.
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		e.Mailer = &mailer.SMTPClient{Host: smtp.Host, Port: smtp.Port}
		return e.Next()
	})
	cfg := testConfig()
	cfg.MailTimeout = time.Second
	w := New(app, cfg)
	w.Mail = &Mail{App: app, Renderer: fixedMail{}}
	insert(t, app, row{id: "a"})

	begun := time.Now()
	done := make(chan Summary, 1)
	go func() { done <- w.Flush(10, time.Time{}) }()
	select {
	case s := <-done:
		if s.Failed != 1 || s.Sent != 0 {
			t.Fatalf("flush against a hung provider: %+v", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a send to a provider that never answers was still waiting after 5 s, with a 1 s timeout")
	}
	if took := time.Since(begun); took < time.Second {
		t.Fatalf("gave up after %s, before its 1 s timeout", took)
	}
	s := load(t, app, "a")
	if s.Status != "failed" || s.Attempts != 1 || !strings.Contains(s.LastError, "within 1s") || s.Next < Stamp(time.Now().Add(25*time.Second)) {
		t.Fatalf("the timed-out send was recorded as %+v, want a failed attempt retried after its backoff", s)
	}
}

func TestAHungMetaEndpointNeverDelaysAGuestsMail(t *testing.T) {
	app := newApp(t) // cleaned up last: the hung posts are let go first
	hang := make(chan struct{})
	var posts atomic.Int32
	meta := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() {
		close(hang)
		meta.CloseClientConnections()
		meta.Close()
	})
	t.Setenv("META_PIXEL_ID", "123")
	t.Setenv("META_ACCESS_TOKEN", "token-abc")
	t.Setenv("META_API_BASE", meta.URL)

	cfg := testConfig()
	cfg.MetaTimeout = 30 * time.Second
	w := New(app, cfg)
	mail := newRecorder()
	w.Mail = mail
	// Conversions queued first (older), as each create queues its lead before the guest's mail.
	for i := 0; i < 6; i++ {
		insert(t, app, row{id: "lead" + string(rune('a'+i)), kind: KindConversion, due: time.Now().Add(-time.Minute)})
	}
	w.Register()
	serve(t, app)
	w.Wake()
	for posts.Load() < int32(cfg.MetaLanes) {
		time.Sleep(5 * time.Millisecond)
	}
	for _, id := range []string{"m1", "m2", "m3"} {
		insert(t, app, row{id: id})
		w.Wake()
	}
	mail.waitFor(t, 3, time.Second)
	if n := posts.Load(); n != int32(cfg.MetaLanes) {
		t.Fatalf("%d posts to Meta at once, want one per Meta lane (%d)", n, cfg.MetaLanes)
	}
}

func TestMetaTimesOutWithTheTokenOutOfTheURLAndTheError(t *testing.T) {
	hang := make(chan struct{})
	var url, body string
	meta := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		url = r.URL.String()
		buf := make([]byte, 4096)
		n, _ := r.Body.Read(buf)
		body = string(buf[:n])
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() {
		close(hang)
		meta.Close()
	})
	t.Setenv("META_PIXEL_ID", "123")
	t.Setenv("META_ACCESS_TOKEN", "token-abc")
	t.Setenv("META_API_BASE", meta.URL+"/")
	m := &Meta{Timeout: 300 * time.Millisecond}
	o := m.Send(context.Background(), Job{Payload: `{"event":{"event_name":"Lead"}}`})
	if o.Sent || o.Err == nil || !strings.Contains(o.Err.Error(), "did not answer within 300ms") {
		t.Fatalf("a hung Meta endpoint: %+v", o)
	}
	if url != "/123/events" || strings.Contains(url, "token") || !strings.Contains(body, `"access_token":"token-abc"`) || !strings.Contains(body, `"event_name":"Lead"`) {
		t.Fatalf("posted %s with %s", url, body)
	}
}
