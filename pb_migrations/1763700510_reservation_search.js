/// <reference path="../pb_data/types.d.ts" />
/**
 * Guest search for the door (issue 11): one box that finds a reservation on any date by part of
 * the guest's name, email or phone number, the phone compared as digits only ("347 555" finds
 * "(347) 555-0100").
 *
 * Substring search on three columns cannot use a B-tree index (LIKE '%x%' reads every row), so
 * this is an SQLite FTS5 table with the trigram tokenizer (PocketBase's SQLite has both): any 3+
 * characters of a name or email, or 3+ digits of a phone, are looked up in its index. Triggers on
 * `reservations` keep it in step with every write (API, hooks, the dashboard bench's straight
 * SQLite seeding), in the same transaction; the FTS row shares the reservation's rowid.
 * (SQLite may renumber rowids in a manual VACUUM: run
 * `INSERT INTO reservations_search(reservations_search) VALUES('delete-all')` and the backfill
 * below again after one.) Read by GET /api/admin/reservations/search (pb_hooks/admin_search.pb.js).
 */
const DIGITS =
  "replace(replace(replace(replace(replace(replace(replace(coalesce(%s,''),' ',''),'(',''),')',''),'-',''),'.',''),'+',''),'/','')";
const digits = (col) => DIGITS.replace('%s', col);

migrate(
  (app) => {
    const db = app.db();
    db.newQuery(
      "CREATE VIRTUAL TABLE IF NOT EXISTS reservations_search USING fts5(name, email, phone_digits, tokenize = 'trigram')",
    ).execute();
    db.newQuery(
      'CREATE TRIGGER IF NOT EXISTS reservations_search_insert AFTER INSERT ON reservations BEGIN ' +
        `INSERT INTO reservations_search (rowid, name, email, phone_digits) VALUES (new.rowid, new.name, new.email, ${digits('new.phone')}); END`,
    ).execute();
    db.newQuery(
      'CREATE TRIGGER IF NOT EXISTS reservations_search_update AFTER UPDATE OF name, email, phone ON reservations BEGIN ' +
        'DELETE FROM reservations_search WHERE rowid = old.rowid; ' +
        `INSERT INTO reservations_search (rowid, name, email, phone_digits) VALUES (new.rowid, new.name, new.email, ${digits('new.phone')}); END`,
    ).execute();
    db.newQuery(
      'CREATE TRIGGER IF NOT EXISTS reservations_search_delete AFTER DELETE ON reservations BEGIN ' +
        'DELETE FROM reservations_search WHERE rowid = old.rowid; END',
    ).execute();
    // Backfill what was there before.
    db.newQuery(
      `INSERT INTO reservations_search (rowid, name, email, phone_digits) SELECT rowid, name, email, ${digits('phone')} FROM reservations`,
    ).execute();
  },
  (app) => {
    const db = app.db();
    ['reservations_search_insert', 'reservations_search_update', 'reservations_search_delete'].forEach((t) =>
      db.newQuery(`DROP TRIGGER IF EXISTS ${t}`).execute(),
    );
    db.newQuery('DROP TABLE IF EXISTS reservations_search').execute();
  },
);
