import { describe, expect, it } from 'vitest';
import { NO_FILTERS, hasFilters, withRange, withSingleDate } from './reservationsLogic';
import type { Reservation } from './types';
import { DASHBOARD_BOOKING, recordCounter } from '../../../tests/support/fixtures';
// The tests' oracle (the server's figures computed from a whole list), on the view's own filter rule and orders.
import { analyticsByDate, analyticsByEvent, countReservations, eventNames, filterReservations, sortReservations } from '../../../tests/support/reservationsOracle';

const nextRecord = recordCounter('r');
function r(overrides: Partial<Reservation>): Reservation {
  const { n, id, created } = nextRecord();
  return { id, name: `Guest ${n}`, email: `g${n}@example.test`, ...DASHBOARD_BOOKING, created, updated: '', ...overrides };
}

const a = r({ name: 'Ada', event_date: '2026-11-27', event_time: '8:30 PM', party_size: 4, created: '2026-11-20 10:00:00.000Z' });
const b = r({ name: 'Bo', event_name: 'Magic Commander Night', event_date: '2026-11-25', event_time: '6pm', party_size: 1, created: '2026-11-21 09:00:00.000Z' });
const c = r({ name: 'Cy', event_date: '2026-11-27', event_time: '6:00 PM', party_size: 3, created: '2026-11-19 23:00:00.000Z' });
const d = r({ name: 'Di', event_name: 'Pokemon TCG', event_date: '2026-12-01', event_time: '6:45pm', party_size: 1, created: '2026-11-22 01:00:00.000Z' });
const e = r({ name: 'Ed', event_name: 'Magic Commander Night', event_date: '2026-12-02', event_time: '6pm', party_size: 1, created: '2026-11-18 12:00:00.000Z' });
const all = [a, b, c, d, e];
const names = (list: Reservation[]) => list.map((x) => x.name);

describe('filters', () => {
  it('keeps everything without filters', () => {
    expect(filterReservations(all, NO_FILTERS)).toHaveLength(5);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('filters by event name', () => {
    expect(names(filterReservations(all, { ...NO_FILTERS, eventName: 'Magic Commander Night' }))).toEqual(['Bo', 'Ed']);
  });

  it('filters by a single date', () => {
    expect(names(filterReservations(all, withSingleDate(NO_FILTERS, '2026-11-27')))).toEqual(['Ada', 'Cy']);
  });

  it('filters by an inclusive range, open at either end, and reads a backwards range the right way round', () => {
    expect(names(filterReservations(all, withRange(NO_FILTERS, { from: '2026-11-25', to: '2026-11-27' })))).toEqual(['Ada', 'Bo', 'Cy']);
    expect(names(filterReservations(all, withRange(NO_FILTERS, { from: '2026-12-01' })))).toEqual(['Di', 'Ed']);
    expect(names(filterReservations(all, withRange(NO_FILTERS, { to: '2026-11-25' })))).toEqual(['Bo']);
    expect(names(filterReservations(all, withRange(NO_FILTERS, { from: '2026-11-27', to: '2026-11-25' })))).toEqual(['Ada', 'Bo', 'Cy']);
  });

  it('a single date clears the range and a range clears the single date', () => {
    const ranged = withRange(NO_FILTERS, { from: '2026-11-01', to: '2026-11-30' });
    const single = withSingleDate(ranged, '2026-11-27');
    expect(single).toEqual({ eventName: '', date: '2026-11-27', from: '', to: '', q: '' });
    const back = withRange(single, { to: '2026-12-31' });
    expect(back).toEqual({ eventName: '', date: '', from: '', to: '2026-12-31', q: '' });
    // Setting one end keeps the other.
    expect(withRange(back, { from: '2026-12-01' })).toEqual({ eventName: '', date: '', from: '2026-12-01', to: '2026-12-31', q: '' });
  });

  it('combines event and date filters', () => {
    const f = withRange({ ...NO_FILTERS, eventName: 'Magic Commander Night' }, { from: '2026-12-01' });
    expect(names(filterReservations(all, f))).toEqual(['Ed']);
  });
});

describe('sort', () => {
  it('created: newest first (the default order)', () => {
    expect(names(sortReservations(all, 'created'))).toEqual(['Di', 'Bo', 'Ada', 'Cy', 'Ed']);
  });

  it('event date ascending, then time of day ("6:00 PM" before "8:30 PM")', () => {
    expect(names(sortReservations(all, 'event_date'))).toEqual(['Bo', 'Cy', 'Ada', 'Di', 'Ed']);
  });

  it('event name A–Z, then date', () => {
    expect(names(sortReservations(all, 'event_name'))).toEqual(['Cy', 'Ada', 'Bo', 'Ed', 'Di']);
  });

  it('does not mutate its input', () => {
    const copy = [...all];
    sortReservations(all, 'event_name');
    expect(all).toEqual(copy);
  });
});

describe('counts and analytics', () => {
  it('counts reservations, guests (sum of party_size) and unique events', () => {
    expect(countReservations(all)).toEqual({ reservations: 5, guests: 10, events: 3 });
    expect(countReservations([])).toEqual({ reservations: 0, guests: 0, events: 0 });
    expect(countReservations(filterReservations(all, withSingleDate(NO_FILTERS, '2026-11-27')))).toEqual({
      reservations: 2,
      guests: 7,
      events: 1,
    });
  });

  it('by event: most reservations first', () => {
    const extra = r({ name: 'Fi', event_name: 'Magic Commander Night', event_date: '2026-12-02', party_size: 1 });
    expect(analyticsByEvent([...all, extra])).toEqual([
      { key: 'Magic Commander Night', reservations: 3, guests: 3 },
      { key: 'Board Game Night', reservations: 2, guests: 7 },
      { key: 'Pokemon TCG', reservations: 1, guests: 1 },
    ]);
  });

  it('by event date: ascending when sorted by date, otherwise descending', () => {
    const keys = (sort: 'event_date' | 'created' | 'event_name') => analyticsByDate(all, sort).map((row) => row.key);
    expect(keys('event_date')).toEqual(['2026-11-25', '2026-11-27', '2026-12-01', '2026-12-02']);
    expect(keys('created')).toEqual(['2026-12-02', '2026-12-01', '2026-11-27', '2026-11-25']);
    expect(keys('event_name')).toEqual(['2026-12-02', '2026-12-01', '2026-11-27', '2026-11-25']);
    expect(analyticsByDate(all, 'event_date')[1]).toEqual({ key: '2026-11-27', reservations: 2, guests: 7 });
  });

  it('lists the event names for the filter, A–Z and unique', () => {
    expect(eventNames(all)).toEqual(['Board Game Night', 'Magic Commander Night', 'Pokemon TCG']);
  });
});
