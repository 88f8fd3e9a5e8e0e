package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

func TestHooksPoolIsSizedToTheMachine(t *testing.T) {
	for procs, want := range map[int]int{0: 24, 1: 24, 2: 48, 3: 64, 4: 64, 64: 64} {
		if got := hooksPoolFor(procs); got != want {
			t.Errorf("hooksPoolFor(%d) = %d, want %d", procs, got, want)
		}
	}
	for pool, want := range map[int]int{48: 24, 16: 8, 64: 32, 3: 1, 1: 1} {
		if got := hooksRequestsFor(pool); got != want {
			t.Errorf("hooksRequestsFor(%d) = %d, want %d", pool, got, want)
		}
	}
}

func TestOnlyRequestsThatMayRunHooksTakeAPlace(t *testing.T) {
	cases := []struct {
		method, path string
		want         bool
	}{
		{"POST", "/api/collections/reservations/records", true},
		{"GET", "/api/admin/sync", true},
		{"POST", "/api/realtime", true}, // a subscription is short, and runs the subscribe hooks
		{"GET", "/api/realtime", false}, // the stream lasts as long as the page is open
		{"GET", "/api/health", false},
		{"GET", "/api/files/abc/def/photo.webp", false},
		{"POST", "/api/backups/upload", false},
		{"GET", "/menu", false},
		{"GET", "/", false},
	}
	for _, c := range cases {
		if got := runsHooks(httptest.NewRequest(c.method, c.path, nil)); got != c.want {
			t.Errorf("runsHooks(%s %s) = %v, want %v", c.method, c.path, got, c.want)
		}
	}
}

// A gate of one place: the second request runs only once the first has answered, and a request
// whose client leaves while it waits never runs.
func TestGateLetsRequestsInOneAtATime(t *testing.T) {
	app := newTestApp(t)
	gate := newHooksGate(1)
	registerHooksGate(app, gate)
	release := make(chan struct{})
	var inside, ran atomic.Int32
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/slow", func(e *core.RequestEvent) error {
			ran.Add(1)
			if inside.Add(1) > 1 {
				t.Error("two requests inside a gate of one")
			}
			<-release
			inside.Add(-1)
			return e.NoContent(http.StatusNoContent)
		})
		return se.Next()
	})
	mux := serveTestApp(t, app)
	serve := func(ctx context.Context) chan int {
		done := make(chan int, 1)
		go func() {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/slow", nil).WithContext(ctx))
			done <- rec.Code
		}()
		return done
	}
	first := serve(context.Background())
	waitUntil(t, "the first request is inside", func() bool { return ran.Load() == 1 })
	leaving, leave := context.WithCancel(context.Background())
	gone := serve(leaving)
	second := serve(context.Background())
	time.Sleep(50 * time.Millisecond)
	if ran.Load() != 1 {
		t.Fatal("a request ran while the only place was taken")
	}
	leave()
	<-gone
	release <- struct{}{}
	if code := <-first; code != http.StatusNoContent {
		t.Fatalf("first: %d", code)
	}
	release <- struct{}{}
	if code := <-second; code != http.StatusNoContent {
		t.Fatalf("second: %d", code)
	}
	if ran.Load() != 2 {
		t.Fatalf("%d requests ran, want 2 (the one whose client left must not)", ran.Load())
	}
}
