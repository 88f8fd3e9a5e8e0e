package main

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// tooManyPrefix: the guest's mail links, the manage link and the cancel look-ups, whose 429 tells
// the guest when to try again (issue 31). PocketBase's own answer says only "Too Many Requests.".
const tooManyPrefix = "/api/reservations/"

// tooManyWords rewrites PocketBase's 429 on tooManyPrefix: the sentence of the shared rules
// (REQUEST_MESSAGES.tooManyTries in src/lib/rules/requests.ts, read from pb_hooks/lib/backend.js)
// and Retry-After, both with the window of the rate limit rule that refused it. PocketBase's
// limiter uses fixed windows and does not say when the caller's began, so the whole window is the
// longest wait, never a shorter one.
type tooManyWords struct {
	mu      sync.Mutex // a goja VM runs one call at a time
	vm      *goja.Runtime
	message goja.Callable
}

// registerTooManyWords wraps the rate limit middleware (bound just before it, so its error passes here).
func registerTooManyWords(app core.App, hooksDir string) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		vm, err := runBundle(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return fmt.Errorf("rate limit words: %w", err)
		}
		message, ok := goja.AssertFunction(vm.Get("module").ToObject(vm).Get("exports").ToObject(vm).Get("REQUEST_MESSAGES").ToObject(vm).Get("tooManyTries"))
		if !ok {
			return errors.New("rate limit words: backend.js lacks REQUEST_MESSAGES.tooManyTries")
		}
		words := &tooManyWords{vm: vm, message: message}
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "venueTooManyWords",
			Priority: apis.DefaultRateLimitMiddlewarePriority - 1,
			Func:     words.handle,
		})
		return se.Next()
	})
}

func (w *tooManyWords) handle(e *core.RequestEvent) error {
	err := e.Next()
	var apiErr *router.ApiError
	if err == nil || !strings.HasPrefix(e.Request.URL.Path, tooManyPrefix) || !errors.As(err, &apiErr) || apiErr.Status != http.StatusTooManyRequests {
		return err
	}
	seconds := w.window(e)
	text, callErr := w.sentence(seconds)
	if callErr != nil {
		e.App.Logger().Error("rate limit words", "error", callErr)
		return err
	}
	e.Response.Header().Set("Retry-After", strconv.Itoa(seconds))
	return e.JSON(http.StatusTooManyRequests, map[string]any{"status": http.StatusTooManyRequests, "message": text, "data": map[string]any{}})
}

// window is the refusing rule's duration in seconds (as PocketBase's limiter finds the rule), 60 if none is found.
func (w *tooManyWords) window(e *core.RequestEvent) int {
	path := e.Request.URL.Path
	audience := []string{core.RateLimitRuleAudienceAll, core.RateLimitRuleAudienceGuest}
	if e.Auth != nil {
		audience = []string{core.RateLimitRuleAudienceAll, core.RateLimitRuleAudienceAuth}
	}
	rule, ok := e.App.Settings().RateLimits.FindRateLimitRule([]string{e.Request.Method + " " + path, path}, audience...)
	if !ok || rule.Duration <= 0 {
		return 60
	}
	return int(rule.Duration)
}

func (w *tooManyWords) sentence(seconds int) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	out, err := w.message(goja.Undefined(), w.vm.ToValue(seconds))
	if err != nil {
		return "", err
	}
	return out.String(), nil
}
