/**
 * The staff dashboard's reservation figures, computed by SQLite over indexed columns instead of
 * in the tablet (hooks/register/admin_stats.pb.ts serves them): the counts, the by-event and by-date
 * tables, the event names for the filter, tonight's seats, and the filtered CSV export, streamed
 * in chunks. One filter reader and one WHERE builder serve all of them, so the counts, the
 * tables and the file always describe the same reservations.
 *
 * Filters (query string): event (exact event name), date (one night) or from/to (a range, either
 * end optional, a backwards range means the days between), q (guest name or email contains).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Rows from './rows';
import { isAdmin } from './access';

const SEARCH_MAX = 100;
const EVENT_MAX = 200;
const CSV_CHUNK = 1000;
export const SORTS = ['created', 'event_date', 'event_name'] as const;
export type Sort = (typeof SORTS)[number];

/** The filters, as read from the query string (readFilters). */
export interface Filters {
  event: string;
  date: string;
  from: string;
  to: string;
  q: string;
}

/** Reads and checks the filters; { error } names the first bad one (nothing is coerced). */
export function readFilters(query: url.Values): { error: string } | { filters: Filters } {
  const get = (name: string) => String(query.get(name) || '').trim();
  const f: Filters = { event: get('event'), date: get('date'), from: get('from'), to: get('to'), q: get('q') };
  for (const name of ['date', 'from', 'to'] as const) {
    if (f[name] && !S.isIsoDate(f[name])) return { error: `${name} must be a date written YYYY-MM-DD.` };
  }
  if (f.event.length > EVENT_MAX) return { error: `event must be at most ${EVENT_MAX} characters.` };
  if (f.q.length > SEARCH_MAX) return { error: `q must be at most ${SEARCH_MAX} characters.` };
  if (f.date && (f.from || f.to)) return { error: 'Choose one date or a range, not both.' };
  if (f.from && f.to && f.from > f.to) {
    const from = f.to;
    f.to = f.from;
    f.from = from;
  }
  return { filters: f };
}

/** Each filter's condition, bound to the parameter of the filter's own name. */
const FILTER_TERMS: Record<keyof Filters, string> = {
  event: 'event_name = {:event}',
  date: 'event_date = {:date}',
  from: 'event_date >= {:from}',
  to: 'event_date <= {:to}',
  q: "(name LIKE {:q} ESCAPE '\\' OR email LIKE {:q} ESCAPE '\\')",
};

/** ' WHERE …' (or '') and its bound parameters, for readFilters' result. */
function where(f: Filters): { sql: string; params: Record<string, string> } {
  const terms: string[] = [];
  const params: Record<string, string> = {};
  for (const key of Object.keys(FILTER_TERMS) as (keyof Filters)[]) {
    if (!f[key]) continue;
    terms.push(FILTER_TERMS[key]);
    // The guest search matches anywhere in the name or email, LIKE's own wildcards escaped.
    params[key] = key === 'q' ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : f[key];
  }
  return { sql: terms.length ? ` WHERE ${terms.join(' AND ')}` : '', params };
}

function rows<T extends Record<string, string | number>>(app: CoreApp, sql: string, params: Record<string, string>, shape: T): T[] {
  const out = Rows.rowsOf(shape);
  app.db().newQuery(sql).bind(params).all(out);
  return out;
}

/** One row: the groups of `column` as a JSON array of [key, reservations, guests], built by SQLite. */
function groupsJson(app: CoreApp, column: string, w: { sql: string; params: Record<string, string> }): string {
  return rows(
    app,
    `SELECT COALESCE(json_group_array(json_array(key, n, g)), '[]') AS json FROM (SELECT ${column} AS key, COUNT(*) AS n, COALESCE(SUM(party_size), 0) AS g FROM reservations${w.sql} GROUP BY ${column} ORDER BY ${column})`,
    w.params,
    { json: '' },
  )[0]?.json ?? '[]';
}

/**
 * Everything the dashboard shows above the list, for these filters, as JSON text. Tables are
 * [key, reservations, guests] triples built by SQLite straight into JSON (years of nights make
 * thousands of date rows; no per-row objects in the hook). The counts follow from the by-event
 * table: every reservation has exactly one event name.
 */
export function statsJson(app: CoreApp, f: Filters): string {
  const w = where(f);
  const byEvent = groupsJson(app, 'event_name', w);
  const byDate = groupsJson(app, 'event_date', w);
  const events = JSON.parse(byEvent) as [string, number, number][];
  const counts = { reservations: 0, guests: 0, events: events.length };
  for (const [, n, g] of events) {
    counts.reservations += n;
    counts.guests += g;
  }
  const filtered = w.sql !== '';
  const names = filtered
    ? rows(app, 'SELECT DISTINCT event_name AS key FROM reservations ORDER BY event_name', {}, { key: '' }).map((r) => r.key)
    : events.map((row) => row[0]);
  // Tonight is the venue night: until 4:00 the night that began the evening before. Its seats are
  // the seat card's, from the tablet's copy (src/lib/rules/seats.ts); only the date is the server's here.
  return (
    `{"counts":${JSON.stringify(counts)},"byEvent":${byEvent},"byDate":${byDate},` +
    `"eventNames":${JSON.stringify(names)},"tonight":${JSON.stringify({ date: S.venueNight() })}}`
  );
}

/**
 * SQL order of an export: exact for 'created'; for the date and name orders SQLite orders the
 * nights and the exact comparator (free-text times, accents) orders the rows within each night.
 */
type CsvRow = typeof CSV_SHAPE;

const CSV_ORDER: Record<Sort, { sql: string; group: ((r: CsvRow) => string) | null }> = {
  created: { sql: 'created DESC, id DESC', group: null },
  event_date: { sql: 'event_date, id', group: (r) => r.event_date },
  event_name: { sql: 'event_name COLLATE NOCASE, event_date, id', group: (r) => `${r.event_name.toLowerCase()}\u0000${r.event_date}` },
};

const CSV_SHAPE = {
  id: '',
  event_name: '',
  event_date: '',
  event_time: '',
  name: '',
  email: '',
  phone: '',
  party_size: 0,
  status: '',
  source: '',
  created: '',
};

const CSV_KEYS = Object.keys(CSV_SHAPE) as (keyof CsvRow)[];

/**
 * Writes the filtered reservations as CSV (BOM, header, one line each) through write(text),
 * CSV_CHUNK rows at a time, so memory stays flat however long the history.
 */
export function writeCsv(app: CoreApp, f: Filters, sort: Sort, write: (text: string) => void): void {
  const order = CSV_ORDER[sort] || CSV_ORDER.created;
  const compare = S.reservationOrder(sort);
  const w = where(f);
  const columns = CSV_KEYS.join(', ');
  write('\uFEFF' + S.toCsv([S.CSV_HEADER]));
  let pending: CsvRow[] = [];
  const flush = () => {
    if (!pending.length) return;
    if (order.group) pending.sort(compare);
    write(S.toCsv(pending.map(S.reservationCsvCells)));
    pending = [];
  };
  for (let offset = 0; ; offset += CSV_CHUNK) {
    const chunk = rows(app, `SELECT ${columns} FROM reservations${w.sql} ORDER BY ${order.sql} LIMIT ${CSV_CHUNK} OFFSET ${offset}`, w.params, CSV_SHAPE);
    for (const r of chunk) {
      // A plain object of the shape's fields (the query's row is a Go model), for the comparator and the CSV writer.
      const row: CsvRow = { ...CSV_SHAPE };
      for (const key of CSV_KEYS) Object.assign(row, { [key]: r[key] });
      // Rows of one night (or one event's night) are sorted together before they are written.
      const last = pending[pending.length - 1];
      if (order.group && last && order.group(last) !== order.group(row)) flush();
      pending.push(row);
      if (!order.group && pending.length >= CSV_CHUNK) flush();
    }
    if (chunk.length < CSV_CHUNK) break;
  }
  flush();
}


/** GET /api/admin/reservations/stats (admin_stats.pb.ts): the figures above the dashboard's list. */
export function statsRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can see reservation figures.', data: {} });
  const read = readFilters(Http.requestOf(e).url?.query() as url.Values);
  if ('error' in read) return e.json(400, { status: 400, message: read.error, data: {} });
  return e.blob(200, 'application/json', statsJson(e.app, read.filters));
}

/** GET /api/admin/reservations/export (admin_stats.pb.ts): the filtered reservations as CSV, streamed. */
export function exportRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can export reservations.', data: {} });
  const read = readFilters(Http.requestOf(e).url?.query() as url.Values);
  if ('error' in read) return e.json(400, { status: 400, message: read.error, data: {} });
  const sort = Http.queryValue(e, 'sort') || 'created';
  if (!isSort(sort)) return e.json(400, { status: 400, message: `sort must be one of ${SORTS.join(', ')}.`, data: {} });
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8');
  e.response.header().set('Content-Disposition', 'attachment; filename="reservations.csv"');
  e.response.writeHeader(200);
  writeCsv(e.app, read.filters, sort, (text) => {
    e.response.write(text);
    e.flush();
  });
}

function isSort(value: string): value is Sort {
  return (SORTS as readonly string[]).indexOf(value) !== -1;
}
