package main

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// outboxDrain lets a stopping server finish the sends it has started.
//
// A deploy restarts the server (SIGTERM). Without this, the process exited in the middle of an
// outbox flush: a mail the SMTP server had already accepted was never marked sent, so the next
// process released its claim and sent it again (the guest got two confirmations). Now, once
// PocketBase starts terminating, no flush claims another job, and termination waits (at most
// drainLimit) for the flushes under way to send what they claimed and record it. A send that is
// still not done then (a hung provider) is retried by the next process, as after a crash.
type outboxDrain struct {
	stopping atomic.Bool
	mu       sync.Mutex
	active   int
	idle     *sync.Cond
}

var drain = func() *outboxDrain {
	d := &outboxDrain{}
	d.idle = sync.NewCond(&d.mu)
	return d
}()

// drainLimit is how long termination waits for flushes under way: longer than a healthy send and
// its bookkeeping, well within a service manager's stop timeout (systemd's default is 90 s).
const drainLimit = 10 * time.Second

// bindOutboxDrain gives every hook VM:
//   - `$outboxFlush(fn)`: runs fn (one outbox flush) unless the server is stopping, counted so
//     that termination waits for it; returns fn's result, or undefined when it did not run;
//   - `$outboxStopping()`: true once termination began; a flush checks it before each claim.
func bindOutboxDrain(vm *goja.Runtime) {
	_ = vm.Set("$outboxFlush", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(vm.NewTypeError("$outboxFlush expects a function"))
		}
		if !drain.begin() {
			return goja.Undefined()
		}
		defer drain.end()
		result, err := fn(goja.Undefined())
		if err != nil {
			if exception, ok := err.(*goja.Exception); ok {
				panic(exception)
			}
			panic(vm.NewGoError(err))
		}
		return result
	})
	_ = vm.Set("$outboxStopping", func() bool { return drain.stopping.Load() })
}

func (d *outboxDrain) begin() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopping.Load() {
		return false
	}
	d.active++
	return true
}

func (d *outboxDrain) end() {
	d.mu.Lock()
	d.active--
	d.mu.Unlock()
	d.idle.Broadcast()
}

// stopAndWait stops new flushes and waits until none is under way or `limit` has passed; it
// reports how many were still running.
func (d *outboxDrain) stopAndWait(limit time.Duration) int {
	d.stopping.Store(true)
	timer := time.AfterFunc(limit, d.idle.Broadcast)
	defer timer.Stop()
	deadline := time.Now().Add(limit)
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.active > 0 && time.Now().Before(deadline) {
		d.idle.Wait()
	}
	return d.active
}

// registerOutboxDrain waits for the flushes under way before PocketBase closes the database.
func registerOutboxDrain(app core.App) {
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if left := drain.stopAndWait(drainLimit); left > 0 {
			e.App.Logger().Warn("outbox: stopping with sends still under way; the next start retries them", "flushes", left)
		}
		return e.Next()
	})
}
