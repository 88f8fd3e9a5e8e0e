package main

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// freshDrain gives the test its own drain state (the server has one per process) and puts the
// process's back afterwards.
func freshDrain(t *testing.T) {
	t.Helper()
	saved := drain
	d := &outboxDrain{}
	d.idle = sync.NewCond(&d.mu)
	drain = d
	t.Cleanup(func() { drain = saved })
}

// flushVM is a hook VM whose outbox flush sends through `send` (a Go stand-in for the provider)
// and records each sent job in the outbox table, as pb_hooks/lib/outbox.js does.
func flushVM(t *testing.T, app core.App, send func()) *goja.Runtime {
	t.Helper()
	vm := goja.New()
	bindOutboxDrain(vm)
	_ = vm.Set("send", send)
	_ = vm.Set("record", func(id string) {
		if _, err := app.DB().NewQuery("UPDATE outbox SET status = 'sent', attempts = attempts + 1 WHERE id = {:id}").Bind(map[string]any{"id": id}).Execute(); err != nil {
			panic(err)
		}
	})
	return vm
}

const flushJobA = `$outboxFlush(() => { if ($outboxStopping()) return 0; send(); record('a'); return 1; })`

func TestDrainWaitsForTheSendInFlightAndStartsNoOther(t *testing.T) {
	freshDrain(t)
	app := newTestApp(t)
	for _, q := range []string{
		"CREATE TABLE outbox (id TEXT PRIMARY KEY NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0)",
		"INSERT INTO outbox (id, status) VALUES ('a', 'pending')",
	} {
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	registerOutboxDrain(app)

	var sends atomic.Int32
	sending := make(chan struct{})
	providerAnswers := make(chan struct{})
	vm := flushVM(t, app, func() {
		sends.Add(1)
		close(sending)
		<-providerAnswers
	})
	flushed := make(chan goja.Value, 1)
	go func() {
		v, err := vm.RunString(flushJobA)
		if err != nil {
			t.Error(err)
		}
		flushed <- v
	}()
	<-sending

	// SIGTERM: PocketBase runs the terminate hooks, then (the last handler) closes the database.
	statusAtClose := make(chan string, 1)
	go func() {
		_ = app.OnTerminate().Trigger(&core.TerminateEvent{App: app}, func(e *core.TerminateEvent) error {
			var status string
			_ = app.DB().NewQuery("SELECT status || '/' || attempts FROM outbox WHERE id = 'a'").Row(&status)
			statusAtClose <- status
			return nil
		})
	}()
	select {
	case s := <-statusAtClose:
		t.Fatalf("the database closed while a send was in flight (job %s): the next process would send it again", s)
	case <-time.After(300 * time.Millisecond):
	}
	if !drain.stopping.Load() {
		t.Fatal("stopping did not begin at SIGTERM")
	}

	close(providerAnswers)
	select {
	case s := <-statusAtClose:
		if s != "sent/1" {
			t.Fatalf("at close the job was %q, want sent once", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("termination did not go on once the send was recorded")
	}
	if v := <-flushed; v.ToInteger() != 1 {
		t.Fatalf("the flush in flight returned %v", v)
	}

	// Once stopping, no flush starts: $outboxFlush does not call it, and says so (undefined).
	late := flushVM(t, app, func() { sends.Add(1) })
	v, err := late.RunString(flushJobA)
	if err != nil || !goja.IsUndefined(v) {
		t.Fatalf("a flush after SIGTERM ran: %v, %v", v, err)
	}
	if got, _ := late.RunString(`$outboxStopping()`); !got.ToBoolean() {
		t.Fatal("$outboxStopping() is false after SIGTERM")
	}
	if n := sends.Load(); n != 1 {
		t.Fatalf("%d sends, want 1", n)
	}
}

func TestDrainGivesUpOnAHungSendAtItsLimit(t *testing.T) {
	freshDrain(t)
	hung := make(chan struct{})
	defer close(hung)
	vm := goja.New()
	bindOutboxDrain(vm)
	_ = vm.Set("send", func() { <-hung })
	started := make(chan struct{})
	_ = vm.Set("started", func() { close(started) })
	go func() { _, _ = vm.RunString(`$outboxFlush(() => { started(); send(); })`) }()
	<-started
	begun := time.Now()
	if left := drain.stopAndWait(200 * time.Millisecond); left != 1 {
		t.Fatalf("stopAndWait reported %d flushes left, want the hung one", left)
	}
	if waited := time.Since(begun); waited < 200*time.Millisecond || waited > 2*time.Second {
		t.Fatalf("stopAndWait waited %s for a 200ms limit", waited)
	}
}

func TestDrainCountsAFlushThatThrows(t *testing.T) {
	freshDrain(t)
	vm := goja.New()
	bindOutboxDrain(vm)
	v, err := vm.RunString(`let m; try { $outboxFlush(() => { throw new Error('smtp down'); }); } catch (e) { m = e.message; } m`)
	if err != nil || v.String() != "smtp down" {
		t.Fatalf("the flush's exception: %v, %v", v, err)
	}
	// The flush ended (it threw), so stopping does not wait for it.
	if left := drain.stopAndWait(time.Second); left != 0 {
		t.Fatalf("%d flushes still counted after one threw", left)
	}
	if _, err := vm.RunString(`$outboxFlush('not a function')`); err == nil || !strings.Contains(err.Error(), "expects a function") {
		t.Fatalf("a non-function: %v", err)
	}
}
