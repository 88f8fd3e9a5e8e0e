package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"venue/server/outbox"
)

// A lane woken too early (before the job's transaction committed) or not at all shows here: its
// look for due jobs is a read, which does not see an uncommitted job, so the job waits for the
// tick, and the tick is 10 minutes. The stand-in transport reports each job it is given.
type outboxProbe struct {
	app    *tests.TestApp
	worker *outbox.Worker
	sent   chan string
}

// outboxTable is the outbox collection's table as the migrations leave it (the columns the
// worker reads and writes).
const outboxTable = `CREATE TABLE outbox (id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL DEFAULT 'mail',
	template TEXT NOT NULL DEFAULT 'probe', recipient TEXT NOT NULL DEFAULT '', payload JSON DEFAULT '{}',
	record_collection TEXT NOT NULL DEFAULT '', record_id TEXT NOT NULL DEFAULT '', job_key TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL DEFAULT '',
	last_error TEXT NOT NULL DEFAULT '', sent_at TEXT NOT NULL DEFAULT '', claimed_at TEXT NOT NULL DEFAULT '',
	created TEXT NOT NULL DEFAULT '', updated TEXT NOT NULL DEFAULT '')`

func newOutboxProbe(t *testing.T) *outboxProbe {
	t.Helper()
	t.Setenv("OUTBOX_TICK_SECONDS", "600")
	t.Setenv("OUTBOX_WORKERS", "2")
	app := newTestApp(t)
	p := &outboxProbe{app: app, sent: make(chan string, 100)}
	if _, err := app.DB().NewQuery(outboxTable).Execute(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"waitlist", "capacity"} {
		collection := core.NewBaseCollection(name)
		collection.Fields.Add(&core.TextField{Name: "note"})
		if err := app.Save(collection); err != nil {
			t.Fatal(err)
		}
	}
	p.worker = registerOutboxWorker(app, t.TempDir())
	p.worker.Mail = outbox.TransportFunc(func(_ context.Context, job outbox.Job) outbox.Outcome {
		p.sent <- job.ID
		return outbox.Outcome{Sent: true}
	})
	serveTestApp(t, app)
	return p
}

// enqueue inserts one job the way hooks/lib/outbox.ts does: a plain INSERT with the given app
// (a transaction's, to commit it with its record).
func enqueue(t *testing.T, app core.App, id string) {
	t.Helper()
	_, err := app.DB().NewQuery("INSERT INTO outbox (id, next_attempt_at) VALUES ({:id}, {:now})").
		Bind(map[string]any{"id": id, "now": outbox.Stamp(time.Now())}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

// woken checks that job `id` is sent within 1 s of its commit.
func (p *outboxProbe) woken(t *testing.T, id string) {
	t.Helper()
	select {
	case got := <-p.sent:
		if got != id {
			t.Fatalf("the lane sent %q, want %q", got, id)
		}
	case <-time.After(time.Second):
		t.Fatalf("job %q was not sent within 1 s of its commit (a lane woken too early, or not at all)", id)
	}
}

// quiet checks that nothing is sent within `window`.
func (p *outboxProbe) quiet(t *testing.T, window time.Duration, why string) {
	t.Helper()
	select {
	case id := <-p.sent:
		t.Fatalf("job %q was sent %s", id, why)
	case <-time.After(window):
	}
}

func TestOutboxWorkerWakesOnEveryCommittedJob(t *testing.T) {
	p := newOutboxProbe(t)
	app := p.app

	// A waitlist join: the entry and its mail in one transaction (the public create hook).
	err := app.RunInTransaction(func(tx core.App) error {
		entry := core.NewRecord(mustCollection(t, tx, "waitlist"))
		entry.Set("note", "party of 2")
		if err := tx.Save(entry); err != nil {
			return err
		}
		enqueue(t, tx, "joined")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	p.woken(t, "joined")

	// A capacity change: its after-create hook offers the seats in a transaction of its own
	// (pb_hooks/waitlist.pb.js, afterCapacityChange), after the capacity record's has committed.
	app.OnRecordAfterCreateSuccess("capacity").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return e.App.RunInTransaction(func(tx core.App) error {
			enqueue(t, tx, "offer")
			return nil
		})
	})
	capacity := core.NewRecord(mustCollection(t, app, "capacity"))
	capacity.Set("note", "12 seats")
	if err := app.Save(capacity); err != nil {
		t.Fatal(err)
	}
	p.woken(t, "offer")

	// A route or hook outside any transaction (a staff sign-in code): the insert commits on its own.
	enqueue(t, app, "sign-in-code")
	p.woken(t, "sign-in-code")

	// The second job of one record, later: woken again.
	enqueue(t, app, "update")
	p.woken(t, "update")
}

func TestOutboxWakeWaitsForTheCommit(t *testing.T) {
	p := newOutboxProbe(t)
	err := p.app.RunInTransaction(func(tx core.App) error {
		enqueue(t, tx, "a")
		enqueue(t, tx, "b")
		// The transaction holds the write connection: a lane that looked now would find
		// nothing and sleep until its tick.
		p.quiet(t, 300*time.Millisecond, "while the job's transaction was still open")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	select {
	case first = <-p.sent:
	case <-time.After(time.Second):
		t.Fatal("no job was sent within 1 s of the commit (a lane woken too early, or not at all)")
	}
	p.woken(t, map[string]string{"a": "b", "b": "a"}[first])

	// A rolled-back job wakes a lane at most for a look that finds nothing; no job is sent.
	_ = p.app.RunInTransaction(func(tx core.App) error {
		enqueue(t, tx, "c")
		return errRollback
	})
	p.quiet(t, 300*time.Millisecond, "after its transaction rolled back")
}

func TestOutboxWorkersRestWithoutNewJobs(t *testing.T) {
	p := newOutboxProbe(t)
	enqueue(t, p.app, "a")
	p.woken(t, "a")
	time.Sleep(100 * time.Millisecond) // the lane that sent it looks once more and finds nothing
	runs := p.worker.Runs()
	// The lanes' own writes (claims, results) and other records' saves are no new job.
	if _, err := p.app.DB().NewQuery("UPDATE outbox SET attempts = 1").Execute(); err != nil {
		t.Fatal(err)
	}
	other := core.NewRecord(mustCollection(t, p.app, "capacity"))
	other.Set("note", "no mail")
	if err := p.app.Save(other); err != nil {
		t.Fatal(err)
	}
	p.quiet(t, 300*time.Millisecond, "without a new job")
	if now := p.worker.Runs(); now != runs {
		t.Fatalf("the lanes ran %d more rounds without a new job", now-runs)
	}
}

type rollback struct{}

func (rollback) Error() string { return "rolled back on purpose" }

var errRollback error = rollback{}

func mustCollection(t *testing.T, app core.App, name string) *core.Collection {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sendThrough runs a mail through the app's send hooks, as PocketBase's mail client does, with
// `provider` as the SMTP conversation at the end of the chain.
func sendThrough(app core.App, provider func() error) <-chan error {
	done := make(chan error, 1)
	go func() {
		e := &core.MailerEvent{App: app, Message: &mailer.Message{Subject: "Your reservation"}}
		done <- app.OnMailerSend().Trigger(e, func(*core.MailerEvent) error { return provider() })
	}()
	return done
}

func TestOutboxSendGivesUpOnAProviderThatNeverAnswers(t *testing.T) {
	t.Setenv("OUTBOX_SEND_TIMEOUT_SECONDS", "1")
	app := newTestApp(t)
	registerOutboxWorker(app, t.TempDir())

	// A healthy provider: its answer passes through, error or not.
	if err := <-sendThrough(app, func() error { return nil }); err != nil {
		t.Fatalf("a healthy send failed: %v", err)
	}
	refused := errors.New("550 mailbox unavailable")
	if err := <-sendThrough(app, func() error { return refused }); !errors.Is(err, refused) {
		t.Fatalf("the provider's refusal became %v", err)
	}

	// One that accepts the connection and never answers: the send fails at its deadline, so the
	// worker records a failed attempt (retried with backoff) instead of waiting forever.
	hung := make(chan struct{})
	defer close(hung)
	begun := time.Now()
	select {
	case err := <-sendThrough(app, func() error { <-hung; return nil }):
		if err == nil || !strings.Contains(err.Error(), "did not answer within 1s") {
			t.Fatalf("a hung send answered %v", err)
		}
		if waited := time.Since(begun); waited < time.Second || waited > 3*time.Second {
			t.Fatalf("a hung send failed after %s, with a 1 s deadline", waited)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a hung send was still waiting after 5 s, with a 1 s deadline")
	}
}
