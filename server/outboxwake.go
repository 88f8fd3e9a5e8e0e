package main

import (
	"context"
	"database/sql"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// outboxInsert matches a statement that queues outbox jobs: the hooks' plain INSERT
// (pb_hooks/lib/outbox.js, enqueue) or a record save of the collection (a quoted table name).
var outboxInsert = regexp.MustCompile("(?i)^\\s*INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO\\s+[`\"\\[]?outbox[`\"\\]]?[\\s(]")

// wakeOnCommittedJobs calls wake once every outbox job inserted on the app's write connection has
// been committed, whatever queued it: a public create, a waitlist join, a capacity change offering
// seats, a cancellation, a reminder, a staff sign-in code. It replaced a hand-kept list of the
// collections whose creates queue jobs, which had missed the waitlist and capacity ones (their
// mails waited for the worker's tick).
//
// The statement is seen in dbx's exec log, while its transaction may still be open, and a wake-up
// then would be too early: the worker's first look for due jobs is a read, which would not see the
// uncommitted row and go back to sleep. So the wake-up waits for the write connection itself:
// PocketBase gives writes a pool of one, which a transaction holds until it commits or rolls back.
// One waiter serves every insert made before it got the connection, so a burst of creates adds
// at most one short hand-off of the connection per create, and a rolled-back insert costs one
// empty look. A job inserted another way (another process, `npm run reminders`) waits for the tick.
func wakeOnCommittedJobs(app core.App, wake func()) {
	db, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return // inside a transaction: no pool to watch
	}
	var waiting atomic.Bool
	previous := db.ExecLogFunc // PocketBase's SQL log in --dev
	db.ExecLogFunc = func(ctx context.Context, t time.Duration, query string, result sql.Result, err error) {
		if previous != nil {
			previous(ctx, t, query, result, err)
		}
		if err != nil || !outboxInsert.MatchString(query) || !waiting.CompareAndSwap(false, true) {
			return
		}
		go func() {
			conn, err := db.DB().Conn(context.Background())
			// Cleared while holding the connection: an insert after this sees false and waits anew.
			waiting.Store(false)
			if err == nil {
				_ = conn.Close()
			}
			wake()
		}()
	}
}
