/**
 * The admin reservation view's pure logic (SPEC §9 "Admin reservation view"): filters, sort
 * orders, counts and the two analytics tables. No React, no network: unit-tested on its own.
 */
import { parseClockTime } from '../../lib/venueTime';
import type { Reservation } from './types';

export type ReservationSort = 'event_date' | 'event_name' | 'created';

export const SORT_OPTIONS: { id: ReservationSort; label: string }[] = [
  { id: 'created', label: 'Newest first' },
  { id: 'event_date', label: 'Event date (soonest first)' },
  { id: 'event_name', label: 'Event name (A–Z)' },
];

/**
 * Event name ('' = all events), then either one date or a range (from/to, each optional).
 * A single date and a range never coexist: see withSingleDate / withRange.
 */
export interface ReservationFilters {
  eventName: string;
  date: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ReservationFilters = { eventName: '', date: '', from: '', to: '' };

/** Choosing a single date clears the range. */
export function withSingleDate(filters: ReservationFilters, date: string): ReservationFilters {
  return { ...filters, date, from: '', to: '' };
}

/** Choosing either end of a range clears the single date. */
export function withRange(filters: ReservationFilters, range: { from?: string; to?: string }): ReservationFilters {
  return { ...filters, date: '', from: range.from ?? filters.from, to: range.to ?? filters.to };
}

export function hasFilters(filters: ReservationFilters): boolean {
  return Boolean(filters.eventName || filters.date || filters.from || filters.to);
}

export function filterReservations(list: readonly Reservation[], filters: ReservationFilters): Reservation[] {
  let { from, to } = filters;
  // A range typed backwards still means the days between the two dates.
  if (from && to && from > to) [from, to] = [to, from];
  return list.filter((r) => {
    if (filters.eventName && r.event_name !== filters.eventName) return false;
    if (filters.date) return r.event_date === filters.date;
    if (from && r.event_date < from) return false;
    if (to && r.event_date > to) return false;
    return true;
  });
}

/** Minutes after midnight of a free-text time ('7:30 PM', '6pm'); unreadable times sort last. */
function timeKey(text: string): number {
  const t = parseClockTime(text);
  return t ? t.hour * 60 + t.minute : 24 * 60;
}

const byCreatedDesc = (a: Reservation, b: Reservation) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0);
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

export function sortReservations(list: readonly Reservation[], sort: ReservationSort): Reservation[] {
  const out = [...list];
  switch (sort) {
    case 'event_date':
      return out.sort(
        (a, b) =>
          a.event_date.localeCompare(b.event_date) ||
          timeKey(a.event_time) - timeKey(b.event_time) ||
          byName(a.event_name, b.event_name) ||
          byName(a.name, b.name),
      );
    case 'event_name':
      return out.sort(
        (a, b) =>
          byName(a.event_name, b.event_name) ||
          a.event_date.localeCompare(b.event_date) ||
          timeKey(a.event_time) - timeKey(b.event_time) ||
          byName(a.name, b.name),
      );
    case 'created':
    default:
      return out.sort(byCreatedDesc);
  }
}

export interface ReservationCounts {
  /** filtered reservations */
  reservations: number;
  /** sum of party_size */
  guests: number;
  /** distinct event names */
  events: number;
}

export function countReservations(list: readonly Reservation[]): ReservationCounts {
  let guests = 0;
  const events = new Set<string>();
  for (const r of list) {
    guests += Number.isFinite(r.party_size) ? r.party_size : 0;
    events.add(r.event_name);
  }
  return { reservations: list.length, guests, events: events.size };
}

export interface AnalyticsRow {
  key: string;
  reservations: number;
  guests: number;
}

function group(list: readonly Reservation[], keyOf: (r: Reservation) => string): AnalyticsRow[] {
  const rows = new Map<string, AnalyticsRow>();
  for (const r of list) {
    const key = keyOf(r);
    const row = rows.get(key) ?? { key, reservations: 0, guests: 0 };
    row.reservations += 1;
    row.guests += Number.isFinite(r.party_size) ? r.party_size : 0;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** By event name, most reservations first (ties: more guests, then A–Z). */
export function analyticsByEvent(list: readonly Reservation[]): AnalyticsRow[] {
  return group(list, (r) => r.event_name).sort(
    (a, b) => b.reservations - a.reservations || b.guests - a.guests || byName(a.key, b.key),
  );
}

/** By event date: ascending when the list is sorted by event date, otherwise newest date first. */
export function analyticsByDate(list: readonly Reservation[], sort: ReservationSort): AnalyticsRow[] {
  const rows = group(list, (r) => r.event_date);
  return sort === 'event_date'
    ? rows.sort((a, b) => a.key.localeCompare(b.key))
    : rows.sort((a, b) => b.key.localeCompare(a.key));
}

/** The event names present in the data, A–Z, for the event filter. */
export function eventNames(list: readonly Reservation[]): string[] {
  return [...new Set(list.map((r) => r.event_name))].sort(byName);
}

