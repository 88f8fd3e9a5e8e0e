package main

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// turnsWanted counts the callers running or waiting for a write turn (guests' creates); the
// outbox's lanes let them go first (server/outbox, letGuestsWriteFirst).
var turnsWanted atomic.Int64

// defaultMaxBatch caps how many write turns share one transaction: enough to take a whole burst
// of guests' creates in a few commits, few enough that the write connection is never held for
// long (a turn holds it well under a millisecond).
const defaultMaxBatch = 64

// writeTurns runs the hooks' write transactions one at a time, first come, first served, and
// commits the turns that queue up meanwhile together (group commit).
//
// Why in turn: SQLite has one writer, so PocketBase gives all writes a pool of one connection, and
// Go's database/sql hands a freed connection to a *random* waiter: under a burst of 50 creates a
// guest could lose that draw dozens of times in a row (the slowest 2% of creates spent 80-90% of
// their time waiting for the connection). A FIFO queue makes everyone wait about as long as the
// queue ahead of them.
//
// Why together: each commit writes the pages every index and the guest-search index touched, so
// under a burst a commit per create costs more CPU than the creates' rows. The committer runs the
// turns waiting when a transaction opens in it, one after another (each on its own request's
// goroutine and VM), then commits once; every turn's caller returns only after that commit.
//
// A turn that fails having written nothing (a refusal, a duplicate id caught by validation) is
// answered with its own error and the others commit. A turn that fails after writing rolls the
// whole batch back and every turn in it gets that failure: PocketBase has queued the written
// records' after-commit work (their 200 answers, realtime events) on the shared transaction, and
// only a rollback withdraws it. A savepoint per turn would let the others commit, but it would
// answer 200 for a row it rolled back, and FTS5 flushes its pending index at every savepoint.
//
// That flush also moves total_changes: a statement that fails after an earlier turn's insert into
// a searched table (its statement journal opens, FTS5 writes the pending rows) reads as having
// written, and the batch rolls back. So a turn checks what it can before its first write (the
// creates look their id up rather than let a duplicate INSERT fail: server/creates.go), and a
// request rolled back with its batch answers 503, which its device sends again (batchanswer.go).
type writeTurns struct {
	app      core.App
	queue    chan *writeTurn
	maxBatch int
	start    sync.Once
}

type writeTurn struct {
	tx        chan core.App    // the batch's transaction, handed over when this turn's time comes
	finished  chan turnOutcome // what the turn did with it
	committed chan error       // how the batch ended
}

type turnOutcome struct {
	err   error // the turn's own failure
	wrote bool  // it changed rows before failing (so the batch must roll back)
}

func newWriteTurns(app core.App, maxBatch int) *writeTurns {
	return &writeTurns{app: app, queue: make(chan *writeTurn, 1024), maxBatch: maxBatch}
}

// run calls fn(tx) in its turn, inside a write transaction it may share with the turns queued
// beside it, and returns once that transaction has ended: fn's own error, else the commit's.
// Call it outside any transaction (a caller holding the connection while it queues would
// deadlock with the committer), and never from inside fn.
func (w *writeTurns) run(fn func(tx core.App) error) (err error) {
	turnsWanted.Add(1)
	defer turnsWanted.Add(-1)
	w.start.Do(func() { go w.commitLoop() })
	t := &writeTurn{tx: make(chan core.App), finished: make(chan turnOutcome), committed: make(chan error, 1)}
	w.queue <- t
	tx := <-t.tx
	if tx == nil {
		return <-t.committed // the transaction could not be opened
	}
	out := turnOutcome{err: errTurnPanicked, wrote: true}
	defer func() {
		// Even when fn panics, the committer hears how the turn ended (a panic may have
		// written, so its batch rolls back) before the panic goes on up.
		t.finished <- out
		if ended := <-t.committed; err == nil {
			err = ended
		}
	}()
	out = runTurn(tx, fn)
	return out.err
}

// runTurn calls fn and, when it fails, tells whether it had changed rows by then.
func runTurn(tx core.App, fn func(tx core.App) error) turnOutcome {
	before, countErr := totalChanges(tx)
	err := fn(tx)
	if err == nil {
		return turnOutcome{}
	}
	after, afterErr := totalChanges(tx)
	// When the count cannot be read, assume the worst: the batch rolls back.
	return turnOutcome{err: err, wrote: countErr != nil || afterErr != nil || after != before}
}

func totalChanges(tx core.App) (int64, error) {
	var n int64
	err := tx.NonconcurrentDB().NewQuery("SELECT total_changes()").Row(&n)
	return n, err
}

// errBatchRolledBack is what the turns of a batch get when another turn's failure after writing
// rolled it back: nothing of theirs was stored, and their callers answer as for any failed write.
var errBatchRolledBack = errors.New("write transaction rolled back: another write in it failed")

// errTurnPanicked is a turn's outcome when fn panicked: it may have written, so its batch rolls back.
var errTurnPanicked = errors.New("write turn panicked")

func (w *writeTurns) commitLoop() {
	for first := range w.queue {
		var served []*writeTurn
		var failed *writeTurn
		ended := w.app.RunInTransaction(func(tx core.App) error {
			for next := first; ; {
				served = append(served, next)
				next.tx <- tx
				if out := <-next.finished; out.err != nil && out.wrote {
					failed = next
					return out.err
				}
				if len(served) >= w.maxBatch {
					return nil
				}
				select {
				case next = <-w.queue:
				default:
					return nil
				}
			}
		})
		if len(served) == 0 {
			// The transaction could not be opened: the first turn never ran, and hears why.
			first.committed <- ended
			first.tx <- nil
			continue
		}
		for _, t := range served {
			if ended != nil && t != failed {
				// Not the failed turn's own error: a JS exception of another request stays its own.
				t.committed <- fmt.Errorf("%w: %v", errBatchRolledBack, ended)
			} else {
				t.committed <- ended
			}
		}
	}
}

// bindWriteTransaction gives a hook VM `$inWriteTransaction(fn)`: fn(tx) runs in its write turn
// (see writeTurns) and its result is returned once the transaction has committed; an exception
// thrown by fn reaches the caller unchanged, after the turn is handed on.
func bindWriteTransaction(vm *goja.Runtime, turns *writeTurns) {
	_ = vm.Set("$inWriteTransaction", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(vm.NewTypeError("$inWriteTransaction expects a function"))
		}
		var result goja.Value
		err := turns.run(func(tx core.App) error {
			var err error
			result, err = fn(goja.Undefined(), vm.ToValue(tx))
			return err
		})
		if err != nil {
			var exception *goja.Exception
			if errors.As(err, &exception) {
				panic(exception) // goja rethrows it to the caller as the same JS exception
			}
			panic(vm.NewGoError(err))
		}
		return result
	})
}
