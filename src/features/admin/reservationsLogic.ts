/**
 * The admin reservation view's pure logic (SPEC §9 "Admin reservation view"): filters, sort
 * orders, the two analytics tables' orders and what the list says. No React, no network:
 * unit-tested on its own; the view's components (ReservationsView and its parts) only render it.
 * The figures themselves are the server's (hooks/lib/reservation-stats.ts); the oracle that
 * computes them from a whole list, for the stats test, lives with the tests (reservationsOracle.ts).
 */
import { ClientResponseError } from 'pocketbase';
import { byName, type ReservationSort } from '../../lib/rules/csv';
import type { ReservationStatus } from '../../lib/rules/limits';
import type { Reservation, ReservationStats, StatsRow } from './types';

export type { ReservationSort };

export const SORT_OPTIONS: { id: ReservationSort; label: string }[] = [
  { id: 'created', label: 'Newest first' },
  { id: 'event_date', label: 'Event date (soonest first)' },
  { id: 'event_name', label: 'Event name (A–Z)' },
];

/** The list's order when the view opens. */
export const DEFAULT_SORT: ReservationSort = 'created';

/**
 * Event name ('' = all events), then either one date or a range (from/to, each optional).
 * A single date and a range never coexist: see withSingleDate / withRange.
 */
export interface ReservationFilters {
  eventName: string;
  date: string;
  from: string;
  to: string;
  /** guest name or email contains (any case) */
  q: string;
}

export const NO_FILTERS: ReservationFilters = { eventName: '', date: '', from: '', to: '', q: '' };

/** Choosing a single date clears the range. */
export function withSingleDate(filters: ReservationFilters, date: string): ReservationFilters {
  return { ...filters, date, from: '', to: '' };
}

/** Choosing either end of a range clears the single date. */
export function withRange(filters: ReservationFilters, range: { from?: string; to?: string }): ReservationFilters {
  return { ...filters, date: '', from: range.from ?? filters.from, to: range.to ?? filters.to };
}

export function hasFilters(filters: ReservationFilters): boolean {
  return Boolean(filters.eventName || filters.date || filters.from || filters.to || filters.q.trim());
}

/** A range typed backwards still means the days between the two dates. */
function orderedRange(filters: ReservationFilters): { from: string; to: string } {
  const { from, to } = filters;
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

/** Whether one reservation passes the filters (the server's WHERE clause, for live changes). */
export function matchesFilters(r: Reservation, filters: ReservationFilters): boolean {
  const { from, to } = orderedRange(filters);
  const q = filters.q.trim().toLowerCase();
  if (filters.eventName && r.event_name !== filters.eventName) return false;
  if (q && !r.name.toLowerCase().includes(q) && !r.email.toLowerCase().includes(q)) return false;
  if (filters.date) return r.event_date === filters.date;
  if (from && r.event_date < from) return false;
  if (to && r.event_date > to) return false;
  return true;
}

export interface ReservationCounts {
  /** filtered reservations */
  reservations: number;
  /** sum of party_size */
  guests: number;
  /** distinct event names */
  events: number;
}

export interface AnalyticsRow {
  key: string;
  reservations: number;
  guests: number;
}

/** The by-event table's order: most reservations first (ties: more guests, then A–Z). */
export function orderByEvent(rows: readonly AnalyticsRow[]): AnalyticsRow[] {
  return [...rows].sort((a, b) => b.reservations - a.reservations || b.guests - a.guests || byName(a.key, b.key));
}

/** The by-date table's order: ascending when the list is sorted by event date, otherwise newest date first. */
export function orderByDate(rows: readonly AnalyticsRow[], sort: ReservationSort): AnalyticsRow[] {
  return [...rows].sort(sort === 'event_date' ? (a, b) => a.key.localeCompare(b.key) : (a, b) => b.key.localeCompare(a.key));
}

/** The server's [key, reservations, guests] rows as the analytics tables read them. */
export function toAnalyticsRows(rows: readonly StatsRow[]): AnalyticsRow[] {
  return rows.map(([key, reservations, guests]) => ({ key, reservations, guests }));
}

export const NO_COUNTS: ReservationCounts = { reservations: 0, guests: 0, events: 0 };

/** The counts to show: only once the list's first page is in (never a count beside an empty list). */
export function shownCounts(listReady: boolean, stats: ReservationStats | null): ReservationCounts {
  return (listReady ? stats?.counts : null) ?? NO_COUNTS;
}

/** The list's heading. */
export function listTitle(filters: ReservationFilters): string {
  return hasFilters(filters) ? 'Filtered reservations' : 'All reservations';
}

/** What an empty list says: nothing at all yet, or nothing for these filters. */
export function emptyListMessage(eventNames: readonly string[]): string {
  return eventNames.length === 0 ? 'No reservations yet.' : 'No reservations match these filters.';
}

/** The "load more" button: earlier nights come after tonight and the coming nights. */
export function loadMoreLabel(next: { segment: 'upcoming' | 'past'; page: number }, loading: boolean): string {
  if (loading) return 'Loading…';
  return next.segment === 'past' && next.page === 1 ? 'Load earlier nights' : 'Load more';
}

/** In the order a night runs: booked, then at the door (arrived or not), or called off. */
export const STATUS_ORDER: readonly ReservationStatus[] = ['confirmed', 'arrived', 'no_show', 'cancelled'];

/** A refused change's message: the server's word on the field when it gave one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500) {
    const data = (error.response?.data ?? {}) as Record<string, { message?: string } | undefined>;
    const field = Object.values(data).find((v) => v?.message)?.message;
    if (field) return field;
  }
  return fallback;
}
