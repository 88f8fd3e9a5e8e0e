package backups

import (
	"bytes"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
)

// Gate refuses writes from the moment a restore is asked for until the restored server starts
// (a restore ends in a restart, which opens it again; a failed one opens it at once).
//
// A write already under way when the gate closes may still commit, into data the restore is about
// to replace. So every write's answer is held until its handler returns: one that finishes after
// the gate closed answers 503 too, and the guest's device sends it again once the restored server
// is up (the guests' outbox keeps it, with the same record id). Nothing the server answered 200
// after the restore was asked for is lost.
type Gate struct {
	// mu: a write's answer is decided and written under the read lock, and Close takes the write
	// lock, so once Close has returned no 200 goes out for a write of the data being replaced.
	mu     sync.RWMutex
	closed atomic.Bool
	// closings counts the closes: a write compares it at its start and its end.
	closings atomic.Int64
	// Message is the refusal's sentence (BACKUP_MESSAGES.restoring in src/lib/rules/backups.ts).
	Message func() string
}

// ownKey marks the request that closed the gate (the restore route): its own answer goes out.
const ownKey = "venueRestoreOwn"

// RetryAfterSeconds: a restore of the venue's data takes seconds, the restart a few more.
const RetryAfterSeconds = "5"

// Close refuses writes from now on.
func (g *Gate) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closings.Add(1)
	g.closed.Store(true)
}

// Open lets writes in again (a restore that failed before it replaced anything).
func (g *Gate) Open() { g.closed.Store(false) }

// Closed reports whether a restore is under way.
func (g *Gate) Closed() bool { return g.closed.Load() }

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch || method == http.MethodDelete
}

// Handle is the router middleware (bound before PocketBase reads the auth token or a body).
func (g *Gate) Handle(e *core.RequestEvent) error {
	// The realtime subscription's POST only says which records a page follows: nothing is written.
	if !isWrite(e.Request.Method) || e.Request.URL.Path == "/api/realtime" {
		return e.Next()
	}
	if g.Closed() {
		return g.refuse(e.Response)
	}
	start := g.closings.Load()
	original := e.Response
	held := &heldResponse{header: original.Header()}
	err := func() error {
		e.Response = held
		defer func() { e.Response = original }() // a panic too: PocketBase's recovery answers on the real writer
		return e.Next()
	}()
	// Small JSON answers: writing one under the lock does not wait on the client.
	g.mu.RLock()
	defer g.mu.RUnlock()
	if g.closings.Load() != start && e.Get(ownKey) == nil {
		return g.refuse(original)
	}
	if held.wrote {
		original.WriteHeader(held.status)
		_, _ = original.Write(held.body.Bytes())
	}
	return err
}

func (g *Gate) refuse(w http.ResponseWriter) error {
	msg := "The venue's system is restoring a backup. Please try again in a moment."
	if g.Message != nil {
		msg = g.Message()
	}
	body, _ := jsonBody(http.StatusServiceUnavailable, msg)
	w.Header().Del("Content-Length")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Retry-After", RetryAfterSeconds)
	w.WriteHeader(http.StatusServiceUnavailable)
	_, err := w.Write(body)
	return err
}

// MarkOwn lets the request that closes the gate answer (the restore route's 202).
func MarkOwn(e *core.RequestEvent) { e.Set(ownKey, true) }

// heldResponse keeps a write's answer until the gate has been looked at again. It answers the
// router's Status and Written like PocketBase's own writer, so the handlers see no difference.
type heldResponse struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (h *heldResponse) Header() http.Header { return h.header }

func (h *heldResponse) WriteHeader(status int) {
	if !h.wrote {
		h.status, h.wrote = status, true
	}
}

func (h *heldResponse) Write(b []byte) (int, error) {
	h.WriteHeader(http.StatusOK)
	return h.body.Write(b)
}

func (h *heldResponse) Status() int   { return h.status }
func (h *heldResponse) Written() bool { return h.wrote }
