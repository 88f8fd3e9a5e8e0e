/**
 * The paged reservations list (pure logic, no React, no network): the list loads one page at a
 * time, tonight and the coming nights first ('upcoming'), then earlier nights ('past'), each part
 * in the chosen sort, and live changes edit the loaded pages in place instead of reloading.
 */
import { pb } from '../../lib/api/client';
import { reservationOrder } from '../../lib/rules/csv';
import { matchesFilters, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import type { Reservation } from './types';

export const PAGE_SIZE = 50;

/** Rows a first screen shows at most (a tablet shows fewer); the rest of a page renders next. */
export const FIRST_ROWS = 12;

export type Segment = 'upcoming' | 'past';

export interface Pages {
  upcoming: Reservation[];
  past: Reservation[];
  /** the next page to load, or null when everything is loaded */
  next: { segment: Segment; page: number } | null;
}

export const NO_PAGES: Pages = { upcoming: [], past: [], next: { segment: 'upcoming', page: 1 } };

/** The list API's filter for the filters and one part of the list (same rules as matchesFilters). */
export function pageFilter(filters: ReservationFilters, segment: Segment, today: string): string {
  const terms = [pb.filter(segment === 'upcoming' ? 'event_date >= {:today}' : 'event_date < {:today}', { today })];
  let { from, to } = filters;
  if (from && to && from > to) [from, to] = [to, from];
  if (filters.eventName) terms.push(pb.filter('event_name = {:event}', { event: filters.eventName }));
  if (filters.date) terms.push(pb.filter('event_date = {:date}', { date: filters.date }));
  else {
    if (from) terms.push(pb.filter('event_date >= {:from}', { from }));
    if (to) terms.push(pb.filter('event_date <= {:to}', { to }));
  }
  const q = filters.q.trim();
  if (q) terms.push(pb.filter('(name ~ {:q} || email ~ {:q})', { q }));
  return terms.join(' && ');
}

/**
 * The list API's sort for a sort order and part. Earlier nights go back in time when sorted by
 * date (the night before tonight first); free-text times are ordered exactly in the browser.
 */
export function pageSort(sort: ReservationSort, segment: Segment): string {
  switch (sort) {
    case 'event_date':
      return segment === 'upcoming' ? 'event_date,event_time,event_name,name,id' : '-event_date,event_time,event_name,name,id';
    case 'event_name':
      return 'event_name,event_date,event_time,name,id';
    case 'created':
    default:
      return '-created,id';
  }
}

/** One part of the loaded list in display order. */
export function orderPart(rows: readonly Reservation[], sort: ReservationSort, segment: Segment): Reservation[] {
  const order = reservationOrder(sort);
  if (sort === 'event_date' && segment === 'past') {
    return [...rows].sort((a, b) => b.event_date.localeCompare(a.event_date) || order(a, b));
  }
  return [...rows].sort(order);
}

/** The loaded pages in display order: upcoming nights, then earlier ones. */
export function visibleRows(pages: Pages, sort: ReservationSort): Reservation[] {
  return [...orderPart(pages.upcoming, sort, 'upcoming'), ...orderPart(pages.past, sort, 'past')];
}

/** Adds a loaded page (rows already shown, e.g. added live, are not repeated) and moves `next` on. */
export function addPage(pages: Pages, segment: Segment, page: number, rows: readonly Reservation[]): Pages {
  const known = new Set([...pages.upcoming, ...pages.past].map((r) => r.id));
  const fresh = rows.filter((r) => !known.has(r.id));
  const full = rows.length >= PAGE_SIZE;
  const next = full ? { segment, page: page + 1 } : segment === 'upcoming' ? { segment: 'past' as const, page: 1 } : null;
  return { ...pages, [segment]: [...pages[segment], ...fresh], next };
}

/**
 * Applies one realtime change to the loaded pages: a known row is replaced (or dropped when it no
 * longer matches the filters, or moved when its night moved across tonight), a deleted row
 * removed, and a new matching row added to its part when that part has started loading.
 * Rows on pages not loaded yet are left for the page that holds them.
 */
export function applyLive(pages: Pages, action: string, record: Reservation, filters: ReservationFilters, today: string): Pages {
  const known = pages.upcoming.some((r) => r.id === record.id) || pages.past.some((r) => r.id === record.id);
  const without = {
    ...pages,
    upcoming: pages.upcoming.filter((r) => r.id !== record.id),
    past: pages.past.filter((r) => r.id !== record.id),
  };
  if (action === 'delete' || !matchesFilters(record, filters)) return known ? without : pages;
  const segment: Segment = record.event_date >= today ? 'upcoming' : 'past';
  const started = segment === 'upcoming' || pages.past.length > 0 || pages.next === null || pages.next.segment === 'past';
  if (!known && (action !== 'create' || !started)) return pages;
  return { ...without, [segment]: [record, ...without[segment]] };
}

/** Sets one row's status on whichever loaded page holds it. */
export function withStatus(pages: Pages, id: string, status: Reservation['status']): Pages {
  const set = (rows: Reservation[]) => rows.map((r) => (r.id === id ? { ...r, status } : r));
  return { ...pages, upcoming: set(pages.upcoming), past: set(pages.past) };
}

/**
 * The rows to render now, given the rows rendered last (`shown`, React's deferred copy of the
 * list): rows that grow the list beyond what was shown render in a second pass, at most
 * FIRST_ROWS of them in the first one, so the first screen (the counts among it) is not held up
 * by rows below it. Any other change (a live edit, a filter) renders at once.
 */
export function rowsToRender<T>(rows: readonly T[], shown: readonly T[]): readonly T[] {
  if (shown.length >= rows.length) return rows;
  return rows.slice(0, Math.max(FIRST_ROWS, shown.length));
}
