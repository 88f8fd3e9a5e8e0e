import { startTransition, useCallback, useEffect, useState } from 'react';
import { fetchEvents, readCachedEvents, sameEvents, writeCachedEvents, type VenueEvent } from './api';
import { watchEvents } from './liveEvents';

export type EventsStatus = 'loading' | 'live' | 'cached' | 'unavailable';

export interface EventsState {
  events: VenueEvent[];
  status: EventsStatus;
  /** When the shown list was fetched (cached lists only). */
  savedAt: number | null;
  reload: () => void;
}

/**
 * The events list: the last good copy from this device at once, then the backend's. When the
 * network fails the cached copy stays (status 'cached'); with neither, 'unavailable'. While the
 * page is open, staff's changes arrive live (realtime, liveEvents.ts) and the list loads again.
 */
export function useEvents(buildSchedule: VenueEvent[] = []): EventsState {
  // First the build-time schedule where the page was prerendered with it (buildSchedule.ts: the
  // same list on the server and in hydration), else the device's copy (components gate that on the
  // client-only today, so it never reaches prerendered HTML); then the backend's.
  const [initial] = useState(() => (buildSchedule.length > 0 || typeof window === 'undefined' ? null : readCachedEvents()));
  const [events, setEvents] = useState<VenueEvent[]>(() => (buildSchedule.length > 0 ? buildSchedule : (initial?.events ?? [])));
  const [status, setStatus] = useState<EventsStatus>('loading');
  const [savedAt, setSavedAt] = useState<number | null>(() => initial?.savedAt ?? null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchEvents()
      .then((fresh) => {
        if (cancelled) return;
        writeCachedEvents(fresh);
        // A transition: the page's event sections render in slices, not as one long task.
        startTransition(() => {
          setEvents((shown) => (sameEvents(shown, fresh) ? shown : fresh));
          setSavedAt(null);
          setStatus('live');
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('[events] could not load events', error);
        const cached = readCachedEvents();
        if (cached && cached.events.length > 0) {
          setEvents(cached.events);
          setSavedAt(cached.savedAt);
        }
        setStatus(cached && cached.events.length > 0 ? 'cached' : 'unavailable');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (status !== 'cached' && status !== 'unavailable') return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // After hydration only (an effect): the prerendered HTML never depends on it.
  useEffect(() => watchEvents(reload), [reload]);
  return { events, status, savedAt, reload };
}
