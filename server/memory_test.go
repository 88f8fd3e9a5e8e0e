package main

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

func TestMemoryReturnsWhenQuietAndAgainWhenTheHeapRegrows(t *testing.T) {
	watch := &quietWatch{}
	t0 := time.Unix(1_000_000, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	const mb = 1 << 20
	if watch.due(at(0), 5, 100*mb) || watch.due(at(14), 5, 100*mb) {
		t.Fatal("not before 15 s without a request")
	}
	if !watch.due(at(15), 5, 100*mb) {
		t.Fatal("15 s without a request: return")
	}
	watch.returned(40 * mb)
	if watch.due(at(20), 5, 40*mb+regrowth) {
		t.Fatal("once per quiet spell while the heap has not regrown")
	}
	if !watch.due(at(25), 5, 40*mb+regrowth+1) {
		t.Fatal("still quiet and the heap regrew: return again")
	}
	watch.returned(40 * mb)
	if watch.due(at(30), 6, 200*mb) || watch.due(at(44), 6, 200*mb) {
		t.Fatal("a request starts the period again")
	}
	if !watch.due(at(45), 6, 41*mb) {
		t.Fatal("a new quiet spell after requests: return, however little the heap grew")
	}
}

func TestMemoryLimitFromTheEnvironment(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	cases := []struct {
		vars  map[string]string
		limit int64
		ok    bool
		warns bool
	}{
		{map[string]string{}, defaultMemoryLimitMB << 20, true, false},
		{map[string]string{"MEMORY_LIMIT_MB": "300"}, 300 << 20, true, false},
		{map[string]string{"MEMORY_LIMIT_MB": "0"}, 0, false, false},
		{map[string]string{"MEMORY_LIMIT_MB": "lots"}, defaultMemoryLimitMB << 20, true, true},
		{map[string]string{"MEMORY_LIMIT_MB": "-5"}, defaultMemoryLimitMB << 20, true, true},
		{map[string]string{"GOMEMLIMIT": "400MiB", "MEMORY_LIMIT_MB": "300"}, 0, false, false},
	}
	for _, c := range cases {
		limit, ok, warning := memoryLimitBytes(env(c.vars))
		if limit != c.limit || ok != c.ok || (warning != "") != c.warns {
			t.Errorf("memoryLimitBytes(%v) = %d, %v, %q; want %d, %v, a warning %v", c.vars, limit, ok, warning, c.limit, c.ok, c.warns)
		}
	}
}

// After a burst the idle SQLite connections (each with its page cache) are closed at once, and
// the idle cap is PocketBase's again: the next burst keeps its connections.
func TestReturnMemoryClosesIdleConnectionsAndPutsTheCapBack(t *testing.T) {
	app := newTestApp(t)
	for name, pool := range map[string]struct {
		db  dbx.Builder
		cap int
	}{"data": {app.ConcurrentDB(), core.DefaultDataMaxIdleConns}, "auxiliary": {app.AuxConcurrentDB(), core.DefaultAuxMaxIdleConns}} {
		db := pool.db.(*dbx.DB).DB()
		burst := func() {
			conns := make([]*sql.Conn, pool.cap+2)
			for i := range conns {
				c, err := db.Conn(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				conns[i] = c
			}
			for _, c := range conns {
				c.Close()
			}
		}
		burst()
		if idle := db.Stats().Idle; idle != pool.cap {
			t.Fatalf("%s: %d idle after a burst, want the cap %d", name, idle, pool.cap)
		}
		returnMemory(app)
		if idle := db.Stats().Idle; idle != 0 {
			t.Fatalf("%s: %d idle connections left after returnMemory", name, idle)
		}
		burst()
		if idle := db.Stats().Idle; idle != pool.cap {
			t.Fatalf("%s: %d idle after the next burst, want the cap %d back", name, idle, pool.cap)
		}
	}
}

// GOGC goes to the quiet pace once a quiet spell starts and back to the busy one with the next
// request, and is left alone when the environment set it.
func TestGCPaceFollowsQuietSpells(t *testing.T) {
	var set []int
	pace := gcPace{manage: true, set: func(p int) { set = append(set, p) }}
	watch := &quietWatch{}
	start := time.Now()
	steps := []struct {
		after    time.Duration
		requests int64
	}{{0, 1}, {5 * time.Second, 1}, {quietPeriod, 1}, {quietPeriod + 5*time.Second, 1}, {quietPeriod + 10*time.Second, 2}, {2 * quietPeriod, 2}, {3 * quietPeriod, 2}}
	for _, s := range steps {
		now := start.Add(s.after)
		watch.due(now, s.requests, 0)
		pace.follow(watch.quiet(now))
	}
	if fmt.Sprint(set) != fmt.Sprint([]int{quietGCPercent, defaultGCPercent, quietGCPercent}) {
		t.Fatalf("GOGC set to %v", set)
	}
	untouched := gcPace{manage: false, set: func(p int) { t.Fatalf("GOGC set to %d though the environment set it", p) }}
	untouched.follow(true)
}
