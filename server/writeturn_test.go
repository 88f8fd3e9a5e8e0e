package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// notesApp is a test app with one base collection, notes(text), for the turns to write into.
func notesApp(t testing.TB) core.App {
	t.Helper()
	app := newTestApp(t)
	notes := core.NewBaseCollection("notes")
	notes.Fields.Add(&core.TextField{Name: "text"})
	if err := app.Save(notes); err != nil {
		t.Fatal(err)
	}
	return app
}

func saveNote(tx core.App, text string) error {
	notes, err := tx.FindCollectionByNameOrId("notes")
	if err != nil {
		return err
	}
	r := core.NewRecord(notes)
	r.Set("text", text)
	return tx.Save(r)
}

func noteCount(t testing.TB, app core.App) int {
	t.Helper()
	n, err := app.CountRecords("notes")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// turnWaiters counts the goroutines queued for a write turn (waiting to be handed the
// transaction), read from their stacks: the order in which they queued is the order the test means.
func turnWaiters() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		// Blocked in run itself (the holder is blocked further down, in its fn).
		lines := strings.SplitN(g, "\n", 3)
		if len(lines) > 1 && strings.Contains(lines[0], "[chan receive") && strings.Contains(lines[1], "(*writeTurns).run(") {
			n++
		}
	}
	return n
}

func waitUntil(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// queueBehindHolder starts a turn that holds the write transaction until release is closed,
// then queues one turn per fn, each only once the one before it is waiting, and returns the
// channel their results arrive on (the holder's first).
func queueBehindHolder(t *testing.T, turns *writeTurns, release chan struct{}, fns ...func(tx core.App) error) chan error {
	t.Helper()
	done := make(chan error, len(fns)+1)
	holding := make(chan struct{})
	go func() {
		done <- turns.run(func(tx core.App) error {
			close(holding)
			<-release
			return saveNote(tx, "holder")
		})
	}()
	<-holding
	for i, fn := range fns {
		go func() { done <- turns.run(fn) }()
		waitUntil(t, fmt.Sprintf("turn %d queued", i), func() bool { return turnWaiters() == i+1 })
	}
	return done
}

func TestWriteTurnsRunInArrivalOrderAndCommitTogether(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	const guests = 12
	var mu sync.Mutex
	var order []int
	txs := map[core.App]bool{}
	fns := make([]func(core.App) error, guests)
	for i := range fns {
		fns[i] = func(tx core.App) error {
			mu.Lock()
			order = append(order, i)
			txs[tx] = true
			mu.Unlock()
			return saveNote(tx, fmt.Sprint(i))
		}
	}
	release := make(chan struct{})
	done := queueBehindHolder(t, turns, release, fns...)
	// The outbox's lanes see every write running or waiting for a turn, and let them go first.
	if got := turnsWanted.Load(); got != guests+1 {
		t.Fatalf("turnsWanted = %d, want %d", got, guests+1)
	}
	close(release)
	for i := 0; i <= guests; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	for i, n := range order {
		if n != i {
			t.Fatalf("turns ran in the order %v, not as they arrived", order)
		}
	}
	// The 12 that queued while the holder's transaction was open ran in one transaction after it.
	if len(txs) != 1 {
		t.Fatalf("the queued turns ran in %d transactions, want 1", len(txs))
	}
	if got := noteCount(t, app); got != guests+1 {
		t.Fatalf("%d notes stored, want %d", got, guests+1)
	}
	if got := turnsWanted.Load(); got != 0 {
		t.Fatalf("turnsWanted = %d after every turn ended, want 0", got)
	}
}

func TestWriteTurnsCapTheBatch(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, 3)
	var mu sync.Mutex
	txs := map[core.App]int{}
	fns := make([]func(core.App) error, 7)
	for i := range fns {
		fns[i] = func(tx core.App) error {
			mu.Lock()
			txs[tx]++
			mu.Unlock()
			return saveNote(tx, fmt.Sprint(i))
		}
	}
	release := make(chan struct{})
	done := queueBehindHolder(t, turns, release, fns...)
	close(release)
	for range 8 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range txs {
		if n > 3 {
			t.Fatalf("a transaction ran %d turns, the cap is 3 (%v)", n, txs)
		}
	}
	if got := noteCount(t, app); got != 8 {
		t.Fatalf("%d notes stored, want 8", got)
	}
}

func TestAFailedTurnThatWroteNothingLeavesTheOthersCommitted(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	refused := errors.New("night is full")
	release := make(chan struct{})
	done := queueBehindHolder(t, turns, release,
		func(tx core.App) error { return saveNote(tx, "first") },
		func(core.App) error { return refused },
		func(tx core.App) error { return saveNote(tx, "last") },
	)
	close(release)
	var errs []error
	for range 4 {
		if err := <-done; err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) != 1 || !errors.Is(errs[0], refused) {
		t.Fatalf("errors %v, want only the refusal", errs)
	}
	if got := noteCount(t, app); got != 3 {
		t.Fatalf("%d notes stored, want 3 (holder, first, last)", got)
	}
}

func TestAFailedTurnThatWroteRollsItsBatchBack(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	// A create whose transaction rolls back must not be announced: PocketBase queues the
	// after-success hooks (realtime, the 200 answer) on the shared transaction.
	var mu sync.Mutex
	var announced []string
	app.OnRecordAfterCreateSuccess("notes").BindFunc(func(e *core.RecordEvent) error {
		mu.Lock()
		announced = append(announced, e.Record.GetString("text"))
		mu.Unlock()
		return e.Next()
	})
	broke := errors.New("disk full")
	release := make(chan struct{})
	done := queueBehindHolder(t, turns, release,
		func(tx core.App) error { return saveNote(tx, "first") },
		func(tx core.App) error {
			if err := saveNote(tx, "half"); err != nil {
				return err
			}
			return broke
		},
	)
	close(release)
	var own, rolledBack int
	for range 3 {
		err := <-done
		switch {
		case errors.Is(err, broke) && !errors.Is(err, errBatchRolledBack):
			own++
		case errors.Is(err, errBatchRolledBack):
			rolledBack++
		default:
			t.Fatalf("a turn of the rolled-back batch answered %v", err)
		}
	}
	if own != 1 || rolledBack != 2 {
		t.Fatalf("%d turns got their own error and %d the rollback, want 1 and 2", own, rolledBack)
	}
	if got := noteCount(t, app); got != 0 {
		t.Fatalf("%d notes stored after the rollback, want 0", got)
	}
	if len(announced) != 0 {
		t.Fatalf("rolled-back creates announced: %v", announced)
	}
	// The committer goes on serving.
	if err := turns.run(func(tx core.App) error { return saveNote(tx, "after") }); err != nil {
		t.Fatal(err)
	}
	if got := noteCount(t, app); got != 1 || len(announced) != 1 {
		t.Fatalf("after the rollback: %d notes, %v announced, want 1 and [after]", got, announced)
	}
}

func TestAPanickingTurnRollsBackAndTheQueueGoesOn(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the turn's panic did not reach its caller")
			}
		}()
		_ = turns.run(func(tx core.App) error {
			_ = saveNote(tx, "before the panic")
			panic("bug")
		})
	}()
	if err := turns.run(func(tx core.App) error { return saveNote(tx, "next") }); err != nil {
		t.Fatal(err)
	}
	if got := noteCount(t, app); got != 1 {
		t.Fatalf("%d notes stored, want 1 (the panicking turn's write rolled back)", got)
	}
}

func TestATurnWhoseTransactionCannotOpenGetsTheErrorAndNeverRuns(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	if err := app.ResetBootstrapState(); err != nil { // closes the databases: no transaction opens
		t.Fatal(err)
	}
	done := make(chan error, 1)
	ran := false
	go func() { done <- turns.run(func(core.App) error { ran = true; return nil }) }()
	select {
	case err := <-done:
		if err == nil || ran {
			t.Fatalf("the turn answered %v (ran: %v), want the error and no run", err, ran)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the turn waited forever for a transaction that never opened")
	}
}

// hookVM is one of PocketBase's pooled hook VMs, as far as write transactions go.
func hookVM(t testing.TB, turns *writeTurns) *goja.Runtime {
	t.Helper()
	vm := goja.New()
	bindWriteTransaction(vm, turns)
	return vm
}

func TestWriteTransactionBindingPassesResultsAndExceptionsThrough(t *testing.T) {
	app := notesApp(t)
	turns := newWriteTurns(app, defaultMaxBatch)
	vm := hookVM(t, turns)
	_ = vm.Set("saveNote", func(tx core.App, text string) {
		if err := saveNote(tx, text); err != nil {
			panic(vm.NewGoError(err))
		}
	})
	got, err := vm.RunString(`$inWriteTransaction((tx) => { saveNote(tx, 'kept'); return { seats: 4 }; }).seats`)
	if err != nil || got.ToInteger() != 4 {
		t.Fatalf("the turn's result: %v, %v", got, err)
	}
	// A refusal thrown before writing reaches the caller as the same exception.
	got, err = vm.RunString(`
		class Refusal extends Error {}
		let caught;
		try { $inWriteTransaction(() => { throw new Refusal('night is full'); }); } catch (e) { caught = e; }
		caught instanceof Refusal && caught.message`)
	if err != nil || got.String() != "night is full" {
		t.Fatalf("the exception: %v, %v", got, err)
	}
	// Thrown after writing: the same exception, and the write is gone.
	got, err = vm.RunString(`
		let late;
		try { $inWriteTransaction((tx) => { saveNote(tx, 'dropped'); throw new Refusal('late'); }); } catch (e) { late = e; }
		late instanceof Refusal && late.message`)
	if err != nil || got.String() != "late" {
		t.Fatalf("the late exception: %v, %v", got, err)
	}
	if n := noteCount(t, app); n != 1 {
		t.Fatalf("%d notes stored, want 1 (kept)", n)
	}
	if _, err := vm.RunString(`$inWriteTransaction(42)`); err == nil || !strings.Contains(err.Error(), "expects a function") {
		t.Fatalf("a non-function: %v", err)
	}
}
