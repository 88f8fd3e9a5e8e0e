package main

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// oneConn is a database on a temp file limited to one connection, so every statement runs on the
// same cache, and that connection's cache.
func oneConn(t *testing.T) (*sql.DB, *cachingConn) {
	t.Helper()
	db, err := sql.Open(cachedDriverName, filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { _ = db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var cache *cachingConn
	if err := conn.Raw(func(c any) error { cache = c.(*cachingConn); return nil }); err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
	mustExec(t, db, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
	return db, cache
}

func mustExec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, db *sql.DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		out = append(out, name)
	}
	return out
}

func TestAStatementRunAgainIsPreparedOnceWithItsNewValues(t *testing.T) {
	db, cache := oneConn(t)
	before := cache.prepares
	for i := range 5 {
		mustExec(t, db, "INSERT INTO t (name) VALUES (?)", fmt.Sprintf("guest %d", i))
	}
	for i := range 5 {
		if got := names(t, db, "SELECT name FROM t WHERE id = ?", i+1); len(got) != 1 || got[0] != fmt.Sprintf("guest %d", i) {
			t.Fatalf("row %d: %v", i+1, got)
		}
	}
	if n := cache.prepares - before; n != 2 {
		t.Fatalf("prepared %d statements for two queries run five times each", n)
	}
}

func TestTheSameQueryInsideItsOwnOpenRowsRunsApart(t *testing.T) {
	db, _ := oneConn(t)
	for _, name := range []string{"a", "b", "c"} {
		mustExec(t, db, "INSERT INTO t (name) VALUES (?)", name)
	}
	tx, err := db.Begin() // one connection: the inner query runs while the outer rows are open
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	const query = "SELECT name FROM t WHERE name >= ? ORDER BY name"
	outer, err := tx.Query(query, "a")
	if err != nil {
		t.Fatal(err)
	}
	var pairs []string
	for outer.Next() {
		var name string
		_ = outer.Scan(&name)
		inner, err := tx.Query(query, name)
		if err != nil {
			t.Fatal(err)
		}
		count := 0
		for inner.Next() {
			count++
		}
		inner.Close()
		pairs = append(pairs, fmt.Sprintf("%s:%d", name, count))
	}
	outer.Close()
	if fmt.Sprint(pairs) != "[a:3 b:2 c:1]" {
		t.Fatalf("pairs: %v", pairs)
	}
}

func TestAFailedRunLeavesTheStatementUsable(t *testing.T) {
	db, _ := oneConn(t)
	mustExec(t, db, "INSERT INTO t (name) VALUES (?)", "taken")
	if _, err := db.Exec("INSERT INTO t (name) VALUES (?)", "taken"); err == nil {
		t.Fatal("a duplicate name was stored")
	}
	mustExec(t, db, "INSERT INTO t (name) VALUES (?)", "free")
	if got := names(t, db, "SELECT name FROM t ORDER BY id"); fmt.Sprint(got) != "[taken free]" {
		t.Fatalf("rows: %v", got)
	}
}

func TestAKeptStatementSeesTheSchemaChange(t *testing.T) {
	db, _ := oneConn(t)
	mustExec(t, db, "INSERT INTO t (name) VALUES (?)", "ada")
	rows, err := db.Query("SELECT * FROM t")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	mustExec(t, db, "ALTER TABLE t ADD COLUMN party INTEGER NOT NULL DEFAULT 2")
	rows, err = db.Query("SELECT * FROM t")
	if err != nil {
		t.Fatal(err)
	}
	after, _ := rows.Columns()
	rows.Close()
	if len(cols) != 2 || len(after) != 3 {
		t.Fatalf("columns before %v, after %v", cols, after)
	}
}

func TestTheCacheKeepsAtMostItsBoundAndClosesCleanly(t *testing.T) {
	db, cache := oneConn(t)
	for i := range stmtsPerConn + 20 {
		names(t, db, fmt.Sprintf("SELECT name FROM t WHERE id = %d", i))
	}
	cache.mu.Lock()
	kept, listed := len(cache.stmts), cache.recent.Len()
	cache.mu.Unlock()
	if kept != stmtsPerConn || listed != stmtsPerConn {
		t.Fatalf("kept %d statements (%d listed), bound %d", kept, listed, stmtsPerConn)
	}
	// The cache finalizes its statements before the connection closes: sqlite3_close_v2 would
	// otherwise leave the connection open as a zombie, and the statements' memory with it.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if len(cache.stmts) != 0 || cache.recent.Len() != 0 {
		t.Fatalf("%d statements left after the connection closed", len(cache.stmts))
	}
}
