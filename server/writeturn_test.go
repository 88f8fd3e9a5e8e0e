package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// hookVM is one of PocketBase's pooled hook VMs, as far as write turns go.
func hookVM(t testing.TB) *goja.Runtime {
	t.Helper()
	vm := goja.New()
	bindWriteTurn(vm)
	return vm
}

// turnWaiters counts the goroutines queued for a write turn (blocked sending into writeTurns),
// read from their stacks: the order in which they queued is the order the test means.
func turnWaiters() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "[chan send") && strings.Contains(g, "bindWriteTurn") {
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

func TestWriteTurnsAreGrantedInArrivalOrder(t *testing.T) {
	const guests = 12
	var mu sync.Mutex
	var order []int
	release := make(chan struct{})
	holding := make(chan struct{})

	// The first create holds the turn (its transaction is open) while the others arrive.
	holder := hookVM(t)
	_ = holder.Set("hold", func() { close(holding); <-release })
	done := make(chan error, guests+1)
	go func() {
		_, err := holder.RunString(`$inWriteTurn(() => hold())`)
		done <- err
	}()
	<-holding

	for i := 0; i < guests; i++ {
		vm := hookVM(t)
		_ = vm.Set("granted", func(n int) {
			mu.Lock()
			order = append(order, n)
			mu.Unlock()
		})
		go func(i int) {
			_, err := vm.RunString(fmt.Sprintf(`$inWriteTurn(() => granted(%d))`, i))
			done <- err
		}(i)
		waitUntil(t, fmt.Sprintf("guest %d queued", i), func() bool { return turnWaiters() == i+1 })
	}
	// The outbox's lanes see every create holding or waiting for a turn, and let them go first.
	if got := turnsWanted.Load(); got != int64(guests+1) {
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
			t.Fatalf("turns were granted in the order %v, not as the guests arrived", order)
		}
	}
	if got := turnsWanted.Load(); got != 0 {
		t.Fatalf("turnsWanted = %d after every turn ended, want 0", got)
	}
}

func TestWriteTurnPassesResultsAndExceptionsThrough(t *testing.T) {
	vm := hookVM(t)
	got, err := vm.RunString(`$inWriteTurn(() => ({ seats: 4 })).seats`)
	if err != nil || got.ToInteger() != 4 {
		t.Fatalf("the turn's result: %v, %v", got, err)
	}
	// A refusal thrown inside the turn reaches the caller as the same exception, and the turn is
	// handed on (else the next create would wait forever).
	got, err = vm.RunString(`
		class Refusal extends Error {}
		let caught;
		try { $inWriteTurn(() => { throw new Refusal('night is full'); }); } catch (e) { caught = e; }
		caught instanceof Refusal && caught.message`)
	if err != nil || got.String() != "night is full" {
		t.Fatalf("the exception: %v, %v", got, err)
	}
	next := make(chan goja.Value, 1)
	go func() {
		v, _ := hookVM(t).RunString(`$inWriteTurn(() => 'next')`)
		next <- v
	}()
	select {
	case v := <-next:
		if v.String() != "next" {
			t.Fatalf("the next turn answered %v", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the turn was not handed on after an exception")
	}
	if _, err := vm.RunString(`$inWriteTurn(42)`); err == nil || !strings.Contains(err.Error(), "expects a function") {
		t.Fatalf("a non-function: %v", err)
	}
}
