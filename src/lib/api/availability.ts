/**
 * Board game night availability from GET /api/availability (counts only). The picker uses it
 * to disable and mark full nights and to show the seats left for the chosen night. The last
 * good answer is kept in localStorage for offline use; the server has the final word anyway.
 */
import { useCallback, useEffect, useState } from 'react';
import { AVAILABILITY_MAX_DAYS } from '../rules/limits';
import { addDays, venueNight } from '../venueTime';

export interface Night {
  date: string;
  capacity: number;
  seatsLeft: number;
}

const CACHE_KEY = 'tiny-cupboard.availability.v1';

export async function fetchAvailability(from: string, to: string): Promise<Night[]> {
  const res = await fetch(`/api/availability?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`availability: HTTP ${res.status}`);
  const body = (await res.json()) as { nights?: Night[] };
  return Array.isArray(body.nights) ? body.nights : [];
}

/** Forms on the same page (the board game night page has two) share one request. */
let shared: { key: string; at: number; promise: Promise<Night[]> } | null = null;

function loadShared(from: string, to: string, force: boolean): Promise<Night[]> {
  const key = `${from}/${to}`;
  if (shared && shared.key === key && Date.now() - shared.at < (force ? 500 : 3_000)) return shared.promise;
  const promise = fetchAvailability(from, to);
  shared = { key, at: Date.now(), promise };
  promise.catch(() => {
    if (shared?.promise === promise) shared = null;
  });
  return promise;
}

function readCache(): Night[] {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Night[]) : [];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function writeCache(nights: Night[]) {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(nights));
  } catch {
    // ignore
  }
}

export interface AvailabilityState {
  /** Nights by date; a date missing here is unknown (treated as open). */
  nights: Map<string, Night>;
  loaded: boolean;
  refresh: () => void;
}

/** Availability from today for the longest range the route answers; refreshed on focus. */
export function useAvailability(): AvailabilityState {
  // The last good answer on this device first (the picker only renders on the client).
  const [nights, setNights] = useState<Map<string, Night>>(
    () => new Map(typeof window === 'undefined' ? [] : readCache().map((n) => [n.date, n])),
  );
  const [loaded, setLoaded] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let cancelled = false;
    // From the venue night: after midnight tonight is still the night that began the evening before.
    const today = venueNight();
    loadShared(today, addDays(today, AVAILABILITY_MAX_DAYS - 1), tick > 0)
      .then((fresh) => {
        if (cancelled) return;
        writeCache(fresh);
        setNights(new Map(fresh.map((n) => [n.date, n])));
        setLoaded(true);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('[availability] could not load', error);
        setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [tick]);

  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener('online', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('online', onFocus);
    };
  }, []);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { nights, loaded, refresh };
}
