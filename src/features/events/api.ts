/**
 * Events data (special events and the weekly schedule) from the backend's public `events`
 * collection, with the last good list kept in localStorage so the schedule renders offline even
 * before the service worker (which also caches the API, NetworkFirst) is active.
 */

import type { EventRecordInput } from '../../lib/rules/staff';

/** An active event as the public pages show it. */
export interface VenueEvent extends Omit<EventRecordInput, 'active'> {
  id: string;
}

export const EVENTS_CACHE_KEY = 'tiny-cupboard.events.v1';

export interface CachedEvents {
  savedAt: number;
  events: VenueEvent[];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function normaliseEvent(raw: Record<string, unknown>): VenueEvent | null {
  const kind = raw.kind === 'special' || raw.kind === 'weekly' ? raw.kind : null;
  const title = str(raw.title).trim();
  if (!kind || !title) return null;
  if (raw.active === false) return null;
  const event: VenueEvent = {
    id: str(raw.id),
    kind,
    title,
    description: str(raw.description),
    date: str(raw.date),
    weekday: typeof raw.weekday === 'number' ? raw.weekday : 0,
    time: str(raw.time),
    price: str(raw.price),
    open_tables: raw.open_tables === true,
    sort_order: typeof raw.sort_order === 'number' ? raw.sort_order : 0,
  };
  if (kind === 'special' && !/^\d{4}-\d{2}-\d{2}$/.test(event.date)) return null;
  if (kind === 'weekly' && !(event.weekday >= 1 && event.weekday <= 7)) return null;
  return event;
}

const EVENTS_PAGE_SIZE = 200;

/**
 * Every active event, through PocketBase's REST API with a plain fetch: the public pages read one
 * small list, so they need not load the SDK (about 11 KB) for it. `origin` is for the prerenderer,
 * which reads another server's list (the page's own origin otherwise).
 */
export async function fetchEvents(signal?: AbortSignal, origin = ''): Promise<VenueEvent[]> {
  const records: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ filter: 'active = true', sort: 'sort_order,date', page: String(page), perPage: String(EVENTS_PAGE_SIZE), skipTotal: '1' });
    const response = await fetch(`${origin}/api/collections/events/records?${query}`, { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`events: HTTP ${response.status}`);
    const { items } = (await response.json()) as { items: Record<string, unknown>[] };
    records.push(...items);
    if (items.length < EVENTS_PAGE_SIZE) break;
  }
  return records.map(normaliseEvent).filter((e): e is VenueEvent => e !== null);
}

export function readCachedEvents(): CachedEvents | null {
  try {
    const raw = localStorage.getItem(EVENTS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedEvents;
    if (!parsed || !Array.isArray(parsed.events)) return null;
    const events = parsed.events.map((e) => normaliseEvent(e as unknown as Record<string, unknown>)).filter((e): e is VenueEvent => !!e);
    return { savedAt: Number(parsed.savedAt) || 0, events };
  } catch {
    return null;
  }
}

export function writeCachedEvents(events: VenueEvent[], now = Date.now()): void {
  try {
    localStorage.setItem(EVENTS_CACHE_KEY, JSON.stringify({ savedAt: now, events } satisfies CachedEvents));
  } catch {
    // storage full or blocked: the service worker cache still helps
  }
}

/**
 * Whether two lists show the same events in the same order. A reload that brings back what is on
 * screen keeps the shown list, so React skips re-rendering the page's event sections (the live
 * subscription reloads once it is confirmed, usually with nothing changed).
 */
export function sameEvents(shown: VenueEvent[], fresh: VenueEvent[]): boolean {
  if (shown.length !== fresh.length) return false;
  const fields = Object.keys(fresh[0] ?? {}) as (keyof VenueEvent)[];
  return shown.every((event, i) => fields.every((field) => event[field] === fresh[i]?.[field]));
}

/** Weekly events of a weekday, in staff's order. */
export function weeklyOn(events: VenueEvent[], weekday: number): VenueEvent[] {
  return events.filter((e) => e.kind === 'weekly' && e.weekday === weekday).sort((a, b) => a.sort_order - b.sort_order);
}

/** Special events on a date. */
export function specialsOn(events: VenueEvent[], dateIso: string): VenueEvent[] {
  return events.filter((e) => e.kind === 'special' && e.date === dateIso).sort((a, b) => a.sort_order - b.sort_order);
}

/** Special events from `todayIso` on, soonest first. */
export function upcomingSpecials(events: VenueEvent[], todayIso: string): VenueEvent[] {
  return events
    .filter((e) => e.kind === 'special' && e.date >= todayIso)
    .sort((a, b) => (a.date === b.date ? a.sort_order - b.sort_order : a.date < b.date ? -1 : 1));
}

/** Weekdays (1–7) that have a hosted weekly event (open tables are every night, so they don't count). */
export function weekdaysWithEvents(events: VenueEvent[]): Set<number> {
  return new Set(events.filter((e) => e.kind === 'weekly' && !e.open_tables).map((e) => e.weekday));
}
