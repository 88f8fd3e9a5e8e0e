/**
 * Guest search (issue 11): reservations whose name, email or phone digits contain what staff
 * typed, on any date, looked up in the FTS5 trigram index `reservations_search`
 * (pb_migrations/1763700510_reservation_search.js).
 *
 * Ranked by how well the guest matches first (issue 25), then by night: without that, part of an
 * email holding digits ("mike718hphk") was cut off by the 20-row limit behind tonight's guests
 * whose phones merely contain "718". The ranks, best first:
 *   0 the whole email, 1 the whole name, 2 the whole phone number (with or without a leading 1);
 *   3 the start of the email, the name or a word of the name; 4 the start of the phone number;
 *   5 anywhere in the email or name; 6 anywhere in the phone number.
 * Within a rank: the current venue night (it runs until 4:00, `venueNight`) and the coming nights
 * (nearest first), then past nights (latest first).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Rows from './rows';
import { isAdmin } from './access';

/** A usable query (readQuery). */
interface Read {
  match: string;
  terms: { text: string; digits: string };
  night: string;
}

const TEXT = "{:text} <> ''";
const DIGITS = "{:digits} <> ''";
const startsWith = (column: string, term: string) => `substr(${column}, 1, length(${term})) = ${term}`;
const RANK =
  'CASE ' +
  'WHEN lower(r.email) = {:text} THEN 0 ' +
  'WHEN lower(r.name) = {:text} THEN 1 ' +
  `WHEN ${DIGITS} AND (s.phone_digits = {:digits} OR s.phone_digits = '1' || {:digits}) THEN 2 ` +
  `WHEN ${TEXT} AND (${startsWith('lower(r.email)', '{:text}')} OR instr(' ' || lower(r.name), ' ' || {:text}) > 0) THEN 3 ` +
  `WHEN ${DIGITS} AND (${startsWith('s.phone_digits', '{:digits}')} OR ${startsWith('s.phone_digits', "'1' || {:digits}")}) THEN 4 ` +
  `WHEN ${TEXT} AND (instr(lower(r.email), {:text}) > 0 OR instr(lower(r.name), {:text}) > 0) THEN 5 ` +
  'ELSE 6 END';

const SQL =
  'SELECT r.id AS id FROM reservations_search s JOIN reservations r ON r.rowid = s.rowid ' +
  'WHERE reservations_search MATCH {:match} ' +
  `ORDER BY ${RANK}, r.event_date < {:night}, CASE WHEN r.event_date >= {:night} THEN r.event_date END, r.event_date DESC, r.created DESC ` +
  'LIMIT {:limit}';

/**
 * { match, terms, night } for a usable query, or { error, status } with the message for the box.
 * `at` (an ISO instant, superusers only: tests, like the reminders' --now) searches as of then.
 */
function readQuery(e: core.RequestEvent): Read | { error: string; status: number } {
  const query = Http.requestOf(e).url?.query() as url.Values;
  const q = String(query.get('q') || '');
  if (q.length > S.GUEST_SEARCH.maxChars) return { error: S.GUEST_SEARCH_MESSAGES.tooLong, status: 400 };
  const match = S.guestSearchMatch(q);
  if (!match) return { error: S.GUEST_SEARCH_MESSAGES.tooShort, status: 400 };
  const at = query.get('at');
  if (!at) return { match, terms: S.guestSearchTerms(q), night: S.venueNight() };
  if (!e.hasSuperuserAuth()) return { error: 'Only a superuser may search as of another time (at).', status: 403 };
  const instant = new Date(at);
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(at) || isNaN(instant.getTime())) {
    return { error: 'at: an ISO instant such as 2026-11-24T07:00:00Z.', status: 400 };
  }
  return { match, terms: S.guestSearchTerms(q), night: S.venueNight(instant) };
}

function params(read: Read): Record<string, string | number> {
  return { match: read.match, text: read.terms.text, digits: read.terms.digits, night: read.night, limit: S.GUEST_SEARCH.maxResults };
}

/** The matching reservations, in the order above (hidden fields, the cancel token, left out). */
function search(app: CoreApp, read: Read): core.Record[] {
  const rows = Rows.rowsOf({ id: '' });
  app.db().newQuery(SQL).bind(params(read)).all(rows);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const byId: Record<string, core.Record> = {};
  app.findRecordsByIds('reservations', ids).forEach((r) => {
    if (r) byId[r.id] = r;
  });
  return ids.map((id) => byId[id]).filter((r): r is core.Record => !!r);
}

/** SQLite's query plan of the search, one line per step (for the test that it uses the index). */
function plan(app: CoreApp, read: Read): string[] {
  const rows = Rows.rowsOf({ id: 0, parent: 0, notused: 0, detail: '' });
  app.db().newQuery(`EXPLAIN QUERY PLAN ${SQL}`).bind(params(read)).all(rows);
  return rows.map((r) => r.detail);
}


/** GET /api/admin/reservations/search?q= (admin_search.pb.ts): admins only. */
export function searchRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can search reservations.', data: {} });
  const read = readQuery(e);
  if ('error' in read) return e.json(read.status, { status: read.status, message: read.error, data: {} });
  return e.json(200, { items: search(e.app, read) });
}

/** GET /api/admin/reservations/search/plan?q= (admin_search.pb.ts): superusers only, SQLite's query plan. */
export function searchPlanRoute(e: core.RequestEvent): void {
  if (!e.hasSuperuserAuth()) return e.json(403, { status: 403, message: 'Superusers only.', data: {} });
  const read = readQuery(e);
  if ('error' in read) return e.json(read.status, { status: read.status, message: read.error, data: {} });
  return e.json(200, { plan: plan(e.app, read) });
}
