/**
 * The reservations view's data: the server's figures for the filters (counts, analytics, event
 * names, tonight's seats) and the list, one page at a time. Both load only once the realtime
 * subscription is confirmed (so no change falls between the load and the subscription); a live
 * change then edits the loaded pages in place and refetches only the figures, never the list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES, type ReservationStatus } from '../../lib/rules/limits';
import { venueToday } from '../../lib/venueTime';
import { reservationsApi } from './api';
import { useRealtime } from './live';
import { NO_PAGES, PAGE_SIZE, addPage, applyLive, pageFilter, pageSort, withStatus, type Pages } from './reservationPages';
import { NO_FILTERS, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import type { Reservation, ReservationStats } from './types';

/** Live changes come in bursts (a party checked in row by row): one figures request per burst. */
const STATS_DEBOUNCE_MS = 150;

/** Keeps only the fields the view uses (realtime events carry the whole record). */
export function pick(record: Reservation): Reservation {
  const { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated } = record;
  return { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated };
}

export type LoadState = 'loading' | 'ready' | 'error';

/** Figures asked for while the session is checked, so the counts need not wait for it. */
let prefetched: { promise: Promise<ReservationStats>; at: number } | null = null;
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts loading the unfiltered figures now (the dashboard calls it before the admin-role check
 * answers). A caller without the role gets a 403 that nobody reads. The figures are shown at
 * once when the view mounts and fetched again once the realtime subscription is confirmed, so a
 * change made in between is not missed.
 */
export function prefetchReservationStats(): void {
  const promise = reservationsApi.stats(NO_FILTERS);
  promise.catch(() => undefined);
  prefetched = { promise, at: Date.now() };
}

function takePrefetched(): Promise<ReservationStats> | null {
  const hit = prefetched && Date.now() - prefetched.at < PREFETCH_FRESH_MS ? prefetched.promise : null;
  prefetched = null;
  return hit;
}

export function useReservations(filters: ReservationFilters, sort: ReservationSort) {
  const [pages, setPages] = useState<Pages>(NO_PAGES);
  const [stats, setStats] = useState<ReservationStats | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [synced, setSynced] = useState(0);
  const [today, setToday] = useState(() => venueToday());

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
      if (!quiet) {
        notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchReservations);
        setState((s) => (s === 'ready' ? s : 'error'));
      }
    }
  }, []);

  /** Loads `next` (or the first page) and, if the first part ends within it, the first earlier page. */
  const loadList = useCallback(async (reset: boolean, from: Pages) => {
    const seq = ++listSeq.current;
    const { filters: f, sort: s } = current.current;
    const day = venueToday();
    heldChanges.current = [];
    let pagesNow = reset ? NO_PAGES : from;
    try {
      do {
        const next = pagesNow.next!;
        const rows = await reservationsApi.page(next.page, PAGE_SIZE, pageFilter(f, next.segment, day), pageSort(s, next.segment));
        if (seq !== listSeq.current) return;
        pagesNow = addPage(pagesNow, next.segment, next.page, rows.items.map(pick));
        // A short first part: the earlier nights follow at once, so the first screen is full.
      } while (reset && pagesNow.next?.segment === 'past' && pagesNow.next.page === 1 && pagesNow.upcoming.length < PAGE_SIZE);
      for (const [action, record] of heldChanges.current ?? []) pagesNow = applyLive(pagesNow, action, record, f, day);
      setPages(pagesNow);
      setState('ready');
    } catch (error) {
      if (seq !== listSeq.current) return;
      console.error(FAILURE_MESSAGES.fetchReservations, error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchReservations);
      setState((st) => (st === 'ready' ? st : 'error'));
    } finally {
      if (seq === listSeq.current) heldChanges.current = null;
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

  // Figures asked for during the session check paint at once (and are fetched again below).
  useEffect(() => {
    const early = takePrefetched();
    if (early) void loadStats(true, early);
  }, [loadStats]);

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
  const replaceRow = useCallback((row: Reservation) => setPages((p) => applyLive(p, 'update', row, current.current.filters, current.current.today)), []);

  return { pages, stats, state, today, loadMore, loadingMore, retry, setRowStatus, replaceRow };
}
