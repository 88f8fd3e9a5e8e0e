/**
 * The staff dashboard's server-side figures (hooks/lib/reservation-stats.ts): on a seeded set, the
 * counts and both analytics tables equal what the oracle (tests/support/reservationsOracle.ts)
 * computes from the full list, for several filter combinations; the CSV export holds exactly the
 * filtered rows, in the chosen sort, with formula safety; and only admins (and superusers) get an
 * answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { boardGameBody, dayFromToday, eventBody, get, nextWeekday, startVenue, type Venue } from '../support/api-fixtures';
// The figures computed from the whole list, which the server's must match.
import * as oracle from '../support/reservationsOracle';
import { NO_FILTERS, orderByDate, orderByEvent, type Reservation, type ReservationFilters, type ReservationSort, type ReservationStats } from '../../src/features/admin';
import { CSV_HEADER, reservationCsvCells, toCsv } from '../../src/lib/rules/csv';

let v: Venue;
let admin: PocketBase;
let user: PocketBase;
let all: Reservation[] = [];

const FIELDS = 'id,name,email,phone,event_name,event_date,event_time,party_size,source,status,created,updated';
const TIMES = ['6:00 PM', '7:30 PM', '10:00 PM', '8:00 PM'];

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  admin = await v.user('admin@example.test', { admin: true });
  user = await v.user('user@example.test');
  // 36 reservations over three events, future nights created through the API, a third then moved
  // to past nights by a superuser (guests cannot book the past), statuses mixed.
  for (let i = 0; i < 36; i++) {
    const date = dayFromToday(1 + (i % 9));
    const body =
      i % 3 === 0
        ? // the weekly event runs on Wednesdays only: the server refuses it on any other day
          eventBody({ name: `Guest ${String(i).padStart(2, '0')}`, email: `guest${i}@example.test`, event_date: nextWeekday(3, 1 + (i % 9)) })
        : boardGameBody({ name: `Guest ${String(i).padStart(2, '0')}`, email: `guest${i}@example.test`, event_date: date, party_size: 1 + (i % 6), event_time: TIMES[i % 4] });
    const created = await v.su.collection('reservations').create(body);
    const patch: Record<string, unknown> = {};
    if (i % 3 === 1) patch.event_date = dayFromToday(-1 - (i % 20));
    if (i % 4 === 2) patch.status = 'arrived';
    if (i % 9 === 5) patch.event_name = 'Pokemon TCG';
    if (i === 7) patch.name = '=HYPERLINK("http://evil.example","x")';
    if (Object.keys(patch).length) await v.su.collection('reservations').update(created.id, patch);
  }
  all = await v.su.collection('reservations').getFullList<Reservation>({ fields: FIELDS });
}, 120_000);

afterAll(async () => {
  await v?.stop();
});

function query(filters: ReservationFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  if (filters.eventName) q.set('event', filters.eventName);
  if (filters.date) q.set('date', filters.date);
  if (filters.from) q.set('from', filters.from);
  if (filters.to) q.set('to', filters.to);
  if (filters.q) q.set('q', filters.q);
  return q.toString();
}

const combos: [string, ReservationFilters][] = [
  ['no filter', NO_FILTERS],
  ['one event', { ...NO_FILTERS, eventName: 'Board Game Night' }],
  ['a single date', { ...NO_FILTERS, date: dayFromToday(2) }],
  ['a range', { ...NO_FILTERS, from: dayFromToday(-10), to: dayFromToday(3) }],
  ['a backwards range', { ...NO_FILTERS, from: dayFromToday(5), to: dayFromToday(-5) }],
  ['an open-ended range', { ...NO_FILTERS, from: dayFromToday(4) }],
  ['event and range', { ...NO_FILTERS, eventName: 'Magic Commander Night', to: dayFromToday(6) }],
  ['a guest search', { ...NO_FILTERS, q: 'GUEST1' }],
  ['nothing matches', { ...NO_FILTERS, eventName: 'No Such Night' }],
];

describe('GET /api/admin/reservations/stats', () => {
  it('seeded a set with past and future nights, three events and mixed statuses', () => {
    expect(all).toHaveLength(36);
    expect(new Set(all.map((r) => r.event_name)).size).toBe(3);
    expect(all.some((r) => r.event_date < dayFromToday(0))).toBe(true);
  });

  it.each(combos)('answers what the oracle computes from the whole list: %s', async (_label, filters) => {
    const stats = await admin.send<ReservationStats>(`/api/admin/reservations/stats?${query(filters)}`, {});
    const filtered = oracle.filterReservations(all, filters);
    expect(stats.counts).toEqual(oracle.countReservations(filtered));
    const rows = (list: ReservationStats['byEvent']) => list.map(([key, reservations, guests]) => ({ key, reservations, guests }));
    expect(orderByEvent(rows(stats.byEvent))).toEqual(oracle.analyticsByEvent(filtered));
    for (const sort of ['created', 'event_date'] as ReservationSort[]) {
      expect(orderByDate(rows(stats.byDate), sort)).toEqual(oracle.analyticsByDate(filtered, sort));
    }
    expect(stats.eventNames).toEqual(oracle.eventNames(all));
  });

  it("reports the venue's date as tonight, and no seat figures (the seat card counts them, src/lib/rules/seats.ts)", async () => {
    const tonight = dayFromToday(0);
    const a = await v.su.collection('reservations').create(boardGameBody({ event_date: tonight, party_size: 3, name: 'Tonight One' }));
    const stats = await admin.send<ReservationStats>('/api/admin/reservations/stats', {});
    expect(stats.tonight).toEqual({ date: tonight });
    await v.su.collection('reservations').delete(a.id);
  });

  it('turns away anonymous and non-admin callers with 403, and refuses bad filters with 400', async () => {
    for (const path of ['/api/admin/reservations/stats', '/api/admin/reservations/export']) {
      expect((await get(`${v.url}${path}`)).status).toBe(403);
      expect((await get(`${v.url}${path}`, { Authorization: user.authStore.token })).status).toBe(403);
      expect((await get(`${v.url}${path}`, { Authorization: admin.authStore.token })).status).toBe(200);
      expect((await get(`${v.url}${path}`, { Authorization: v.su.authStore.token })).status).toBe(200);
    }
    const bad = await get(`${v.url}/api/admin/reservations/stats?date=27-11-2026`, { Authorization: admin.authStore.token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('date must be a date written YYYY-MM-DD.');
    const both = await get(`${v.url}/api/admin/reservations/stats?date=${dayFromToday(1)}&from=${dayFromToday(1)}`, { Authorization: admin.authStore.token });
    expect(both.status).toBe(400);
    const sort = await get(`${v.url}/api/admin/reservations/export?sort=name`, { Authorization: admin.authStore.token });
    expect(sort.status).toBe(400);
  });
});

describe('GET /api/admin/reservations/export', () => {
  async function csv(filters: ReservationFilters, sort: ReservationSort): Promise<string> {
    const res = await fetch(`${v.url}/api/admin/reservations/export?${query(filters, { sort })}`, { headers: { Authorization: admin.authStore.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  }

  it.each([
    ['no filter, newest first', NO_FILTERS, 'created'],
    ['one event, by date', { ...NO_FILTERS, eventName: 'Board Game Night' }, 'event_date'],
    ['a range, by event name', { ...NO_FILTERS, from: dayFromToday(-10), to: dayFromToday(3) }, 'event_name'],
    ['a single date, by date', { ...NO_FILTERS, date: dayFromToday(2) }, 'event_date'],
  ] as [string, ReservationFilters, ReservationSort][])('holds exactly the filtered rows in the sort: %s', async (_label, filters, sort) => {
    // Equal creation times fall back to the id, newest first, as the server does.
    const byIdDesc = [...all].sort((a, b) => (a.id < b.id ? 1 : -1));
    const expected = '\uFEFF' + toCsv([CSV_HEADER, ...oracle.sortReservations(oracle.filterReservations(byIdDesc, filters), sort).map(reservationCsvCells)]);
    expect(await csv(filters, sort)).toBe(expected);
  });

  it('defuses a name a spreadsheet would run as a formula', async () => {
    const text = await csv(NO_FILTERS, 'created');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});
