package backups

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

func event(method, path string) (*core.RequestEvent, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{}
	e.Request = httptest.NewRequest(method, path, nil)
	e.Response = rec
	e.Event = router.Event{Response: rec, Request: e.Request}
	return e, rec
}

// run passes e through the gate to `handler` (the rest of the chain).
func run(g *Gate, e *core.RequestEvent, handler func(*core.RequestEvent) error) error {
	chain := &hook.Hook[*core.RequestEvent]{}
	chain.BindFunc(g.Handle)
	return chain.Trigger(e, handler)
}

func TestGateLetsWritesThroughWhileOpen(t *testing.T) {
	g := &Gate{Message: func() string { return "restoring" }}
	e, rec := event(http.MethodPost, "/api/collections/reservations/records")
	if err := run(g, e, func(e *core.RequestEvent) error { return e.JSON(200, map[string]string{"id": "a"}) }); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"id":"a"`) {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
}

func TestGateRefusesWritesWhileClosedButNotReads(t *testing.T) {
	g := &Gate{Message: func() string { return "restoring" }}
	g.Close()
	e, rec := event(http.MethodPost, "/api/collections/reservations/records")
	called := false
	_ = run(g, e, func(*core.RequestEvent) error { called = true; return nil })
	if called || rec.Code != 503 || !strings.Contains(rec.Body.String(), `"message":"restoring"`) || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("closed gate: called=%v %d %s", called, rec.Code, rec.Body.String())
	}
	e, rec = event(http.MethodGet, "/api/collections/reservations/records")
	_ = run(g, e, func(e *core.RequestEvent) error { return e.NoContent(204) })
	if rec.Code != 204 {
		t.Fatalf("a read during a restore: %d", rec.Code)
	}
	e, rec = event(http.MethodPost, "/api/realtime")
	_ = run(g, e, func(e *core.RequestEvent) error { return e.NoContent(204) })
	if rec.Code != 204 {
		t.Fatalf("the realtime subscription during a restore: %d", rec.Code)
	}
}

// A write under way when the restore is asked for may commit into data the restore replaces: its
// 200 must not go out.
func TestGateTurnsAWriteUnderWayInto503(t *testing.T) {
	g := &Gate{Message: func() string { return "restoring" }}
	e, rec := event(http.MethodPost, "/api/collections/reservations/records")
	_ = run(g, e, func(e *core.RequestEvent) error {
		err := e.JSON(200, map[string]string{"id": "a"})
		g.Close() // the owner's restore arrives while this create finishes
		return err
	})
	if rec.Code != 503 || strings.Contains(rec.Body.String(), `"id"`) {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
}

// The restore route closes the gate itself and its own answer goes out.
func TestGateLetsTheRestoreRouteAnswer(t *testing.T) {
	g := &Gate{Message: func() string { return "restoring" }}
	e, rec := event(http.MethodPost, "/api/venue/backups/restore")
	_ = run(g, e, func(e *core.RequestEvent) error {
		MarkOwn(e)
		g.Close()
		return e.JSON(202, map[string]string{"restoring": "x.zip"})
	})
	if rec.Code != 202 {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
}

// A failed restore opens the gate again.
func TestGateOpensAgain(t *testing.T) {
	g := &Gate{}
	g.Close()
	g.Open()
	e, rec := event(http.MethodDelete, "/api/collections/tasks/records/x")
	_ = run(g, e, func(e *core.RequestEvent) error { return e.NoContent(204) })
	if rec.Code != 204 {
		t.Fatalf("got %d", rec.Code)
	}
}
