package main

import (
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// hooksPoolFor is how many JS VMs PocketBase keeps for a machine with `procs` usable cores
// (GOMAXPROCS; PB_HOOKS_POOL overrides it): 24 a core, at most 64.
//
// A VM that has run a hook holds the hooks bundle (pb_hooks/lib/backend.js) for good, about
// 1 MB of heap, and GOGC=400 let the heap grow to five times what is live: the 120 VMs this used
// to keep took a mixed evening to 818 MB (issue 33). The JS work itself is CPU-bound, but a
// create holds its VM while it waits for its write turn, and the turns that wait together commit
// together (server/writeturn.go): with 8 requests let in at a time (8 a core) a reservation
// create cost 7-8 ms of server CPU against 5-6 ms with 120 VMs, with 24 (24 a core) 5-7 ms, on
// a 2-core machine under shared load. The requests beyond the gate wait as goroutines.
func hooksPoolFor(procs int) int {
	return min(24*max(procs, 1), 64)
}

// hooksRequestsFor is how many requests may run hooks at once with a pool of `pool` VMs: half of
// it. The other half is for the VMs one request can hold at once beyond its first (a request's
// hook calls e.next(), whose save runs the record's own hooks in another VM), the hooks that run
// after a commit on the committer's goroutine (server/writeturn.go) and the crons. PocketBase
// builds a throwaway VM, bundle and all, when every pooled one is busy: the gate keeps that rare.
func hooksRequestsFor(pool int) int {
	return max(1, pool/2)
}

// hooksGate lets at most cap(slots) requests into the handlers that may run JS hooks; the rest
// wait their turn, first come first served (a channel's blocked senders queue in order), and a
// waiting request whose client goes away leaves the queue. It also counts the requests it let in,
// for returnMemoryWhenQuiet.
type hooksGate struct {
	slots   chan struct{}
	started atomic.Int64 // requests let in since the process started
}

func newHooksGate(requests int) *hooksGate {
	return &hooksGate{slots: make(chan struct{}, requests)}
}

// hooksGateID names the gate's middleware. A route Go serves with no JS VM (the manage link, the
// waitlist's links, the staff pull) unbinds it: it never waits behind requests that need a VM.
const hooksGateID = "venueHooksGate"

// registerHooksGate binds the gate after the body rules (server/bodies.go): by then a JSON body
// has been read within its deadline (server/clientbounds.go), so a client sending slowly waits
// for its own body without holding a place another request could use.
func registerHooksGate(app core.App, gate *hooksGate) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       hooksGateID,
			Priority: apis.DefaultRateLimitMiddlewarePriority + 6,
			Func:     gate.handle,
		})
		return se.Next()
	})
}

func (g *hooksGate) handle(e *core.RequestEvent) error {
	if !runsHooks(e.Request) {
		return e.Next()
	}
	select {
	case g.slots <- struct{}{}:
	case <-e.Request.Context().Done():
		return nil // the client went away while waiting: nobody reads an answer
	}
	g.started.Add(1)
	defer func() { <-g.slots }()
	return e.Next()
}

// runsHooks tells which requests take a place: the API's, less those no JS hook serves and that
// may last long (a realtime stream, file and backup transfers) and the health check.
func runsHooks(r *http.Request) bool {
	path := r.URL.Path
	switch {
	case !strings.HasPrefix(path, "/api/"):
		return false
	case path == "/api/realtime" && r.Method == http.MethodGet:
		return false
	case path == "/api/health", strings.HasPrefix(path, "/api/files/"), strings.HasPrefix(path, "/api/backups"):
		return false
	}
	return true
}
