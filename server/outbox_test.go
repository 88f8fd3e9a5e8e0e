package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// A worker woken too early (before the job's transaction committed) or not at all shows here:
// the stand-in outbox job reports how many jobs it could see when it ran. The tick is 10 minutes
// and the cron schedule never fires, so a run within the test can only be a wake-up.
type outboxProbe struct {
	app  *tests.TestApp
	runs chan int
}

func newOutboxProbe(t *testing.T) *outboxProbe {
	t.Helper()
	t.Setenv("OUTBOX_TICK_SECONDS", "600")
	t.Setenv("OUTBOX_WORKERS", "2")
	app := newTestApp(t)
	p := &outboxProbe{app: app, runs: make(chan int, 100)}
	for _, ddl := range []string{
		"CREATE TABLE outbox (id TEXT PRIMARY KEY NOT NULL, status TEXT NOT NULL DEFAULT 'pending')",
	} {
		if _, err := app.DB().NewQuery(ddl).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"waitlist", "capacity"} {
		collection := core.NewBaseCollection(name)
		collection.Fields.Add(&core.TextField{Name: "note"})
		if err := app.Save(collection); err != nil {
			t.Fatal(err)
		}
	}
	app.Cron().MustAdd(outboxJobID, "0 0 31 2 *", func() {
		var pending int
		// A read, as the real worker's first look (anyDue) is: it sees committed rows only.
		_ = app.ConcurrentDB().NewQuery("SELECT COUNT(*) FROM outbox WHERE status = 'pending'").Row(&pending)
		p.runs <- pending
	})
	registerOutboxWorker(app)
	serveTestApp(t, app)
	return p
}

// enqueue inserts one job the way pb_hooks/lib/outbox.js does: a plain INSERT with the given app
// (a transaction's, to commit it with its record).
func enqueue(t *testing.T, app core.App, id string) {
	t.Helper()
	if _, err := app.DB().NewQuery("INSERT INTO outbox (id, status) VALUES ({:id}, 'pending')").Bind(map[string]any{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// woken waits for the worker's next run and checks that it saw `want` committed jobs.
func (p *outboxProbe) woken(t *testing.T, want int) {
	t.Helper()
	select {
	case seen := <-p.runs:
		if seen != want {
			t.Fatalf("the worker ran seeing %d committed jobs, want %d (woken before the commit?)", seen, want)
		}
	case <-time.After(time.Second):
		t.Fatalf("the worker was not woken within 1 s of the job's commit")
	}
}

// quiet checks that the worker does not run within `window`.
func (p *outboxProbe) quiet(t *testing.T, window time.Duration, why string) {
	t.Helper()
	select {
	case seen := <-p.runs:
		t.Fatalf("the worker ran (seeing %d jobs) %s", seen, why)
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
	p.woken(t, 1)

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
	p.woken(t, 2)

	// A route or hook outside any transaction (a staff sign-in code): the insert commits on its own.
	enqueue(t, app, "sign-in-code")
	p.woken(t, 3)

	// The second job of one record, later: woken again.
	enqueue(t, app, "update")
	p.woken(t, 4)
}

func TestOutboxWakeWaitsForTheCommit(t *testing.T) {
	p := newOutboxProbe(t)
	err := p.app.RunInTransaction(func(tx core.App) error {
		enqueue(t, tx, "a")
		enqueue(t, tx, "b")
		// The transaction holds the write connection: the worker must not look yet, as it
		// would find nothing and sleep until its tick.
		p.quiet(t, 300*time.Millisecond, "while the job's transaction was still open")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	p.woken(t, 2)

	// A rolled-back job wakes the worker at most for a look that finds nothing; no job is sent.
	_ = p.app.RunInTransaction(func(tx core.App) error {
		enqueue(t, tx, "c")
		return errRollback
	})
	select {
	case seen := <-p.runs:
		if seen != 2 {
			t.Fatalf("after a rollback the worker saw %d jobs, want 2", seen)
		}
	case <-time.After(300 * time.Millisecond):
	}
}

func TestOutboxWorkersRestWithoutNewJobs(t *testing.T) {
	p := newOutboxProbe(t)
	enqueue(t, p.app, "a")
	p.woken(t, 1)
	// The worker's own writes (claims, results) and other records' saves are no new job.
	if _, err := p.app.DB().NewQuery("UPDATE outbox SET status = 'sent'").Execute(); err != nil {
		t.Fatal(err)
	}
	other := core.NewRecord(mustCollection(t, p.app, "capacity"))
	other.Set("note", "no mail")
	if err := p.app.Save(other); err != nil {
		t.Fatal(err)
	}
	p.quiet(t, 300*time.Millisecond, "without a new job")
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
	registerOutboxWorker(app)

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

func TestOutboxWorkerStatusIsForSuperusersOnly(t *testing.T) {
	t.Setenv("OUTBOX_WORKERS", "3")
	t.Setenv("OUTBOX_TICK_SECONDS", "600")
	for _, c := range []struct {
		as      string
		status  int
		content string
	}{
		{"", 401, `"status":401`},
		{"users", 403, `"status":403`},
		{core.CollectionNameSuperusers, 200, `"workers":3`},
	} {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name:            "as " + c.as,
			Method:          "GET",
			URL:             "/api/outbox/worker",
			Headers:         headers,
			ExpectedStatus:  c.status,
			ExpectedContent: []string{c.content},
			TestAppFactory: func(t testing.TB) *tests.TestApp {
				app := newTestApp(t)
				registerOutboxWorker(app)
				if c.as != "" {
					collection, err := app.FindCollectionByNameOrId(c.as)
					if err != nil {
						t.Fatal(err)
					}
					account := core.NewRecord(collection)
					account.SetEmail(c.as + "@example.test")
					account.SetPassword("a-long-password")
					if err := app.Save(account); err != nil {
						t.Fatal(err)
					}
					token, err := account.NewAuthToken()
					if err != nil {
						t.Fatal(err)
					}
					headers["Authorization"] = token
				}
				return app
			},
			DisableTestAppCleanup: true, // newTestApp removes it
		}
		s.Test(t)
	}
}
