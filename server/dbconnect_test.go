package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A write transaction that read first still writes when another connection (another process: a
// console command) committed meanwhile: that one waits for the lock instead (dbconnect.go).
func TestWriteTransactionHoldsTheLockFromBegin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.db")
	server, err := connectImmediate(path)
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	console, err := connectImmediate(path)
	if err != nil {
		t.Fatal(err)
	}
	defer console.Close()
	if _, err := server.NewQuery("CREATE TABLE r (id TEXT PRIMARY KEY)").Execute(); err != nil {
		t.Fatal(err)
	}
	tx, err := server.Begin()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	// A create reads first (the night's seats, a duplicate id), then inserts.
	if err := tx.NewQuery("SELECT count(*) FROM r").Row(&n); err != nil {
		t.Fatal(err)
	}
	consoleDone := make(chan error, 1)
	go func() {
		_, err := console.NewQuery("INSERT INTO r (id) VALUES ('console')").Execute()
		consoleDone <- err
	}()
	time.Sleep(150 * time.Millisecond) // long enough for the console's write to commit, were it let
	if _, err := tx.NewQuery("INSERT INTO r (id) VALUES ('guest')").Execute(); err != nil {
		t.Fatalf("the guest's write failed after reading: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-consoleDone; err != nil {
		t.Fatalf("the console's write did not wait its turn: %v", err)
	}
	if err := server.NewQuery("SELECT count(*) FROM r").Row(&n); err != nil || n != 2 {
		t.Fatalf("rows: %d %v", n, err)
	}
}

// The pragmas PocketBase sets are all still set.
func TestConnectImmediateKeepsPocketBasePragmas(t *testing.T) {
	db, err := connectImmediate(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for pragma, want := range map[string]string{"busy_timeout": "10000", "journal_mode": "wal", "journal_size_limit": "200000000",
		"synchronous": "1", "foreign_keys": "1", "temp_store": "2", "cache_size": "-" + dbCacheKiB} {
		var got string
		if err := db.NewQuery("PRAGMA " + pragma).Row(&got); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q (%v), want %q", pragma, got, err, want)
		}
	}
}

// connectImmediate is a copy of PocketBase's DefaultDBConnect plus _txlock and a smaller page cache
// (cache_size, checked above, and cache_spill, which SQLite derives from it): each other connection setting PocketBase's own connection has, read
// from it, must be the same, so a PocketBase upgrade that changes or adds one fails here rather
// than leaving the copy behind.
func TestConnectImmediateMatchesPocketBasesConnection(t *testing.T) {
	open := func(connect func(string) (*dbx.DB, error)) *dbx.DB {
		db, err := connect(filepath.Join(t.TempDir(), "data.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	ours, theirs := open(connectImmediate), open(core.DefaultDBConnect)
	for _, pragma := range []string{"busy_timeout", "journal_mode", "journal_size_limit", "synchronous", "foreign_keys",
		"temp_store", "mmap_size", "locking_mode", "auto_vacuum", "wal_autocheckpoint",
		"recursive_triggers", "secure_delete", "automatic_index", "query_only", "cell_size_check", "checkpoint_fullfsync",
		"fullfsync", "ignore_check_constraints", "legacy_alter_table", "defer_foreign_keys", "trusted_schema", "threads"} {
		var got, want string
		errOurs := ours.NewQuery("PRAGMA " + pragma).Row(&got)
		errTheirs := theirs.NewQuery("PRAGMA " + pragma).Row(&want)
		if errOurs != nil || errTheirs != nil || got != want {
			t.Errorf("PRAGMA %s = %q (%v), PocketBase's %q (%v)", pragma, got, errOurs, want, errTheirs)
		}
	}
}
