package main

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"sync"

	_ "modernc.org/sqlite" // registers "sqlite", the driver wrapped here
)

// The database driver the server opens (connectImmediate): modernc's SQLite driver, with each
// connection keeping its most recently used prepared statements.
//
// Why: PocketBase and dbx run every statement through a fresh prepare, and modernc's SQLite
// parses the SQL text again each time. In a burst of bookings that parsing was 13-14 % of the
// server's CPU (issue 33): the same few dozen statements (a create's insert, the seats query,
// the outbox's claim and outcome) run thousands of times. A modernc statement is made to be run
// again: it resets itself after an exec, after its rows are closed and after a failed step.
//
// A cached statement runs one query at a time. When its rows are still open (a read looping over
// rows that runs the same query inside), the inner query is prepared afresh as before. A
// statement whose run failed is closed, not kept. The schema may change under a kept statement:
// SQLite prepares it again on its next step (sqlite3_prepare_v2).
const cachedDriverName = "sqlite_stmtcache"

// stmtsPerConn bounds each connection's kept statements: PocketBase keeps up to 120 read
// connections, and a statement holds a few KiB outside the Go heap.
const stmtsPerConn = 48

func init() {
	db, err := sql.Open("sqlite", "") // no connection: only the registered driver, with its connection hooks
	if err != nil {
		panic(err)
	}
	inner := db.Driver()
	_ = db.Close()
	sql.Register(cachedDriverName, &cachingDriver{inner: inner})
}

type cachingDriver struct{ inner driver.Driver }

// innerConn is what modernc's connection offers and database/sql uses.
type innerConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

func (d *cachingDriver) Open(name string) (driver.Conn, error) {
	conn, err := d.inner.Open(name)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(innerConn)
	if !ok {
		return conn, nil // not the connection this cache was written for: used as it is
	}
	return &cachingConn{innerConn: inner, stmts: map[string]*cachedStmt{}, recent: list.New()}, nil
}

type cachedStmt struct {
	stmt    driver.Stmt
	query   string
	busy    bool // its rows are open
	dropped bool // out of the cache: closed when its rows are
	at      *list.Element
}

type cachingConn struct {
	innerConn
	mu       sync.Mutex
	stmts    map[string]*cachedStmt
	recent   *list.List // most recently used first
	prepares int        // statements prepared for the cache (for tests)
}

// take is `query`'s kept statement, prepared now if it is not kept yet, or nil when it is running.
func (c *cachingConn) take(ctx context.Context, query string) (*cachedStmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.stmts[query]; ok {
		if s.busy {
			return nil, nil
		}
		s.busy = true
		c.recent.MoveToFront(s.at)
		return s, nil
	}
	stmt, err := c.innerConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.prepares++
	s := &cachedStmt{stmt: stmt, query: query, busy: true}
	s.at = c.recent.PushFront(s)
	c.stmts[query] = s
	for c.recent.Len() > stmtsPerConn {
		c.dropLocked(c.recent.Back().Value.(*cachedStmt))
	}
	return s, nil
}

// release ends a run; a failed run's statement is dropped.
func (c *cachingConn) release(s *cachedStmt, failed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s.busy = false
	if failed && !s.dropped {
		c.dropLocked(s)
	} else if s.dropped {
		_ = s.stmt.Close()
	}
}

func (c *cachingConn) dropLocked(s *cachedStmt) {
	s.dropped = true
	c.recent.Remove(s.at)
	delete(c.stmts, s.query)
	if !s.busy {
		_ = s.stmt.Close()
	}
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.take(ctx, query)
	if err != nil || s == nil {
		return c.innerConn.ExecContext(ctx, query, args)
	}
	result, err := s.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
	c.release(s, err != nil)
	return result, err
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.take(ctx, query)
	if err != nil || s == nil {
		return c.innerConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		c.release(s, true)
		return nil, err
	}
	return &cachedRows{innerRows: rows.(innerRows), done: func(failed bool) { c.release(s, failed) }}, nil
}

// Close finalizes the kept statements first: sqlite3_close_v2 would leave a connection that
// still has some open as a zombie, with their memory.
func (c *cachingConn) Close() error {
	c.mu.Lock()
	for _, s := range c.stmts {
		s.busy = false
		c.dropLocked(s)
	}
	c.mu.Unlock()
	return c.innerConn.Close()
}

// innerRows is what modernc's rows offer besides driver.Rows (database/sql's ColumnTypes).
type innerRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

type cachedRows struct {
	innerRows
	done   func(failed bool)
	closed bool
}

// Close resets the statement (modernc's rows do) and gives it back to the cache.
func (r *cachedRows) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.innerRows.Close()
	r.done(err != nil)
	return err
}
