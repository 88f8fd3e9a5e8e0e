package main

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// newTestApp is a fresh PocketBase on an empty temp data dir (system collections only), removed
// at the end of the test.
func newTestApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	return app
}

// serveTestApp runs the app's serve hooks (routes, workers) as `serve` does, without a listener,
// and returns the router's handler.
func serveTestApp(t testing.TB, app core.App) http.Handler {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: router}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	return mux
}

// testAccount is a `users` account (staff when `admin`) and its token.
func testAccount(t *testing.T, app core.App, email string, admin bool) (string, string) {
	t.Helper()
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	u := core.NewRecord(users)
	u.SetEmail(email)
	u.SetPassword("a-long-password-1")
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	if admin {
		if _, err := app.DB().Insert("user_roles", dbx.Params{"id": "role" + u.Id, "user_id": u.Id, "role": "admin"}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	token, err := u.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return token, u.Id
}
