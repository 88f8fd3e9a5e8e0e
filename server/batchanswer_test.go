package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// A write rolled back with its batch answers 503 with Retry-After, whether the Go route returned
// the error or a hook threw it (jsvm unwraps the exception); any other error is answered as before.
func TestAWriteRolledBackWithItsBatchAnswers503(t *testing.T) {
	app := newTestApp(t)
	rolledBack := fmt.Errorf("%w: Failed to create record.", errBatchRolledBack)
	// A hook's uncaught exception around the same error, as $inWriteTransaction throws it.
	vm := goja.New()
	if err := vm.Set("write", func() { panic(vm.NewGoError(rolledBack)) }); err != nil {
		t.Fatal(err)
	}
	_, thrown := vm.RunString("write()")
	if thrown == nil {
		t.Fatal("the script did not throw")
	}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.POST("/go", func(e *core.RequestEvent) error { return rolledBack })
		se.Router.POST("/hook", func(e *core.RequestEvent) error { return thrown })
		se.Router.POST("/other", func(e *core.RequestEvent) error { return errors.New("boom") })
		return se.Next()
	})
	registerBatchRollbackAnswer(app)
	mux := serveTestApp(t, app)

	for _, path := range []string{"/go", "/hook"} {
		res := httptest.NewRecorder()
		mux.ServeHTTP(res, httptest.NewRequest(http.MethodPost, path, nil))
		if res.Code != 503 || res.Header().Get("Retry-After") != "1" || !strings.Contains(res.Body.String(), batchRolledBackMessage) {
			t.Errorf("a rolled-back write on %s = %d, Retry-After %q, %s", path, res.Code, res.Header().Get("Retry-After"), res.Body)
		}
	}
	res := httptest.NewRecorder()
	mux.ServeHTTP(res, httptest.NewRequest(http.MethodPost, "/other", nil))
	if res.Code != 400 || res.Header().Get("Retry-After") != "" {
		t.Errorf("another failure = %d, Retry-After %q; want PocketBase's own 400", res.Code, res.Header().Get("Retry-After"))
	}
}
