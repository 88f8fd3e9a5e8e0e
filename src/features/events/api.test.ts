import { describe, expect, it } from 'vitest';
import { nextWeekdayOnOrAfter } from '../../lib/calendarDates';
import {
  EVENTS_CACHE_KEY,
  normaliseEvent,
  readCachedEvents,
  specialsOn,
  upcomingSpecials,
  weekdaysWithEvents,
  weeklyOn,
  writeCachedEvents,
  type VenueEvent,
} from './api';

const ev = (over: Partial<VenueEvent>): VenueEvent => ({
  id: Math.random().toString(36).slice(2),
  kind: 'weekly',
  title: 'X',
  description: '',
  date: '',
  weekday: 1,
  time: '6pm',
  price: '',
  open_tables: false,
  sort_order: 0,
  ...over,
});

const events = [
  ev({ title: 'Magic Monday Night Draft', weekday: 1, price: '$25 at the door', sort_order: 0 }),
  ev({ title: 'Open tables', weekday: 1, open_tables: true, sort_order: 1 }),
  ev({ title: 'Open tables', weekday: 5, open_tables: true, sort_order: 2 }),
  ev({ kind: 'special', title: 'Old', date: '2024-10-31', weekday: 0 }),
  ev({ kind: 'special', title: 'Later', date: '2026-12-31', weekday: 0 }),
  ev({ kind: 'special', title: 'Sooner', date: '2026-12-17', weekday: 0 }),
];

describe('events data', () => {
  it('groups weekly events by weekday and special events by date', () => {
    expect(weeklyOn(events, 1).map((e) => e.title)).toEqual(['Magic Monday Night Draft', 'Open tables']);
    expect(specialsOn(events, '2026-12-17').map((e) => e.title)).toEqual(['Sooner']);
    expect(upcomingSpecials(events, '2026-11-22').map((e) => e.title)).toEqual(['Sooner', 'Later']);
  });

  it('dots only weekdays with a hosted weekly event (open tables are every night)', () => {
    expect([...weekdaysWithEvents(events)]).toEqual([1]);
  });

  it('drops malformed or inactive records', () => {
    expect(normaliseEvent({ kind: 'special', title: 'No date' })).toBeNull();
    expect(normaliseEvent({ kind: 'weekly', title: 'Bad day', weekday: 9 })).toBeNull();
    expect(normaliseEvent({ kind: 'weekly', title: 'Off', weekday: 2, active: false })).toBeNull();
    expect(normaliseEvent({ kind: 'weekly', title: 'Ok', weekday: 2, active: true })).toMatchObject({ title: 'Ok', weekday: 2 });
  });

  it('keeps the last good list on this device', () => {
    expect(readCachedEvents()).toBeNull();
    writeCachedEvents(events, 1234);
    expect(readCachedEvents()).toEqual({ savedAt: 1234, events });
    localStorage.setItem(EVENTS_CACHE_KEY, '{broken');
    expect(readCachedEvents()).toBeNull();
  });

  it('finds the next date on a weekday', () => {
    expect(nextWeekdayOnOrAfter('2026-11-22', 7)).toBe('2026-11-22'); // a Sunday
    expect(nextWeekdayOnOrAfter('2026-11-22', 1)).toBe('2026-11-23');
    expect(nextWeekdayOnOrAfter('2026-11-22', 6)).toBe('2026-11-28');
  });
});
