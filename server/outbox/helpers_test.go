package outbox

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The outbox collection's table as the migrations leave it (the columns the worker uses).
const outboxTable = `CREATE TABLE outbox (id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL DEFAULT 'mail',
	template TEXT NOT NULL DEFAULT 'reservation_confirmation', recipient TEXT NOT NULL DEFAULT 'guest@example.test',
	payload JSON DEFAULT '{}', record_collection TEXT NOT NULL DEFAULT '', record_id TEXT NOT NULL DEFAULT '',
	job_key TEXT NOT NULL DEFAULT '', status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
	next_attempt_at TEXT NOT NULL DEFAULT '', last_error TEXT NOT NULL DEFAULT '', sent_at TEXT NOT NULL DEFAULT '',
	claimed_at TEXT NOT NULL DEFAULT '', created TEXT NOT NULL DEFAULT '', updated TEXT NOT NULL DEFAULT '')`

// newApp is a fresh PocketBase on a temp data dir with an outbox table, removed after the test.
func newApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	if _, err := app.DB().NewQuery(outboxTable).Execute(); err != nil {
		t.Fatal(err)
	}
	return app
}

// row is one outbox job as a test inserts it.
type row struct {
	id, kind, status, template, payload, claimedAt string
	due                                            time.Time
}

func insert(t testing.TB, app core.App, r row) {
	t.Helper()
	if r.kind == "" {
		r.kind = KindMail
	}
	if r.status == "" {
		r.status = "pending"
	}
	if r.template == "" {
		r.template = "reservation_confirmation"
	}
	if r.payload == "" {
		r.payload = "{}"
	}
	if r.due.IsZero() {
		r.due = time.Now()
	}
	_, err := app.DB().NewQuery(`INSERT INTO outbox (id, kind, status, template, payload, claimed_at, next_attempt_at)
		VALUES ({:id}, {:kind}, {:status}, {:template}, {:payload}, {:claimed}, {:due})`).Bind(dbx.Params{
		"id": r.id, "kind": r.kind, "status": r.status, "template": r.template, "payload": r.payload, "claimed": r.claimedAt, "due": Stamp(r.due),
	}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// stored is one job's bookkeeping as recorded.
type stored struct {
	Status    string `db:"status"`
	Attempts  int    `db:"attempts"`
	Next      string `db:"next_attempt_at"`
	LastError string `db:"last_error"`
	ClaimedAt string `db:"claimed_at"`
	Payload   string `db:"payload"`
	SentAt    string `db:"sent_at"`
}

func load(t testing.TB, app core.App, id string) stored {
	t.Helper()
	var s stored
	if err := app.DB().NewQuery("SELECT status, attempts, next_attempt_at, last_error, claimed_at, payload, sent_at FROM outbox WHERE id = {:id}").
		Bind(dbx.Params{"id": id}).One(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// serve runs the app's serve hooks (lanes, routes) as `serve` does, without a listener.
func serve(t testing.TB, app core.App) {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// terminate runs the app's termination hooks (the drain) as a SIGTERM does.
func terminate(app core.App) error {
	return app.OnTerminate().Trigger(&core.TerminateEvent{App: app}, func(*core.TerminateEvent) error { return nil })
}

// testConfig: a few lanes, a tick long enough that only wake-ups start a round.
func testConfig() Config {
	return Config{MailLanes: 2, MetaLanes: 2, Tick: 10 * time.Minute, MailTimeout: 5 * time.Second, MetaTimeout: 5 * time.Second, BackoffBase: 30}
}

// recorder is a stand-in transport that notes every job it is given, when, and answers Sent.
type recorder struct {
	mu   sync.Mutex
	sent []string
	at   []time.Time
	ch   chan string
}

func newRecorder() *recorder { return &recorder{ch: make(chan string, 100)} }

func (r *recorder) Send(_ context.Context, job Job) Outcome {
	r.mu.Lock()
	r.sent = append(r.sent, job.ID)
	r.at = append(r.at, time.Now())
	r.mu.Unlock()
	r.ch <- job.ID
	return Outcome{Sent: true}
}

func (r *recorder) ids() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.sent...)
}

// waitFor waits for `n` sends, or fails after `limit`.
func (r *recorder) waitFor(t testing.TB, n int, limit time.Duration) {
	t.Helper()
	deadline := time.After(limit)
	for i := 0; i < n; i++ {
		select {
		case <-r.ch:
		case <-deadline:
			t.Fatalf("%d of %d sends within %s (sent: %v)", i, n, limit, r.ids())
		}
	}
}
