package main

import (
	"database/sql"

	"github.com/pocketbase/dbx"
)

// connectImmediate opens a database as PocketBase's DefaultDBConnect does (the same pragmas, in
// the same order; dbconnect_test.go compares them with PocketBase's own), except for two things:
//
//   - every write transaction begins IMMEDIATE: it takes SQLite's write lock at BEGIN, waiting for
//     it up to busy_timeout (below);
//   - each connection's page cache is SQLite's default 2 MB (dbCacheKiB), not PocketBase's 32 MB.
//     The cache lives outside the Go heap and its memory limit, and PocketBase keeps up to 120
//     read connections: in the memory scenario's evening (scripts/reliability/memory.mjs, 160
//     bookings a second on a quiet machine) the read connections' caches took the server from a
//     Go heap of at most 145 MB to 294-303 MB of RSS. SQLite reads a page it no longer caches from
//     the kernel's page cache, which every connection shares.
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
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-" + dbCacheKiB + ")" +
		"&_txlock=immediate"
	// modernc's driver with a statement cache (stmtcache.go); dbx builds SQL for it as for "sqlite".
	sqlDB, err := sql.Open(cachedDriverName, dbPath+pragmas)
	if err != nil {
		return nil, err
	}
	return dbx.NewFromDB(sqlDB, "sqlite"), nil
}

// dbCacheKiB is each connection's page cache in KiB (PRAGMA cache_size, negative: a size, not pages).
const dbCacheKiB = "2000"
