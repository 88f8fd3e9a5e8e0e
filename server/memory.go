package main

import (
	"fmt"
	"log"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// defaultMemoryLimitMB is the Go runtime's soft memory limit (MEMORY_LIMIT_MB overrides it, 0
// turns it off; GOMEMLIMIT, Go's own, wins when set). GOGC=400 (defaultGCPercent) keeps the
// collector from stalling the write turns by letting the heap grow to five times what is live;
// the limit makes it collect sooner once the heap nears it, so a burst costs CPU, not memory, and
// the evening fits a 256 MB budget (issue 33): about 60 MB of the process's resident memory is
// outside the Go heap (the binary's code, SQLite's page caches), more the busier the evening.
// Measured on a shared 2-core machine (scripts/reliability/memory.mjs, scripts/bench/creates.mjs):
// 176 peaked at 211 MB, 192 at 247 MB, 208 at 259 MB. The price is collection work during a
// burst whose confirmations go out meanwhile: a reservation create's server CPU there was 4.1 ms
// without a limit (as before), 4.9 ms at 208 and 4.6-6.6 ms at 176. A machine with more memory
// raises it; 0 turns it off.
const defaultMemoryLimitMB = 176

// Memory comes back once the requests stop: after quietPeriod without a request let through the
// hooks gate (checked every quietCheck), returnMemory (see quietWatch). Without it a burst's
// garbage stayed resident for minutes (with no allocation no collection runs, and the scavenger
// returns pages slowly), and so did the SQLite connections it had opened.
const (
	quietPeriod = 15 * time.Second
	quietCheck  = 5 * time.Second
)

// memoryLimitBytes reads the limit to set: MEMORY_LIMIT_MB in MB (0: none), else the default;
// none when GOMEMLIMIT is set (the runtime has read it already). ok is false when there is none;
// warning says why a value set was not used (the default is kept, not a server without a bound).
func memoryLimitBytes(getenv func(string) string) (limit int64, ok bool, warning string) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, false, ""
	}
	mb := defaultMemoryLimitMB
	if v := getenv("MEMORY_LIMIT_MB"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			mb = n
		} else {
			warning = fmt.Sprintf("MEMORY_LIMIT_MB=%q is not a whole number of MB (0 for none): using %d", v, defaultMemoryLimitMB)
		}
	}
	return int64(mb) << 20, mb > 0, warning
}

// applyMemorySettings sets the soft limit and, once the app serves, returns memory when quiet.
func applyMemorySettings(app core.App, gate *hooksGate) {
	limit, ok, warning := memoryLimitBytes(os.Getenv)
	if warning != "" {
		log.Print(warning)
	}
	if ok {
		debug.SetMemoryLimit(limit)
	}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		go returnMemoryWhenQuiet(se.App, gate)
		return se.Next()
	})
}

func returnMemoryWhenQuiet(app core.App, gate *hooksGate) {
	watch := &quietWatch{}
	// GOGC is ours to change only when the environment did not set it (main.go).
	pace := gcPace{manage: os.Getenv("GOGC") == "", set: func(percent int) { debug.SetGCPercent(percent) }}
	for now := range time.Tick(quietCheck) {
		due := watch.due(now, gate.started.Load(), heapResident())
		pace.follow(watch.quiet(now))
		if due {
			returnMemory(app)
			watch.returned(heapResident())
		}
	}
}

// quietGCPercent is GOGC while no request is coming in. defaultGCPercent (400) lets the heap grow
// to five times what is live so the collector does not stall a guest's write turn; with no guest
// waiting that trade buys nothing, and the work that goes on after a burst (the outbox sending its
// confirmations, minutes of it after the busiest evening) kept the heap near the memory limit.
const quietGCPercent = 100

// gcPace switches GOGC between the busy and the quiet pace as quiet spells start and end.
type gcPace struct {
	manage bool
	set    func(percent int)
	quiet  bool
}

func (p *gcPace) follow(quiet bool) {
	if !p.manage || quiet == p.quiet {
		return
	}
	p.quiet = quiet
	if quiet {
		p.set(quietGCPercent)
	} else {
		p.set(defaultGCPercent)
	}
}

// heapResident is how much memory the Go heap holds from the system (in use or free, not returned).
func heapResident() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapSys - m.HeapReleased
}

// quietWatch decides when memory is returned: once quietPeriod has passed without a request let
// in, and again while it stays quiet each time the heap has taken regrowth more from the system
// (the outbox sending a burst's confirmations allocates after the requests have stopped, and
// GOGC=400 lets its garbage pile up to five times what is live).
type quietWatch struct {
	seen          int64     // the gate's count of requests let in, at the last look
	quietSince    time.Time // when that count last changed: this quiet spell's start
	returnedOnce  bool      // memory was returned in this quiet spell
	residentAfter uint64    // heapResident just after the last return
}

const regrowth = 32 << 20

func (q *quietWatch) due(now time.Time, started int64, resident uint64) bool {
	if started != q.seen || q.quietSince.IsZero() {
		q.seen, q.quietSince, q.returnedOnce = started, now, false
	}
	if now.Sub(q.quietSince) < quietPeriod {
		return false
	}
	return !q.returnedOnce || resident > q.residentAfter+regrowth
}

// quiet: has quietPeriod passed without a request (as of the last call to due)?
func (q *quietWatch) quiet(now time.Time) bool {
	return !q.quietSince.IsZero() && now.Sub(q.quietSince) >= quietPeriod
}

func (q *quietWatch) returned(resident uint64) {
	q.returnedOnce, q.residentAfter = true, resident
}

// returnMemory closes the idle SQLite connections, then collects the heap and hands its free
// pages back. Each connection keeps a page cache (cache_size: up to 2 MB, dbconnect.go) outside
// the Go heap, and PocketBase closes an idle one only after 3 minutes: after a burst, the 15 it
// keeps held more than the heap did. Lowering database/sql's idle cap closes the idle ones at
// once; it is then put back to PocketBase's (main.go sets neither), so the next burst reuses them.
func returnMemory(app core.App) {
	shrink := func(b dbx.Builder, idle int) {
		if db, ok := b.(*dbx.DB); ok {
			db.DB().SetMaxIdleConns(0)
			db.DB().SetMaxIdleConns(idle)
		}
	}
	shrink(app.ConcurrentDB(), core.DefaultDataMaxIdleConns)
	shrink(app.AuxConcurrentDB(), core.DefaultAuxMaxIdleConns)
	debug.FreeOSMemory()
}
