package outbox

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// startWithGuests serves a worker whose guests-first counter the test sets.
func startWithGuests(t *testing.T) (*tests.TestApp, *Worker, *recorder, *atomic.Int64) {
	app := newApp(t)
	guests := &atomic.Int64{}
	cfg := testConfig()
	cfg.GuestsWaiting = guests.Load
	cfg.GuestsFirstMax = 600 * time.Millisecond
	w := New(app, cfg)
	mail := newRecorder()
	w.Mail = mail
	w.Register()
	serve(t, app)
	return app, w, mail, guests
}

func TestLanesLetGuestsWriteFirst(t *testing.T) {
	app, w, mail, guests := startWithGuests(t)
	// Guests' creates wait for the write connection: the lane holds its claim back...
	guests.Store(3)
	insert(t, app, row{id: "a"})
	w.Wake()
	select {
	case id := <-mail.ch:
		t.Fatalf("job %s was claimed while guests waited to write", id)
	case <-time.After(300 * time.Millisecond):
	}
	// ...and claims as soon as they are done.
	guests.Store(0)
	mail.waitFor(t, 1, 200*time.Millisecond)
}

// A fresh worker: after a send, the lanes loop back to claim again, and one that passed its
// guests-first check before the guests came could take the next job at once.
func TestLanesLetGuestsWriteFirstButNotForever(t *testing.T) {
	app, w, mail, guests := startWithGuests(t)
	// Guests that never stop coming delay a mail by at most GuestsFirstMax per claim.
	guests.Store(3)
	begun := time.Now()
	insert(t, app, row{id: "b"})
	w.Wake()
	mail.waitFor(t, 1, 2*time.Second)
	if waited := time.Since(begun); waited < 500*time.Millisecond {
		t.Fatalf("sent after %s while guests waited, want about 600 ms", waited)
	}
}

func TestTheOutboxRoutesAreForSuperusers(t *testing.T) {
	post, get := http.MethodPost, http.MethodGet
	for _, c := range []struct {
		name, auth, method, url string
		status                  int
		content                 string
	}{
		{"flush, anonymous", "", post, "/api/outbox/flush", 401, `"status":401`},
		{"flush, a signed-up user", "users", post, "/api/outbox/flush", 403, `"status":403`},
		{"flush, a superuser", core.CollectionNameSuperusers, post, "/api/outbox/flush", 200, `"processed":2`},
		{"flush, a superuser's own clock", core.CollectionNameSuperusers, post, "/api/outbox/flush?at=2000-01-01%2000:00:00.000Z", 200, `"processed":0`},
		{"flush, a clock that is no datetime", core.CollectionNameSuperusers, post, "/api/outbox/flush?at=tomorrow", 400, "at must be a datetime"},
		{"status, anonymous", "", get, "/api/outbox/worker", 401, `"status":401`},
		{"status, a signed-up user", "users", get, "/api/outbox/worker", 403, `"status":403`},
		{"status, a superuser", core.CollectionNameSuperusers, get, "/api/outbox/worker", 200, `"workers":2`},
	} {
		headers := map[string]string{}
		var w *Worker
		s := tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: headers,
			ExpectedStatus: c.status, ExpectedContent: []string{c.content},
			TestAppFactory: func(t testing.TB) *tests.TestApp {
				app := newApp(t)
				insert(t, app, row{id: "a"})
				insert(t, app, row{id: "b", kind: KindConversion})
				w = New(app, testConfig())
				w.Mail, w.Meta = newRecorder(), newRecorder()
				w.Register()
				if c.auth != "" {
					headers["Authorization"] = tokenFor(t, app, c.auth)
				}
				return app
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				sent := len(w.Mail.(*recorder).ids()) + len(w.Meta.(*recorder).ids())
				if want := map[bool]int{true: 2, false: 0}[strings.Contains(c.content, `"processed":2`)]; sent != want {
					t.Fatalf("%s: %d jobs sent, want %d", c.name, sent, want)
				}
			},
			DisableTestAppCleanup: true, // newApp removes it
		}
		s.Test(t)
	}
}

func tokenFor(t testing.TB, app core.App, collection string) string {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	account := core.NewRecord(c)
	account.SetEmail(collection + "@example.test")
	account.SetPassword("a-long-password")
	if err := app.Save(account); err != nil {
		t.Fatal(err)
	}
	token, err := account.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func TestTheConfigurationComesFromTheEnvironment(t *testing.T) {
	t.Setenv("OUTBOX_WORKERS", "3")
	t.Setenv("OUTBOX_META_LANES", "1")
	t.Setenv("OUTBOX_TICK_SECONDS", "600")
	t.Setenv("OUTBOX_BACKOFF_SECONDS", "not a number")
	cfg := FromEnv()
	if cfg.MailLanes != 3 || cfg.MetaLanes != 1 || cfg.Tick != 600*time.Second || cfg.BackoffBase != 30 {
		t.Fatalf("config %+v: want 3 mail lanes, 1 Meta lane, a 600 s tick and the default 30 s backoff", cfg)
	}
}
