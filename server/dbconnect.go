package main

import (
	"github.com/pocketbase/dbx"
)

// connectImmediate opens a database as PocketBase's DefaultDBConnect does (the same pragmas, in
// the same order; dbconnect_test.go compares them with PocketBase's own), except that every write
// transaction begins IMMEDIATE: it takes SQLite's write lock at BEGIN, waiting for it up to
// busy_timeout.
//
// Why: a transaction begun DEFERRED reads first and takes the lock at its first write. When
// another process committed in between (a console command on the live data: `retention:run`,
// `admin:grant`), SQLite cannot let it write on its older snapshot and fails at once with
// SQLITE_BUSY_SNAPSHOT ("database is locked (517)"), without waiting: the write turns' batch
// rolled back and every guest in it got a bare "Failed to create record." 400
// (tests/api/console-on-live-data.test.ts). Inside one server nothing changes: PocketBase's
// writes already share one connection, and only they open transactions (its read pool never
// does; a read-only transaction would still begin DEFERRED).
func connectImmediate(dbPath string) (*dbx.DB, error) {
	pragmas := "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)" +
		"&_txlock=immediate"
	return dbx.Open("sqlite", dbPath+pragmas)
}
