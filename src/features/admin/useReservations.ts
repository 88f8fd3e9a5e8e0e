/**
 * The reservations view's data: the server's figures for the filters (counts, analytics, event
 * names) and the list, one page at a time, read through the staff query client (data/). Both
 * load once the realtime subscription is confirmed (so no change falls between the load and the
 * subscription), again after a reconnect and when the filters change; on the first screen, what
 * the dashboard asked for during the session check shows until then. A live change edits the
 * cached pages in place and refetches only the figures, never the list.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FAILURE_MESSAGES, type ReservationStatus } from '../../lib/rules/limits';
import { refresh, tellFailure, worthTelling } from './data/queryClient';
import { applyLiveToLists, listQuery, loadNextPage, pick, setListStatus, statsQuery } from './data/reservationQueries';
import { useRealtime } from './live';
import { NO_PAGES } from './reservationPages';
import type { ReservationFilters, ReservationSort } from './reservationsLogic';
import type { Reservation } from './types';
import { useVenueNight } from './useVenueNight';

/** Live changes come in bursts (a party checked in row by row): one figures request per burst. */
const STATS_DEBOUNCE_MS = 150;

export type LoadState = 'loading' | 'ready' | 'error';

export function useReservations(filters: ReservationFilters, sort: ReservationSort) {
  const client = useQueryClient();
  const today = useVenueNight();
  const stats = useMemo(() => statsQuery(filters), [filters]);
  const list = useMemo(() => listQuery(filters, sort, today), [filters, sort, today]);
  // Loaded only when asked below (enabled: false); until the new filters' answer is in, the
  // previous one stays on screen, and an answer for older filters never lands on the new ones.
  const statsResult = useQuery({ ...stats, enabled: false, placeholderData: keepPreviousData });
  const listResult = useQuery({ ...list, enabled: false, placeholderData: keepPreviousData });
  const [loadingMore, setLoadingMore] = useState(false);
  const [synced, setSynced] = useState(0);

  // The figures a live change refetches are the current filters'.
  const currentStats = useRef(stats);
  useEffect(() => {
    currentStats.current = stats;
  }, [stats]);
  const statsTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(statsTimer.current), []);

  useRealtime<Reservation>(
    'reservations',
    (action, record) => {
      applyLiveToLists(client, action, pick(record));
      window.clearTimeout(statsTimer.current);
      statsTimer.current = window.setTimeout(() => void refresh(client, currentStats.current), STATS_DEBOUNCE_MS);
    },
    () => setSynced((n) => n + 1),
  );

  // Figures and list: on the first sync, after a reconnect, and when the filters (or sort) change.
  useEffect(() => {
    if (synced) void refresh(client, stats);
  }, [synced, stats, client]);
  useEffect(() => {
    if (synced) void refresh(client, list);
  }, [synced, list, client]);

  const pages = listResult.data ?? NO_PAGES;
  const failed = listResult.isError || (statsResult.isError && worthTelling(statsResult.error));
  const state: LoadState = listResult.data !== undefined ? 'ready' : failed ? 'error' : 'loading';

  const loadMore = useCallback(async () => {
    if (!pages.next || loadingMore) return;
    setLoadingMore(true);
    try {
      await loadNextPage(client, filters, sort, today);
    } catch (error) {
      tellFailure(error, FAILURE_MESSAGES.fetchReservations, true);
    } finally {
      setLoadingMore(false);
    }
  }, [client, pages.next, loadingMore, filters, sort, today]);

  const retry = useCallback(() => {
    void client.resetQueries({ queryKey: list.queryKey, exact: true });
    void client.resetQueries({ queryKey: stats.queryKey, exact: true });
    setSynced((n) => n + 1);
  }, [client, list, stats]);

  const setRowStatus = useCallback((id: string, status: ReservationStatus) => setListStatus(client, list.queryKey, id, status), [client, list]);

  return { pages, stats: statsResult.data ?? null, state, today, loadMore, loadingMore, retry, setRowStatus };
}
