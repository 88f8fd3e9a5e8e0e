/**
 * The reservations history as queries (the paged list and the server's figures, per filters),
 * the dashboard's early start for its first screen, and live changes written into the cache.
 * The list's paging across tonight-and-later and earlier nights stays reservationPages.ts's.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { FAILURE_MESSAGES } from '../../../lib/rules/limits';
import { venueNight } from '../../../lib/venueTime';
import { reservationsApi } from '../api';
import { NO_PAGES, PAGE_SIZE, addPage, applyLive, pageFilter, pageSort, withStatus, type Pages } from '../reservationPages';
import { DEFAULT_SORT, NO_FILTERS, type ReservationFilters, type ReservationSort } from '../reservationsLogic';
import type { Reservation } from '../types';
import { createLiveLog } from './liveLog';

/** How long an answer nobody shows is kept: the early start's answers wait this long for the view. */
export const KEPT_MS = 10_000;

const LIST = ['staff', 'reservations', 'list'] as const;
type ListKey = readonly [...typeof LIST, ReservationFilters, ReservationSort, string];
const listKey = (filters: ReservationFilters, sort: ReservationSort, day: string): ListKey => [...LIST, filters, sort, day];

/** Keeps only the fields the view uses (realtime events carry the whole record). */
export function pick(record: Reservation): Reservation {
  const { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated } = record;
  return { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated };
}

type Change = [action: string, record: Reservation];
const live = createLiveLog<Change>();
const replay = (pages: Pages, changes: Change[], filters: ReservationFilters, day: string) =>
  changes.reduce((p, [action, record]) => applyLive(p, action, record, filters, day), pages);

/**
 * The first pages for some filters and sort: tonight and the coming nights, and, when they do
 * not fill a page, the first page of earlier nights, so the first screen is full.
 */
async function firstPages(filters: ReservationFilters, sort: ReservationSort, day: string): Promise<Pages> {
  let pages = NO_PAGES;
  do {
    const next = pages.next!;
    const rows = await reservationsApi.page(next.page, PAGE_SIZE, pageFilter(filters, next.segment, day), pageSort(sort, next.segment));
    pages = addPage(pages, next.segment, next.page, rows.items.map(pick));
  } while (pages.next?.segment === 'past' && pages.next.page === 1 && pages.upcoming.length < PAGE_SIZE);
  return pages;
}

/** Counts, analytics and event names for the filters, computed by the server. */
export const statsQuery = (filters: ReservationFilters) =>
  queryOptions({
    queryKey: ['staff', 'reservations', 'stats', filters] as const,
    queryFn: () => reservationsApi.stats(filters),
    gcTime: KEPT_MS,
    meta: { failure: FAILURE_MESSAGES.fetchReservations, toast: 'first' },
  });

/** The list's first pages for the filters and sort, `day` being tonight (upcoming from it on). */
export const listQuery = (filters: ReservationFilters, sort: ReservationSort, day: string) =>
  queryOptions({
    queryKey: listKey(filters, sort, day),
    queryFn: async () => {
      const { answer, changes } = await live.during(() => firstPages(filters, sort, day));
      return replay(answer, changes, filters, day);
    },
    gcTime: KEPT_MS,
    meta: { failure: FAILURE_MESSAGES.fetchReservations, toast: 'always' },
  });

/**
 * Brings the next page of the list into the cache, with the live changes that arrived meanwhile.
 * Dropped when the list was loaded again in between (its next page is then another one).
 */
export async function loadNextPage(client: QueryClient, filters: ReservationFilters, sort: ReservationSort, day: string): Promise<void> {
  const { queryKey } = listQuery(filters, sort, day);
  const next = client.getQueryData(queryKey)?.next;
  if (!next) return;
  const { answer, changes } = await live.during(() => reservationsApi.page(next.page, PAGE_SIZE, pageFilter(filters, next.segment, day), pageSort(sort, next.segment)));
  client.setQueryData(queryKey, (now) => {
    if (!now || now.next?.segment !== next.segment || now.next.page !== next.page) return now;
    return replay(addPage(now, next.segment, next.page, answer.items.map(pick)), changes, filters, day);
  });
}

/** A realtime change, written into every cached list for that list's own filters. */
export function applyLiveToLists(client: QueryClient, action: string, record: Reservation): void {
  live.add([action, record]);
  for (const query of client.getQueryCache().findAll({ queryKey: LIST })) {
    const [, , , filters, , day] = query.queryKey as ListKey;
    client.setQueryData<Pages>(query.queryKey, (pages) => pages && applyLive(pages, action, record, filters, day));
  }
}

/** Sets one row's status in a cached list (a status change made from the list). */
export function setListStatus(client: QueryClient, key: ListKey, id: string, status: Reservation['status']): void {
  client.setQueryData<Pages>(key, (pages) => pages && withStatus(pages, id, status));
}

/**
 * Starts loading the reservations view's first screen (unfiltered figures and first pages) now:
 * the dashboard asks before the admin-role check answers and before the realtime subscription
 * exists. Resolves once both answers are in (or failed), or after `wait` ms, whichever is first.
 * A caller without the role gets a 403 and an empty list nobody shows (and nobody is told). The
 * view shows them at once when it mounts (within KEPT_MS) and asks again once its subscription is
 * confirmed, so a change made in between shows a moment later instead of never.
 */
export function prefetchFirstScreen(client: QueryClient, wait: number, day = venueNight()): Promise<void> {
  const fresh = { staleTime: KEPT_MS };
  const both = Promise.all([client.prefetchQuery({ ...statsQuery(NO_FILTERS), ...fresh }), client.prefetchQuery({ ...listQuery(NO_FILTERS, DEFAULT_SORT, day), ...fresh })]);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, wait);
    void both.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
