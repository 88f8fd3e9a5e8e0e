package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// bodyRules are the rules a request body meets before PocketBase reads it (issue 24), for every
// caller but a superuser (backup uploads and collection imports keep PocketBase's own limits):
//
//   - at most maxBytes: a larger Content-Length is answered 413 at once, unread, and a body
//     without a length (chunked) is read only one byte past the cap, never buffered whole;
//   - a JSON number no float64 holds (1e400) gets a message on its field. PocketBase's decoder
//     would answer "Something went wrong", and so would the hooks' (goja's JSON.parse is Go's).
//     On a public create or the manage link the number is handed to the hooks instead, as
//     ±Infinity (see outOfRangeKey), so the field's own rule answers ("Maximum 20 people").
//
// The limit and the messages come from the shared rules (src/lib/rules/requests.ts), read from
// pb_hooks/lib/backend.js (the hooks' bundle, built from hooks/) when the server starts, so Go and
// the hooks cannot disagree.
type bodyRules struct {
	maxBytes      int64
	tooLarge      string
	outOfRange    string
	publicCreates map[string]bool
}

// outOfRangeKey is the request store key under which the hooks find the top-level fields whose
// JSON number was out of range (a JSON object: field → 1 or -1, the number's sign).
const outOfRangeKey = "venueNumbersOutOfRange"

// registerBodyRules binds the rules as a global middleware: after PocketBase has loaded the auth
// token (superusers are exempt) and counted the request for the rate limits, before any body is read.
func registerBodyRules(app core.App, hooksDir string) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		rules, err := loadBodyRules(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return fmt.Errorf("request body rules: %w", err)
		}
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "venueBodyRules",
			Priority: apis.DefaultRateLimitMiddlewarePriority + 5,
			Func:     rules.handle,
		})
		return se.Next()
	})
}

// runBundle runs the hooks' bundle (plain CommonJS) in a VM of its own; its exports are `module.exports`.
func runBundle(sharedJS string) (*goja.Runtime, error) {
	src, err := os.ReadFile(sharedJS)
	if err != nil {
		return nil, err
	}
	vm := goja.New()
	module := vm.NewObject()
	if err := module.Set("exports", vm.NewObject()); err != nil {
		return nil, err
	}
	if err := vm.Set("module", module); err != nil {
		return nil, err
	}
	if _, err := vm.RunScript(sharedJS, string(src)); err != nil {
		return nil, err
	}
	return vm, nil
}

// readBundle runs the hooks' bundle in a throwaway VM and decodes into `into` the JSON of `object`,
// an object literal evaluated there (its values read from module.exports).
func readBundle(sharedJS, object string, into any) error {
	vm, err := runBundle(sharedJS)
	if err != nil {
		return err
	}
	out, err := vm.RunString("JSON.stringify(" + object + ")")
	if err != nil {
		return err
	}
	return json.Unmarshal([]byte(out.String()), into)
}

// loadBodyRules reads the limit and messages from the hooks' bundle.
func loadBodyRules(sharedJS string) (*bodyRules, error) {
	var read struct {
		Max           int64
		TooLarge      string
		OutOfRange    string
		PublicCreates []string
	}
	err := readBundle(sharedJS, `{
		max: module.exports.REQUEST_LIMITS.bodyMaxBytes,
		tooLarge: module.exports.REQUEST_MESSAGES.bodyTooLarge,
		outOfRange: module.exports.REQUEST_MESSAGES.numberOutOfRange,
		publicCreates: module.exports.PUBLIC_CREATE_COLLECTIONS,
	}`, &read)
	if err != nil {
		return nil, err
	}
	if read.Max <= 0 || read.TooLarge == "" || read.OutOfRange == "" || len(read.PublicCreates) == 0 {
		return nil, fmt.Errorf("%s lacks REQUEST_LIMITS, REQUEST_MESSAGES or PUBLIC_CREATE_COLLECTIONS", sharedJS)
	}
	rules := &bodyRules{maxBytes: read.Max, tooLarge: read.TooLarge, outOfRange: read.OutOfRange, publicCreates: map[string]bool{}}
	for _, c := range read.PublicCreates {
		rules.publicCreates[c] = true
	}
	return rules, nil
}

func (b *bodyRules) handle(e *core.RequestEvent) error {
	if e.Auth != nil && e.Auth.IsSuperuser() {
		return e.Next()
	}
	if e.Request.ContentLength > b.maxBytes {
		return b.refuseTooLarge(e)
	}
	if e.Request.ContentLength < 0 {
		// No length given: read one byte past the cap at most. A body within it is read to its end,
		// so the router's rereadable body starts over for PocketBase.
		n, err := io.Copy(io.Discard, io.LimitReader(e.Request.Body, b.maxBytes+1))
		if n > b.maxBytes {
			return b.refuseTooLarge(e)
		}
		if err != nil {
			return e.BadRequestError("The request body could not be read.", err)
		}
	}
	if e.Request.ContentLength != 0 && strings.HasPrefix(e.Request.Header.Get("Content-Type"), "application/json") {
		if err := b.checkNumbers(e); err != nil {
			return err
		}
	}
	return e.Next()
}

func (b *bodyRules) refuseTooLarge(e *core.RequestEvent) error {
	// The unread rest is not drained: net/http closes the connection instead. It first half-closes
	// it and waits a moment, so the client reads this answer before the reset its unread upload
	// causes, but only when it sees its own body type on the request: unwrap the router's copy
	// and the body deadline's watch (server/clientbounds.go).
	if rereadable, ok := e.Request.Body.(*router.RereadableReadCloser); ok {
		e.Request.Body = rereadable.ReadCloser
	}
	if arriving, ok := e.Request.Body.(*arrivingBody); ok {
		e.Request.Body = arriving.Unwrap()
	}
	e.Response.Header().Set("Connection", "close")
	return e.JSON(http.StatusRequestEntityTooLarge, map[string]any{"status": http.StatusRequestEntityTooLarge, "message": b.tooLarge, "data": map[string]any{}})
}

// checkNumbers finds the JSON numbers out of float64's range. On a route whose hook validates the
// body as sent, they become null for PocketBase's decoder and the hooks get their fields and signs
// (outOfRangeKey); anywhere else the request is refused with the message on each field.
func (b *bodyRules) checkNumbers(e *core.RequestEvent) error {
	body, err := io.ReadAll(e.Request.Body) // within the cap; read to its end, so it rereads
	if err != nil {
		return e.BadRequestError("The request body could not be read.", err)
	}
	found := findOutOfRange(body)
	if len(found) == 0 {
		return nil
	}
	if !b.hookValidates(e.Request) {
		data := map[string]any{}
		for _, n := range found {
			data[n.key] = map[string]string{"code": "validation_invalid_value", "message": b.outOfRange}
		}
		return e.JSON(http.StatusBadRequest, map[string]any{"status": http.StatusBadRequest, "message": b.outOfRange, "data": data})
	}
	signs := map[string]int{}
	var rewritten bytes.Buffer
	last := int64(0)
	for _, n := range found {
		rewritten.Write(body[last:n.start])
		rewritten.WriteString("null")
		last = n.end
		if n.topLevel {
			signs[n.key] = n.sign
		}
	}
	rewritten.Write(body[last:])
	marks, _ := json.Marshal(signs)
	e.Set(outOfRangeKey, string(marks))
	e.Request.Body = &router.RereadableReadCloser{ReadCloser: io.NopCloser(bytes.NewReader(rewritten.Bytes()))}
	e.Request.ContentLength = int64(rewritten.Len())
	return nil
}

// hookValidates: a public create (server/creates.go, hooks/lib/create-plan.ts) or the manage link (server/managelink.go, hooks/create/manage.ts).
func (b *bodyRules) hookValidates(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	if strings.HasPrefix(r.URL.Path, "/api/reservations/manage/") {
		return true
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/collections/")
	collection, ok2 := strings.CutSuffix(rest, "/records")
	return ok && ok2 && b.publicCreates[collection]
}
