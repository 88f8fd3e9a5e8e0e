/**
 * Retention (issue 32 item 7): guests' personal data is erased RETENTION_DAYS (default 730) after
 * their night (S.retentionCutoff); the records, and so every count and figure, stay.
 *
 * Run nightly by the cron in hooks/register/guest_data.pb.ts, and by
 * `venue-server retention:run [--now=<ISO>]` (commands.pb.ts) for tests and a manual catch-up.
 * Each batch is its own write transaction, queued behind the guests' writes
 * (Tx.inWriteTransaction) and sized to hold SQLite's one write lock about 10 ms
 * (S.nextBatchSize), so a long first run (years of history) never keeps a guest's create waiting
 * for more than one short batch, however busy the machine. What is due is found with
 * the erased_at index (pb_migrations/1763701900_guest_data.js): a night with nothing due costs one
 * index probe per collection. The batches take the due records in the table's order (nextDue),
 * and each is checkpointed out of the write-ahead log outside the write lock (checkpoint): on the
 * 2-core test machine, 100,000 reservations took 230 s before, about 60 s after, while a guest
 * booked (scripts/bench/retention.mjs).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Ids from './ids';
import * as Log from './logging';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { eraseRecords, GUEST_COLLECTIONS, PERSONAL, type GuestCollection } from './personal-data';

/** RETENTION_DAYS, read once per process; a bad value is logged once and the default kept. */
let days = 0;
export function retentionDays(): number {
  if (days > 0) return days;
  const read = S.readRetentionDays($os.getenv('RETENTION_DAYS'));
  if (read.warning) {
    // On the terminal at start-up, and in the server's logs.
    console.error(read.warning);
    Log.log().warn(read.warning);
  }
  days = read.days;
  return days;
}

/** The first and last rowid of the records in `collection` due for erasing (0, 0: none). */
function dueSpan(app: CoreApp, collection: GuestCollection, cut: string): { first: number; last: number } {
  const span = Rows.rowOf({ first: 0, last: 0 });
  app
    .db()
    .newQuery(`SELECT coalesce(min(rowid), 0) AS first, coalesce(max(rowid), 0) AS last FROM ${collection} WHERE erased_at = '' AND ${PERSONAL[collection].dated} < {:cut}`)
    .bind({ cut })
    .one(span);
  return { first: span.first, last: span.last };
}

/**
 * The next batch: up to `limit` due records after rowid `after` (to `last`), in the table's own
 * order, as their ids and the last one's rowid. In that order a batch rewrites neighbouring rows,
 * a few pages, where the night's order scattered them (a night's bookings were made over weeks,
 * between other nights'): a page per row in the table, the search index and the outbox. The scan
 * walks the table (NOT INDEXED) from where the last batch stopped, so the whole run reads the due
 * span once; sorting the erased_at index's due range by rowid instead cost more than the erasing.
 * One row comes back (the ids as a JSON array): a row per id costs more than its erasing too.
 */
function nextDue(app: CoreApp, collection: GuestCollection, cut: string, after: number, last: number, limit: number): { ids: string[]; last: number } {
  const batch = Rows.rowOf({ ids: '', last: 0 });
  app
    .db()
    .newQuery(
      'SELECT json_group_array(id) AS ids, coalesce(max(rowid), 0) AS last FROM ' +
        `(SELECT rowid, id FROM ${collection} NOT INDEXED WHERE rowid > {:after} AND rowid <= {:last} ` +
        `AND erased_at = '' AND ${PERSONAL[collection].dated} < {:cut} ORDER BY rowid LIMIT {:limit})`,
    )
    .bind({ cut, after, last, limit })
    .one(batch);
  return { ids: JSON.parse(batch.ids) as string[], last: batch.last };
}

/** Erases one collection's due records, batch after batch; how many. */
function eraseDue(app: CoreApp, collection: GuestCollection, cut: string): number {
  const span = dueSpan(app, collection, cut);
  let erased = 0;
  let after = span.first - 1;
  let unsynced = 0;
  let size: number = S.RETENTION.batch.first;
  for (;;) {
    const batch = nextDue(app, collection, cut, after, span.last, size);
    if (batch.ids.length === 0) break;
    // The lock is held from our turn's start until its commit has ended (the commit, writing
    // the batch's pages and the search index's, takes about as long as the statements).
    let started = 0;
    Tx.inWriteTransaction((tx) => {
      started = Date.now();
      eraseRecords(tx, collection, batch.ids, Ids.stamp(), false);
    });
    const heldMs = Date.now() - started;
    erased += batch.ids.length;
    unsynced += batch.ids.length;
    if (unsynced >= S.RETENTION.checkpointRows) {
      checkpoint(app);
      unsynced = 0;
    }
    if (batch.ids.length < size) break; // the scan reached the span's end
    after = batch.last;
    size = S.nextBatchSize(size, heldMs);
  }
  // The last batches' pages too, however the run ended (a full last batch ends on an empty one).
  if (unsynced > 0) checkpoint(app);
  return erased;
}

/**
 * Copies the last batches' pages from the write-ahead log into the database, outside the write
 * lock (every S.RETENTION.checkpointRows rows). Otherwise SQLite does it inside a commit once the
 * log passes 1,000 pages, writing and syncing them all while the guests' creates wait for the one
 * write connection. PASSIVE waits for no reader or writer; what it cannot copy yet, the next does.
 */
function checkpoint(app: CoreApp): void {
  app.db().newQuery('PRAGMA wal_checkpoint(PASSIVE)').execute();
}

export interface RetentionResult {
  now: string;
  days: number;
  /** nights before this one were erased */
  night: string;
  /** records without a night made before this instant were erased */
  before: string;
  erased: Record<GuestCollection, number>;
  ms: number;
}

/** Erases what is due at `now` (default: now), collection by collection. */
export function runRetention(app: CoreApp, now?: Date): RetentionResult {
  const started = Date.now();
  const at = now || new Date();
  const keep = retentionDays();
  const cutoff = S.retentionCutoff(at, keep);
  const erased = {} as Record<GuestCollection, number>;
  GUEST_COLLECTIONS.forEach((collection) => {
    erased[collection] = eraseDue(app, collection, PERSONAL[collection].dated === 'event_date' ? cutoff.night : Ids.stamp(cutoff.before));
  });
  return { now: at.toISOString(), days: keep, night: cutoff.night, before: cutoff.before.toISOString(), erased, ms: Date.now() - started };
}

/** The nightly cron (retention.pb.ts): logs what it erased, says nothing when nothing was due. */
export function retentionCron(): void {
  const result = runRetention($app);
  const total = GUEST_COLLECTIONS.reduce((sum, c) => sum + result.erased[c], 0);
  if (total > 0) Log.log().info('retention: guests’ personal data erased', 'night', result.night, 'erased', JSON.stringify(result.erased), 'ms', result.ms);
}

/** Start-up (bootstrap): says at once when RETENTION_DAYS is not usable, instead of at the first night. */
export function checkRetentionDays(): void {
  retentionDays();
}

/**
 * POST /api/admin/retention/run {"now"?: ISO} (retention.pb.ts): superusers only, for the benchmark
 * and the operator: the same run as the cron, inside the running server. Answers the result.
 */
export function retentionRoute(e: core.RequestEvent): void {
  if (!e.hasSuperuserAuth()) return Http.fail(e, 403, 'Superusers only.');
  const body = Req.rawBody(e);
  const raw = body.now;
  if (raw !== undefined && (typeof raw !== 'string' || !S.ISO_INSTANT.test(raw) || isNaN(new Date(raw).getTime()))) {
    return Http.fail(e, 400, S.RETENTION_MESSAGES.badNow(String(raw)));
  }
  return e.json(200, runRetention(e.app, raw ? new Date(raw as string) : undefined));
}
