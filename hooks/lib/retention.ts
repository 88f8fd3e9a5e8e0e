/**
 * Retention (issue 32 item 7): guests' personal data is erased RETENTION_DAYS (default 730) after
 * their night (S.retentionCutoff); the records, and so every count and figure, stay.
 *
 * Run nightly by the cron in hooks/register/guest_data.pb.ts, and by
 * `venue-server retention:run [--now=<ISO>]` (commands.pb.ts) for tests and a manual catch-up.
 * Each batch is its own write transaction, queued behind the guests' writes
 * (Tx.inWriteTransaction) and sized to hold SQLite's one write lock about 20 ms
 * (S.nextBatchSize), so a long first run (years of history) never keeps a guest's create waiting
 * for more than one short batch, however busy the machine. What is due is found with
 * the erased_at index (pb_migrations/1763701900_guest_data.js): a night with nothing due costs one
 * index probe per collection.
 */
import * as S from '../rules';import * as Http from './http';
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

/** Up to a batch of ids in `collection` whose personal data is due for erasing. */
function dueIds(app: CoreApp, collection: GuestCollection, cut: string, limit: number): string[] {
  const dated = PERSONAL[collection].dated;
  const rows = Rows.rowsOf({ id: '' });
  app
    .db()
    .newQuery(`SELECT id FROM ${collection} WHERE erased_at = '' AND ${dated} < {:cut} ORDER BY ${dated} LIMIT {:limit}`)
    .bind({ cut, limit })
    .all(rows);
  return rows.map((r) => r.id);
}

/** Erases one collection's due records, batch after batch; how many. */
function eraseDue(app: CoreApp, collection: GuestCollection, cut: string): number {
  let erased = 0;
  let size: number = S.RETENTION.batch.first;
  for (;;) {
    const ids = dueIds(app, collection, cut, size);
    if (ids.length === 0) return erased;
    let heldMs = 0;
    Tx.inWriteTransaction((tx) => {
      const started = Date.now();
      eraseRecords(tx, collection, ids, Ids.stamp(), false);
      heldMs = Date.now() - started;
    });
    erased += ids.length;
    if (ids.length < size) return erased;
    size = S.nextBatchSize(size, heldMs);
  }
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
