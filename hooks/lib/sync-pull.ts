/**
 * GET /api/admin/sync?since=<cursor> (issue 25, docs/staff-sync.md §1): what the staff tablet keeps.
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
import * as Http from './http';
import * as Ids from './ids';
import * as Rows from './rows';
import * as R from './sync-records';
import { isAdmin } from './access';

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

/** Per collection: the full window's filter and its order. */
const WINDOW: Record<string, [filter: string, sort: string]> = {
  reservations: ['event_date >= {:from} && event_date <= {:to}', 'event_date,event_time,created'],
  waitlist: ['event_date >= {:from} && event_date <= {:to}', 'event_date,created'],
  capacity: ["date = 'default' || (date >= {:from} && date <= {:to})", 'date'],
  events: ["id != ''", 'kind,date,weekday,sort_order'],
  tasks: ["id != ''", 'order_index,created'],
  priorities: ['priority_date = {:from} || is_completed = false', '-priority_date,order_index,created'],
};

function records(app: CoreApp, collection: string, filter: string, sort: string, params: Record<string, string>): R.SyncRecord[] {
  return app
    .findRecordsByFilter(collection, filter, sort, 0, 0, params)
    .filter((r): r is core.Record => !!r)
    .map((r) => R.toJson(collection, r));
}

function tombstones(app: CoreApp, since: string): { collection: string; id: string; at: string }[] {
  const rows = Rows.rowsOf({ record_collection: '', record_id: '', created: '' });
  app.db().newQuery('SELECT record_collection, record_id, created FROM sync_tombstones WHERE created > {:since} ORDER BY created').bind({ since }).all(rows);
  return rows.map((row) => ({ collection: row.record_collection, id: row.record_id, at: row.created }));
}

/** The data generation (server/main.go binds it; 1 where it is not bound, as in unit tests). */
function dataGeneration(): number {
  return typeof $venueGeneration === 'function' ? $venueGeneration() : 1;
}

/**
 * The answer for `since` ('' = the full window) at `now`; { error } for a malformed cursor. A
 * cursor older than the tombstones kept gets the full window (full: true: the tablet replaces its copy).
 */
export function pull(app: CoreApp, since: string, now?: Date, generation?: string): { error: string } | Record<string, unknown> {
  const at = now || new Date();
  const problem = since ? cursorProblem(since) : '';
  if (problem) return { error: problem };
  if (generation && !/^[1-9]\d{0,15}$/.test(generation)) return { error: S.SYNC_MESSAGES.badGeneration };
  const from = S.venueNight(at);
  const to = S.addDays(from, S.SYNC_LIMITS.windowNights);
  const current = dataGeneration();
  const full = !since || since < R.keptSince(at) || (!!generation && Number(generation) !== current);
  const answer: Record<string, unknown> = {
    cursor: Ids.stamp(new Date(at.getTime() - S.SYNC_LIMITS.cursorOverlapSeconds * 1000)),
    window: { from, to },
    full,
    generation: current,
  };
  Object.keys(WINDOW).forEach((collection) => {
    const [filter, sort] = WINDOW[collection] as [string, string];
    answer[collection] = full ? records(app, collection, filter, sort, { from, to }) : records(app, collection, 'updated > {:since}', 'updated', { since });
  });
  answer.deleted = full ? [] : tombstones(app, since);
  return answer;
}


/** GET /api/admin/sync?since= (staff_sync.pb.ts), admins only. */
export function syncRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: S.SYNC_MESSAGES.notAdmin, data: {} });
  const answer = pull(e.app, Http.queryValue(e, 'since'), undefined, Http.queryValue(e, 'generation'));
  if ('error' in answer) return e.json(400, { status: 400, message: answer.error, data: {} });
  return e.json(200, answer);
}
