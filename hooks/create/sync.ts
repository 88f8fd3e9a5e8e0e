/**
 * The staff tablet's pull (GET /api/admin/sync, issue 25, docs/staff-sync.md §1) for Go
 * (server/syncpull.go, issue 33): what the tablet keeps of each collection (SYNC_SHAPES, the
 * hooks' own: lib/sync-records.ts), the full window's filters, and the pull's decision for a
 * cursor: the window, whether the answer is full, the next cursor, or why the cursor is refused.
 * Go reads the records and the tombstones and writes the answer.
 *
 * Without `since`, the full window: reservations and waitlist entries of the venue night through
 * 14 nights after it, their capacity rows and the default, every event and task, and the
 * priorities the dashboard lists (today's and the open ones). With `since`, every record of those
 * collections updated after it (one that left the window too: its date tells the tablet to drop
 * it) and the tombstones of the deletes after it. The cursor trails the server clock by a few
 * seconds, so a write whose transaction was still committing is not skipped; repeats are harmless.
 *
 * Every answer carries the data generation (server/backups: one more after each restore of a
 * backup). A tablet sends back the one it pulled under (`generation=`); a cursor from another
 * generation is meaningless (the restore took rows away without tombstones and brought older ones
 * back), so that tablet gets the full window, and then replays its queued changes as usual.
 */
import * as S from '../rules';
import { failBody } from '../lib/http';
import * as Ids from '../lib/ids';
import { keptSince, SHAPES } from '../lib/sync-records';

/** Per collection the tablet keeps: field → 's' text, 'i' whole number, 'b' true/false. */
export const SYNC_SHAPES = SHAPES;

/**
 * Per collection, in the answer's order: the full window's SQL condition (binds {:from}, {:to})
 * and its order. A delta pull reads `updated > {:since}` by updated instead (idx_<name>_updated).
 */
export const SYNC_WINDOW: [collection: string, where: string, orderBy: string][] = [
  ['reservations', 'event_date >= {:from} AND event_date <= {:to}', 'event_date, event_time, created'],
  ['waitlist', 'event_date >= {:from} AND event_date <= {:to}', 'event_date, created'],
  ['capacity', "date = 'default' OR (date >= {:from} AND date <= {:to})", 'date'],
  ['events', '1', 'kind, date, weekday, sort_order'],
  ['tasks', '1', 'order_index, created'],
  ['priorities', 'priority_date = {:from} OR is_completed = FALSE', 'priority_date DESC, order_index, created'],
];

/** The deletes after {:since}, oldest first. */
export const SYNC_TOMBSTONES_SQL = 'SELECT record_collection, record_id, created FROM sync_tombstones WHERE created > {:since} ORDER BY created';

/** Anyone but staff. */
export const SYNC_NOT_ADMIN = failBody(403, S.SYNC_MESSAGES.notAdmin);

const CURSOR = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d+)?Z$/;

/** '' for a cursor naming a real moment; else why not (malformed, or a date or time that does not exist). */
function cursorProblem(since: string): string {
  const parts = CURSOR.exec(since);
  if (!parts) return S.SYNC_MESSAGES.badCursor;
  const [hour, minute, second] = [parts[2], parts[3], parts[4]].map(Number) as [number, number, number];
  // String comparison against the stamps would take 2026-02-30 as a day after 2026-02-28.
  const real = S.isIsoDate(parts[1]) && hour < 24 && minute < 60 && second < 60;
  return real ? '' : S.SYNC_MESSAGES.cursorNoSuchMoment;
}

/** A pull as Go read it: the query's since and generation as sent, the instant, and the data generation now. */
interface PullRequest {
  since: string;
  generation: string;
  now: string;
  current: number;
}

/**
 * The pull's decision: { error } (a 400's words) for a malformed cursor or generation; else the
 * next cursor, the window of nights, and whether the answer is the full window (no cursor, one
 * older than the tombstones kept, or one from another data generation: the tablet replaces its copy).
 */
export function planPullJson(text: string): string {
  const req = JSON.parse(text) as PullRequest;
  const at = new Date(req.now);
  const problem = req.since ? cursorProblem(req.since) : '';
  if (problem) return JSON.stringify({ error: problem });
  if (req.generation && !/^[1-9]\d{0,15}$/.test(req.generation)) return JSON.stringify({ error: S.SYNC_MESSAGES.badGeneration });
  const from = S.venueNight(at);
  const to = S.addDays(from, S.SYNC_LIMITS.windowNights);
  const full = !req.since || req.since < keptSince(at) || (!!req.generation && Number(req.generation) !== req.current);
  const cursor = Ids.stamp(new Date(at.getTime() - S.SYNC_LIMITS.cursorOverlapSeconds * 1000));
  return JSON.stringify({ cursor, window: { from, to }, full });
}
