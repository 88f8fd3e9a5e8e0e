/**
 * The reservations view's data: the server's figures for the filters (counts, analytics, event
 * names, tonight's seats) and the list, one page at a time. Both load once the realtime
 * subscription is confirmed (so no change falls between the load and the subscription); on the
 * first screen, what the dashboard asked for during the session check shows until then. A live
 * change then edits the loaded pages in place and refetches only the figures, never the list.
 */
import { ClientResponseError } from 'pocketbase';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES, type ReservationStatus } from '../../lib/rules/limits';
import { venueNight } from '../../lib/venueTime';
import { isOnline } from '../outbox';
import { reservationsApi } from './api';
import { useRealtime } from './live';
import { NO_PAGES, PAGE_SIZE, addPage, applyLive, pageFilter, pageSort, withStatus, type Pages } from './reservationPages';
import { DEFAULT_SORT, NO_FILTERS, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import type { Reservation, ReservationStats } from './types';

/** Live changes come in bursts (a party checked in row by row): one figures request per burst. */
const STATS_DEBOUNCE_MS = 150;

/** Keeps only the fields the view uses (realtime events carry the whole record). */
export function pick(record: Reservation): Reservation {
  const { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated } = record;
  return { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated };
}

export type LoadState = 'loading' | 'ready' | 'error';

/**
 * The first pages for some filters and sort: tonight and the coming nights, and, when they do
 * not fill a page, the first page of earlier nights, so the first screen is full.
 */
async function firstPages(filters: ReservationFilters, sort: ReservationSort, day: string, current: () => boolean = () => true): Promise<Pages | null> {
  let pages = NO_PAGES;
  do {
    const next = pages.next!;
    const rows = await reservationsApi.page(next.page, PAGE_SIZE, pageFilter(filters, next.segment, day), pageSort(sort, next.segment));
    if (!current()) return null;
    pages = addPage(pages, next.segment, next.page, rows.items.map(pick));
  } while (pages.next?.segment === 'past' && pages.next.page === 1 && pages.upcoming.length < PAGE_SIZE);
  return pages;
}

/** Data asked for while the session is checked, so the first screen need not wait for it. */
interface Prefetched {
  stats: Promise<ReservationStats>;
  pages: Promise<Pages | null>;
  /** settles once both answers are in (or one failed) */
  done: Promise<void>;
  /** both answers, once they are in */
  settled?: { stats: ReservationStats; pages: Pages };
  at: number;
}
let prefetched: Prefetched | null = null;
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts loading the unfiltered figures and the list's first page now (the dashboard calls it
 * before the admin-role check answers, and before the realtime subscription exists). A caller
 * without the role gets a 403 and an empty list that nobody reads. The view shows them at once
 * when it mounts and fetches both again once its realtime subscription is confirmed, so a change
 * made in between is not missed: it shows a moment later instead of never.
 */
export function prefetchReservations(): void {
  const stats = reservationsApi.stats(NO_FILTERS);
  const pages = firstPages(NO_FILTERS, DEFAULT_SORT, venueNight());
  const entry: Prefetched = { stats, pages, done: Promise.resolve(), at: Date.now() };
  entry.done = Promise.all([stats, pages]).then(
    ([s, p]) => {
      if (p) entry.settled = { stats: s, pages: p };
    },
    () => undefined,
  );
  prefetched = entry;
}

/**
 * Resolves once the prefetched data is in (or failed), or after `ms`: the dashboard waits for
 * it before its first screen, which then renders, lays out and paints once, with the counts and
 * the list, instead of once empty and again a moment later.
 */
export function prefetchedData(ms: number): Promise<void> {
  const pending = prefetched?.done;
  if (!pending) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    void pending.then(() => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

function freshPrefetch(): Prefetched | null {
  return prefetched && Date.now() - prefetched.at < PREFETCH_FRESH_MS ? prefetched : null;
}

/**
 * A failed load staff should hear about: the server answered with an error. No answer at all
 * (offline, or the network coming back a moment later than the browser says) is what the staff
 * frame's state line shows, and the view loads again when the connection returns.
 */
function worthTelling(error: unknown): boolean {
  return isOnline() && !(error instanceof ClientResponseError && error.status === 0);
}

export function useReservations(filters: ReservationFilters, sort: ReservationSort) {
  // Prefetched data is used by one mount (read here, forgotten in an effect: StrictMode calls
  // initializers twice).
  const [early] = useState(freshPrefetch);
  const [pages, setPages] = useState<Pages>(() => early?.settled?.pages ?? NO_PAGES);
  const [stats, setStats] = useState<ReservationStats | null>(() => early?.settled?.stats ?? null);
  const [state, setState] = useState<LoadState>(() => (early?.settled ? 'ready' : 'loading'));
  const [loadingMore, setLoadingMore] = useState(false);
  const [synced, setSynced] = useState(0);
  const [today, setToday] = useState(() => early?.settled?.stats.tonight.date ?? venueNight());

  // Live changes must see the current filters; a response for older filters is dropped.
  const current = useRef({ filters, sort, today });
  useEffect(() => {
    current.current = { filters, sort, today };
  }, [filters, sort, today]);
  const listSeq = useRef(0);
  const statsSeq = useRef(0);
  /** live changes that arrived while a list load was on its way, re-applied to its answer */
  const heldChanges = useRef<[string, Reservation][] | null>(null);

  /** Newest answer shown so far: an older request that answers late is not shown over a newer one. */
  const shownSeq = useRef(0);
  const loadStats = useCallback(async (quiet: boolean, early?: Promise<ReservationStats>) => {
    const seq = ++statsSeq.current;
    try {
      const next = await (early ?? reservationsApi.stats(current.current.filters));
      if (seq < shownSeq.current) return;
      shownSeq.current = seq;
      setStats(next);
      setToday(next.tonight.date);
    } catch (error) {
      if (seq !== statsSeq.current) return;
      console.error(FAILURE_MESSAGES.fetchReservations, error);
      // Offline, the view shows a note in place of the history (ReservationsView): no toast.
      if (!quiet && worthTelling(error)) {
        notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchReservations);
        setState((s) => (s === 'ready' ? s : 'error'));
      }
    }
  }, []);

  /**
   * Loads the first pages (`reset`, or takes them from `early`) or the next page after `from`.
   * Live changes that arrive meanwhile are applied to the answer too.
   */
  const loadList = useCallback(async (reset: boolean, from: Pages, early?: Promise<Pages | null>) => {
    const seq = ++listSeq.current;
    const { filters: f, sort: s } = current.current;
    const day = venueNight();
    const isCurrent = () => seq === listSeq.current;
    heldChanges.current = [];
    try {
      let pagesNow: Pages | null;
      if (reset) pagesNow = await (early ?? firstPages(f, s, day, isCurrent));
      else {
        const next = from.next!;
        const rows = await reservationsApi.page(next.page, PAGE_SIZE, pageFilter(f, next.segment, day), pageSort(s, next.segment));
        pagesNow = addPage(from, next.segment, next.page, rows.items.map(pick));
      }
      if (!isCurrent() || !pagesNow) return;
      for (const [action, record] of heldChanges.current ?? []) pagesNow = applyLive(pagesNow, action, record, f, day);
      setPages(pagesNow);
      setState('ready');
    } catch (error) {
      if (!isCurrent()) return;
      console.error(FAILURE_MESSAGES.fetchReservations, error);
      if (worthTelling(error)) notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchReservations);
      setState((st) => (st === 'ready' ? st : 'error'));
    } finally {
      if (isCurrent()) heldChanges.current = null;
    }
  }, []);

  const statsTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(statsTimer.current), []);

  useRealtime<Reservation>(
    'reservations',
    (action, record) => {
      const row = pick(record);
      heldChanges.current?.push([action, row]);
      setPages((p) => applyLive(p, action, row, current.current.filters, current.current.today));
      window.clearTimeout(statsTimer.current);
      statsTimer.current = window.setTimeout(() => void loadStats(true), STATS_DEBOUNCE_MS);
    },
    () => setSynced((n) => n + 1),
  );

  // Data asked for during the session check shows at once, or as soon as it is in (and is
  // fetched again below, once the subscription is confirmed; an answer after that is dropped).
  useEffect(() => {
    if (prefetched === early) prefetched = null;
    if (!early || early.settled) return;
    void loadStats(true, early.stats);
    void loadList(true, NO_PAGES, early.pages);
  }, [early, loadStats, loadList]);

  // Figures: on the first sync, after a reconnect, and when the filters change.
  useEffect(() => {
    if (synced) void loadStats(synced > 1);
  }, [synced, filters, loadStats]);

  // The list: the same, and when the sort changes.
  useEffect(() => {
    if (synced) void loadList(true, NO_PAGES);
  }, [synced, filters, sort, loadList]);

  const loadMore = useCallback(async () => {
    if (!pages.next || loadingMore) return;
    setLoadingMore(true);
    try {
      await loadList(false, pages);
    } finally {
      setLoadingMore(false);
    }
  }, [pages, loadingMore, loadList]);

  const retry = useCallback(() => {
    setState('loading');
    setSynced((n) => n + 1);
  }, []);

  const setRowStatus = useCallback((id: string, status: ReservationStatus) => setPages((p) => withStatus(p, id, status)), []);

  return { pages, stats, state, today, loadMore, loadingMore, retry, setRowStatus };
}
