package main

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// wakeOnCommittedJobs calls wake once every outbox job inserted on the app's write connection has
// been committed, whatever queued it: a public create, a waitlist join, a capacity change offering
// seats, a cancellation, a reminder, a staff sign-in code. It replaced a hand-kept list of the
// collections whose creates queue jobs, which had missed the waitlist and capacity ones (their
// mails waited for the worker's tick).
//
// SQLite itself reports each row inserted into `outbox` (a pre-update hook on every connection),
// while the job's transaction may still be open, and a wake-up then would be too early: the
// worker's first look for due jobs is a read, which would not see the uncommitted row and go back
// to sleep. So the wake-up waits for the write connection: PocketBase gives writes a pool of one,
// which a transaction holds until it commits or rolls back. One waiter serves every insert made
// before it got the connection, so a burst of creates adds at most one short hand-off of the
// connection per create, and a rolled-back insert costs one empty look. The hook costs a few
// microseconds per row written (dbx's exec log, the other place to see the INSERT, formats every
// statement with its values: 15-20 µs per statement, inside the write lock). A job inserted by
// another process (`npm run reminders`) waits for the tick.
func wakeOnCommittedJobs(app core.App, wake func()) {
	db, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return // inside a transaction: no pool to watch
	}
	file := filepath.Join(app.DataDir(), "data.db") // as core.DefaultDBConnect opens it
	outboxWakers.Store(file, &outboxWaker{pool: db, wake: wake})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		outboxWakers.Delete(file)
		return e.Next()
	})
}

// outboxWakers maps a database file to the wake-up of the server using it.
var outboxWakers sync.Map

type outboxWaker struct {
	pool    *dbx.DB
	wake    func()
	waiting atomic.Bool
}

// inserted runs inside the INSERT, on the connection that made it.
func (w *outboxWaker) inserted() {
	if !w.waiting.CompareAndSwap(false, true) {
		return // a waiter is queued for the connection: it will come after this transaction too
	}
	go func() {
		conn, err := w.pool.DB().Conn(context.Background())
		// Cleared while holding the connection: an insert after this sees false and waits anew.
		w.waiting.Store(false)
		if err == nil {
			_ = conn.Close()
		}
		w.wake()
	}()
}

func init() {
	sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, dsn string) error {
		hooks, ok := conn.(sqlite.HookRegisterer)
		if !ok {
			return nil
		}
		file, _, _ := strings.Cut(dsn, "?")
		hooks.RegisterPreUpdateHook(func(row sqlite.SQLitePreUpdateData) {
			if row.Op != sqlite3.SQLITE_INSERT || row.TableName != "outbox" || row.DatabaseName != "main" {
				return
			}
			if w, ok := outboxWakers.Load(file); ok {
				w.(*outboxWaker).inserted()
			}
		})
		return nil
	})
}
