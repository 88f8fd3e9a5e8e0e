package main

import (
	"sync/atomic"

	"github.com/dop251/goja"
)

// writeTurns hands the right to open a write transaction to one caller at a time, in the order
// they asked: a one-slot channel whose blocked senders Go's runtime serves first in, first out.
var writeTurns = make(chan struct{}, 1)

// turnsWanted counts the callers holding or waiting for a write turn (guests' creates); the
// outbox's lanes let them go first (server/outbox, letGuestsWriteFirst).
var turnsWanted atomic.Int64

// bindWriteTurn gives every hook VM `$inWriteTurn(fn)`: it runs fn once every write transaction
// that asked before it is done, and returns fn's result (an exception thrown by fn passes
// through unchanged, after the turn is handed on).
//
// Why: SQLite has one writer, so PocketBase gives all writes a pool of one connection, and Go's
// database/sql hands a freed connection to a *random* waiter. Under a burst of 50 reservation
// creates (each holds the connection for its whole transaction: seat count, insert, outbox
// jobs), a guest's create could lose that draw dozens of times in a row: timed in the creates
// bench, the slowest 2% of creates spent 80-90% of their time waiting for the connection (p99
// 2-3× a bare create's). Queuing the transactions here first makes the wait first come, first served:
// everyone waits about as long as the queue ahead of them, nobody waits for the whole burst.
//
// Call it only outside a transaction (a caller holding the connection while it waits for a turn
// would deadlock with a turn holder waiting for the connection), and never nested.
func bindWriteTurn(vm *goja.Runtime) {
	_ = vm.Set("$inWriteTurn", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(vm.NewTypeError("$inWriteTurn expects a function"))
		}
		turnsWanted.Add(1)
		defer turnsWanted.Add(-1)
		writeTurns <- struct{}{}
		defer func() { <-writeTurns }()
		result, err := fn(goja.Undefined())
		if err != nil {
			if exception, ok := err.(*goja.Exception); ok {
				panic(exception) // goja rethrows it to the caller as the same JS exception
			}
			panic(vm.NewGoError(err))
		}
		return result
	})
}
