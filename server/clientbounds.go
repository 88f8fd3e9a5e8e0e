package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// defaultMaxOpenPerIP is how many requests one client address may have open at once
// (MAX_OPEN_REQUESTS_PER_IP overrides it). A phone opens at most 6 connections to a host over
// HTTP/1.1 and a staff tablet holds one realtime stream besides; 64 leaves room for a party's
// phones behind the venue's wifi (one public address) and the guests' burst at a release.
const defaultMaxOpenPerIP = 64

// clientBounds keeps one client from holding the server's connections (issue 33):
//
//   - a request's body must arrive within bodyWithin of its headers, or it is answered 408 and its
//     connection closed (PocketBase's own bound is 5 minutes: a client sending a byte a second held
//     a connection that long). The deadline is the connection's read deadline, set only on requests
//     with a body; net/http lifts it once the body has been read to its end (its read that watches
//     for the client going away starts then, without a deadline), so a long answer, or a realtime
//     stream (a GET, no body), is never cut by it. Superusers are exempt (backup uploads keep
//     PocketBase's 5 minutes). The headers get the same bound (PocketBase's is a minute).
//   - at most maxOpen requests from one client address are open at once; the next is answered 429
//     and its connection closed, while the open ones go on (a staff tablet's realtime stream is one
//     of them, and is never cut by another's refusal). Idle keep-alive connections are not counted:
//     they cost a file descriptor until PocketBase's idle timeout, no goroutine in a handler. The
//     address is PocketBase's RealIP (the trusted proxy header behind Caddy, as the rate limits),
//     an IPv6 address counted by its /64, which one client usually holds whole.
//
// The bound and the messages come from the shared rules (REQUEST_LIMITS.bodyArrivesWithinSeconds,
// REQUEST_MESSAGES.bodyTooSlow and tooManyOpen in src/lib/rules/requests.ts), read from the hooks'
// bundle as server/bodies.go reads its own.
type clientBounds struct {
	bodyWithin time.Duration
	maxOpen    int
	tooSlow    string
	tooMany    string

	mu   sync.Mutex
	open map[string]int
}

// registerClientBounds binds the bounds: the count of open requests before every other middleware
// (a refusal costs no work), the body deadline once the auth token is loaded (to know superusers),
// before anything reads a body.
func registerClientBounds(app core.App, hooksDir string) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		bounds, err := loadClientBounds(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return fmt.Errorf("client bounds: %w", err)
		}
		bounds.maxOpen = envSeconds("MAX_OPEN_REQUESTS_PER_IP", defaultMaxOpenPerIP)
		bounds.bind(se)
		return se.Next()
	})
}

func loadClientBounds(sharedJS string) (*clientBounds, error) {
	var read struct {
		Seconds int
		TooSlow string
		TooMany string
	}
	err := readBundle(sharedJS, `{
		seconds: module.exports.REQUEST_LIMITS.bodyArrivesWithinSeconds,
		tooSlow: module.exports.REQUEST_MESSAGES.bodyTooSlow,
		tooMany: module.exports.REQUEST_MESSAGES.tooManyOpen,
	}`, &read)
	if err != nil {
		return nil, err
	}
	if read.Seconds <= 0 || read.TooSlow == "" || read.TooMany == "" {
		return nil, fmt.Errorf("%s lacks REQUEST_LIMITS.bodyArrivesWithinSeconds or REQUEST_MESSAGES.bodyTooSlow/tooManyOpen", sharedJS)
	}
	return &clientBounds{bodyWithin: time.Duration(read.Seconds) * time.Second, maxOpen: defaultMaxOpenPerIP, tooSlow: read.TooSlow, tooMany: read.TooMany}, nil
}

func (c *clientBounds) bind(se *core.ServeEvent) {
	if se.Server != nil { // nil in tests that serve the router without a listener
		se.Server.ReadHeaderTimeout = c.bodyWithin
	}
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id:       "venueOpenRequestsPerIP",
		Priority: apis.DefaultCorsMiddlewarePriority - 1,
		Func:     c.countOpen,
	})
	se.Router.Bind(&hook.Handler[*core.RequestEvent]{
		Id:       "venueBodyDeadline",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 1,
		Func:     c.bodyDeadline,
	})
}

func (c *clientBounds) countOpen(e *core.RequestEvent) error {
	client := clientKey(e.RealIP())
	c.mu.Lock()
	if c.open == nil {
		c.open = map[string]int{}
	}
	admitted := c.open[client] < c.maxOpen
	if admitted {
		c.open[client]++
	}
	c.mu.Unlock()
	if !admitted {
		e.Response.Header().Set("Connection", "close")
		e.Response.Header().Set("Retry-After", "5")
		return e.JSON(http.StatusTooManyRequests, map[string]any{"status": http.StatusTooManyRequests, "message": c.tooMany, "data": map[string]any{}})
	}
	defer func() {
		c.mu.Lock()
		if c.open[client]--; c.open[client] <= 0 {
			delete(c.open, client)
		}
		c.mu.Unlock()
	}()
	return e.Next()
}

// clientKey is the address whose open requests are counted together: an IPv6 address's /64.
func clientKey(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil || !addr.Is6() || addr.Is4In6() {
		return ip
	}
	prefix, _ := addr.Prefix(64)
	return prefix.String()
}

func (c *clientBounds) bodyDeadline(e *core.RequestEvent) error {
	rereadable, ok := e.Request.Body.(*router.RereadableReadCloser)
	if e.Request.ContentLength == 0 || !ok || (e.Auth != nil && e.Auth.IsSuperuser()) {
		return e.Next()
	}
	rc := http.NewResponseController(e.Response)
	if err := rc.SetReadDeadline(time.Now().Add(c.bodyWithin)); err != nil {
		return e.Next() // a writer without deadlines (a test recorder): PocketBase's own bound stands
	}
	body := &arrivingBody{ReadCloser: rereadable.ReadCloser}
	rereadable.ReadCloser = body
	err := e.Next()
	if !body.late() {
		return err
	}
	if e.Written() {
		return err
	}
	e.Response.Header().Set("Connection", "close")
	return e.JSON(http.StatusRequestTimeout, map[string]any{"status": http.StatusRequestTimeout, "message": c.tooSlow, "data": map[string]any{}})
}

// arrivingBody is the request's own body under its deadline: a read that hit the deadline marks
// it late, whoever read it (server/bodies.go, PocketBase), so the answer is the 408 and not the
// reader's "could not be read".
type arrivingBody struct {
	io.ReadCloser

	mu     sync.Mutex
	missed bool
}

func (b *arrivingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		b.mu.Lock()
		b.missed = true
		b.mu.Unlock()
	}
	return n, err
}

func (b *arrivingBody) late() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.missed
}

// Unwrap is net/http's own body, which server/bodies.go hands back to net/http on a 413.
func (b *arrivingBody) Unwrap() io.ReadCloser { return b.ReadCloser }
