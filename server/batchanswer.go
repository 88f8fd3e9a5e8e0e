package main

import (
	"errors"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// batchRolledBackMessage answers a write whose batch rolled back (the device sends it again).
const batchRolledBackMessage = "We couldn't save that just now. Please try again in a moment."

// registerBatchRollbackAnswer answers every request whose write was rolled back with its write
// turn's batch (server/writeturn.go: another write in the batch failed after writing) with 503 and
// Retry-After, on every route: the Go creates and waitlist links, and the hooks' routes, whose
// exception jsvm unwraps to the same error. Nothing of the request was stored, through no fault of
// its own, so the answer must be one its device tries again (the guests' outbox, the tablet's
// sync). PocketBase would answer the plain error 400, which reads as a refusal and drops it.
func registerBatchRollbackAnswer(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "venueBatchRollbackAnswer",
			Priority: apis.DefaultRateLimitMiddlewarePriority + 7,
			Func:     answerBatchRollback,
		})
		return se.Next()
	})
}

func answerBatchRollback(e *core.RequestEvent) error {
	err := e.Next()
	if !errors.Is(err, errBatchRolledBack) {
		return err
	}
	e.Response.Header().Set("Retry-After", "1")
	return e.Error(503, batchRolledBackMessage, err)
}
