// Package outbox sends the jobs the hooks queue in the outbox collection (mails, Meta
// conversion events) off the request path: claims and leases, retries with backoff, guests'
// creates first, per-transport lanes and timeouts, the drain on SIGTERM, and the routes.
//
// A job is inserted by the hooks inside its record's transaction (hooks/lib/outbox.ts,
// enqueue) and sent here. Each lane claims one job, sends it and records the outcome at once,
// so a crash re-sends at most one job per lane: the ones in flight at the kill.
package outbox

import (
	"context"
	"fmt"
	"log"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Config sets the lanes and their limits; FromEnv reads it from the environment.
type Config struct {
	MailLanes   int           // OUTBOX_WORKERS (default 16): mail sends at a time
	MetaLanes   int           // OUTBOX_META_LANES (default 2): conversion posts at a time
	Tick        time.Duration // OUTBOX_TICK_SECONDS (default 5): each lane also looks this often
	MailTimeout time.Duration // OUTBOX_SEND_TIMEOUT_SECONDS (default 30): one SMTP send
	MetaTimeout time.Duration // OUTBOX_META_TIMEOUT_SECONDS (default 15): one post to Meta
	// One lane posts alerts (ALERT_WEBHOOK_URL), each within MetaTimeout: a webhook, like Meta, is
	// somebody else's server.
	BackoffBase int // OUTBOX_BACKOFF_SECONDS (default 30): the first retry's wait
	// GuestsWaiting counts guests' creates holding or waiting for the write connection; a lane
	// lets them go first (up to GuestsFirstMax) before each claim.
	GuestsWaiting  func() int64
	GuestsFirstMax time.Duration
}

// FromEnv is the configuration the server runs with.
func FromEnv() Config {
	// Sends wait on the mail provider, not on this machine: an SMTP conversation is a round trip
	// or several, 0.1 s against the bench's loopback receiver and more against a real provider.
	// With 4 sends at a time, a burst of 600 bookings waited 8.6 s (median) for its
	// confirmations; with 16, 2.6 s, at the same creates per second.
	return Config{
		MailLanes:   EnvInt("OUTBOX_WORKERS", 16),
		MetaLanes:   EnvInt("OUTBOX_META_LANES", 2),
		Tick:        time.Duration(EnvInt("OUTBOX_TICK_SECONDS", 5)) * time.Second,
		MailTimeout: time.Duration(EnvInt("OUTBOX_SEND_TIMEOUT_SECONDS", 30)) * time.Second,
		MetaTimeout: time.Duration(EnvInt("OUTBOX_META_TIMEOUT_SECONDS", 15)) * time.Second,
		BackoffBase: EnvInt("OUTBOX_BACKOFF_SECONDS", 30),
		// The JS worker waited up to 1 s before each claim of up to 5 jobs; a lane claims one job
		// at a time, so it waits a fifth of that per claim: the same wait per mail. A full second
		// per mail held a 600-create burst's confirmations to 16 a second across 16 lanes.
		GuestsFirstMax: 200 * time.Millisecond,
	}
}

// EnvInt is a positive integer from the environment, else fallback.
func EnvInt(key string, fallback int) int {
	v := os.Getenv(key)
	if v == "" {
		return fallback
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return n
	}
	// Said at start-up, on the terminal and in the service's log: a typo in the environment
	// must not pass silently as the default.
	log.Printf("%s=%q is not a positive whole number: using %d", key, v, fallback)
	return fallback
}

// Worker runs the lanes of both transports.
type Worker struct {
	App   core.App
	Cfg   Config
	Mail  Transport
	Meta  Transport
	Alert Transport
	Drain *Drain
	// Ledger: the jobs sent, kept outside what a restore replaces (nil: none, as in tests).
	Ledger *Ledger

	signals  map[string]chan struct{}
	stop     chan struct{}
	stopOnce sync.Once
	runs     atomic.Int64
}

// New is a worker with the real transports (its Mail renderer is set by LoadBundle or a test).
func New(app core.App, cfg Config) *Worker {
	return &Worker{
		App:     app,
		Cfg:     cfg,
		Mail:    &Mail{App: app},
		Meta:    &Meta{Timeout: cfg.MetaTimeout},
		Alert:   &Webhook{Timeout: cfg.MetaTimeout},
		Drain:   NewDrain(),
		signals: map[string]chan struct{}{KindMail: make(chan struct{}, 1), KindConversion: make(chan struct{}, 1), KindAlert: make(chan struct{}, 1)},
		stop:    make(chan struct{}),
	}
}

// Wake tells one idle lane of each transport to look for due jobs (never blocks: a look already
// due will see the new job too). Called once a job's transaction has committed, so on every public
// create: without Meta's settings a conversion job is queued already skipped, so no Meta lane is
// woken to look for one (the tick still finds any left pending from a configured run).
func (w *Worker) Wake() {
	w.wakeKind(KindMail)
	w.wakeKind(KindAlert)
	if MetaSkipReason() == "" {
		w.wakeKind(KindConversion)
	}
}

func (w *Worker) wakeKind(kind string) {
	select {
	case w.signals[kind] <- struct{}{}:
	default:
	}
}

// Register binds the worker to the app: at serve start it frees the claims of a process that
// died mid-send, starts the lanes and adds the routes; at termination it drains.
func (w *Worker) Register() {
	w.App.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if released, err := ReleaseInFlight(se.App); err != nil {
			se.App.Logger().Warn("outbox: could not release the claims of a previous process", "error", err.Error())
		} else if released > 0 {
			fmt.Printf("outbox: released %d job(s) claimed by a process that stopped mid-send\n", released)
		}
		w.startLanes()
		w.routes(se)
		return se.Next()
	})
	w.App.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if left := w.Drain.StopAndWait(DrainLimit); left > 0 {
			e.App.Logger().Warn("outbox: stopping with sends still under way; the next start retries them", "sends", left)
		}
		w.stopOnce.Do(func() { close(w.stop) })
		return e.Next()
	})
}

// startLanes: a signal wakes one idle lane; a lane that claimed a job passes a signal on (more
// may be due), and otherwise never signals, so idle lanes stay idle (lanes that signalled
// themselves once claimed back to back forever, each empty claim taking SQLite's write
// connection from guests).
func (w *Worker) startLanes() {
	for kind, lanes := range map[string]int{KindMail: w.Cfg.MailLanes, KindConversion: w.Cfg.MetaLanes, KindAlert: 1} {
		for i := 0; i < lanes; i++ {
			go w.lane(kind)
		}
	}
}

func (w *Worker) lane(kind string) {
	ticker := time.NewTicker(w.Cfg.Tick)
	defer ticker.Stop()
	for {
		select {
		case <-w.signals[kind]:
		case <-ticker.C:
		case <-w.stop:
			return
		}
		w.runs.Add(1)
		for w.sendOne(kind) {
		}
	}
}

// sendOne lets guests write first, claims one due job of `kind`, sends and records it; false
// when nothing was due (or the server is stopping).
func (w *Worker) sendOne(kind string) bool {
	w.letGuestsWriteFirst()
	if !w.Drain.Begin() {
		return false
	}
	defer w.Drain.End()
	jobs, err := claim(w.App, kind, time.Now(), 1, "")
	if err != nil {
		w.App.Logger().Warn("outbox: claim failed", "error", err.Error())
		return false
	}
	if len(jobs) == 0 {
		return false
	}
	w.wakeKind(kind)
	w.run(jobs[0])
	return true
}

// letGuestsWriteFirst waits (up to GuestsFirstMax) while guests' creates hold or wait for a
// write turn: a claim and its outcome compete with them for SQLite's write connection, and a
// confirmation sent a moment later costs a guest nothing, while a create that waits keeps the
// guest looking at a spinner.
func (w *Worker) letGuestsWriteFirst() {
	if w.Cfg.GuestsWaiting == nil {
		return
	}
	for waited := time.Duration(0); waited < w.Cfg.GuestsFirstMax && w.Cfg.GuestsWaiting() > 0; waited += 20 * time.Millisecond {
		time.Sleep(20 * time.Millisecond)
	}
}

// run makes one attempt at a claimed job and records it; it returns the outcome.
func (w *Worker) run(job Job) Outcome {
	transport, timeout := w.Mail, w.Cfg.MailTimeout
	switch job.Kind {
	case KindConversion:
		transport, timeout = w.Meta, w.Cfg.MetaTimeout
	case KindAlert:
		transport, timeout = w.Alert, w.Cfg.MetaTimeout
	}
	outcome := w.sendUnlessSent(transport, job, timeout)
	switch {
	case outcome.Skipped != "":
		w.App.Logger().Warn("outbox job skipped", "id", job.ID, "template", job.Template, "reason", outcome.Skipped)
		// Also on the console, so an operator running without SMTP sees that mail is not going out.
		fmt.Printf("outbox job skipped: %s %s: %s\n", job.Template, job.ID, outcome.Skipped)
	case !outcome.Sent:
		w.App.Logger().Warn("outbox job failed; will retry", "id", job.ID, "template", job.Template, "attempts", job.Attempts+1, "error", ErrorText(outcome.Err))
	}
	if err := record(w.App, job, outcome, w.Cfg.BackoffBase); err != nil {
		w.App.Logger().Error("outbox: could not record an attempt", "id", job.ID, "error", err.Error())
	} else {
		noteGuestMail(w.App, job, outcome)
	}
	return outcome
}

// sendUnlessSent sends the job unless the ledger says it went out before a restore brought it
// back as pending; a send is in the ledger before its row is marked sent.
func (w *Worker) sendUnlessSent(t Transport, job Job, timeout time.Duration) Outcome {
	if w.Ledger != nil && w.Ledger.Sent(job) {
		fmt.Printf("outbox job %s %s: sent before a backup was restored, not sent again\n", job.Template, job.ID)
		return Outcome{Sent: true}
	}
	outcome := attempt(t, job, timeout)
	if outcome.Sent && w.Ledger != nil {
		if err := w.Ledger.Add(job); err != nil {
			w.App.Logger().Error("outbox: could not write the sent ledger", "id", job.ID, "error", err.Error())
		}
	}
	return outcome
}

// attempt sends through the transport, giving up at `timeout` (plus a moment for the
// transport's own deadline to answer first): a send that never returns is a failed attempt,
// retried with backoff, and the lane moves on. A panic is a failed attempt too.
func attempt(t Transport, job Job, timeout time.Duration) Outcome {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	done := make(chan Outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- Outcome{Err: fmt.Errorf("the send panicked: %v", r)}
			}
		}()
		done <- t.Send(ctx, job)
	}()
	select {
	case o := <-done:
		return o
	case <-time.After(timeout + time.Second):
		return Outcome{Err: fmt.Errorf("the send did not finish within %s", timeout)}
	}
}

// Runs is how many rounds the lanes have started (woken or by their tick) since the server did.
func (w *Worker) Runs() int64 { return w.runs.Load() }
