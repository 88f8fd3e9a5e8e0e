package outbox

import (
	"sync"
	"sync/atomic"
	"time"
)

// Drain lets a stopping server finish the sends it has started.
//
// A deploy restarts the server (SIGTERM). Without this, the process exited in the middle of a
// send: a mail the SMTP server had already accepted was never marked sent, so the next process
// released its claim and sent it again (the guest got two confirmations). Once PocketBase starts
// terminating, no lane claims another job, and termination waits (at most DrainLimit) for the
// sends under way to finish and be recorded. A send still not done then (a hung provider) is
// retried by the next process, as after a crash.
type Drain struct {
	stopping atomic.Bool
	mu       sync.Mutex
	active   int
	idle     *sync.Cond
}

// DrainLimit is how long termination waits for sends under way: longer than a healthy send and
// its bookkeeping, well within a service manager's stop timeout (systemd's default is 90 s).
const DrainLimit = 10 * time.Second

func NewDrain() *Drain {
	d := &Drain{}
	d.idle = sync.NewCond(&d.mu)
	return d
}

// Begin counts one claim-send-record round, unless the server is stopping (false: do not claim).
func (d *Drain) Begin() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopping.Load() {
		return false
	}
	d.active++
	return true
}

// End ends a round that Begin started.
func (d *Drain) End() {
	d.mu.Lock()
	d.active--
	d.mu.Unlock()
	d.idle.Broadcast()
}

// Stopping is true once termination began.
func (d *Drain) Stopping() bool { return d.stopping.Load() }

// StopAndWait stops new rounds and waits until none is under way or `limit` has passed; it
// reports how many were still running.
func (d *Drain) StopAndWait(limit time.Duration) int {
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
