/**
 * Every staff list reads the local copy through these live queries (dexie-react-hooks): they
 * answer from IndexedDB at once, follow every write (realtime, pull, a change staff make, another
 * tab), and lay the waiting changes over the server's rows. `undefined` while the first read runs.
 */
import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { isListed, orderPriorities } from '../priorities';
import { staffDb } from './db';
import { byNightTime } from './nightOrder';
import { overlay, type Shown } from './overlay';
import type { CapacityRow, Priority, Reservation, Row, StaffEvent, StoredChange, SyncedCollection, Task, WaitlistRow } from './types';

async function safely<T>(query: () => Promise<T>, fallback: T): Promise<T> {
  if (typeof indexedDB === 'undefined') return fallback;
  try {
    return await query();
  } catch (error) {
    console.warn('[staff sync] local read failed', error);
    return fallback;
  }
}

async function shown<T extends { id: string }>(collection: SyncedCollection, rows: Promise<Row[]>): Promise<Shown<T>[]> {
  const [list, changes] = await Promise.all([rows, staffDb().changes.where('collection').equals(collection).toArray()]);
  return overlay(list as unknown as T[], changes, collection);
}

/** Has this tablet's copy been filled? `undefined` while reading. */
export function useCopyFilled(): boolean | undefined {
  return useLiveQuery(() => safely(async () => (await staffDb().meta.get('cursor')) !== undefined, false), []);
}

/** A night's reservations (changes waiting included), by time on the clock then name. */
export function useNightReservations(date: string): Shown<Reservation>[] | undefined {
  return useLiveQuery(
    () =>
      safely(async () => {
        const rows = await shown<Reservation>('reservations', staffDb().reservations.where('event_date').equals(date).toArray());
        // A waiting walk-in or time change is laid over rows of any night: keep this night's.
        return rows.filter((r) => r.event_date === date).sort(byNightTime);
      }, []),
    [date],
  );
}

/** The night's capacity row and the 'default' row. */
export function useCapacityRows(date: string): { tonight?: CapacityRow; fallback?: CapacityRow } | undefined {
  return useLiveQuery(
    () =>
      safely(async () => {
        const rows = (await staffDb().capacity.where('date').anyOf(date, 'default').toArray()) as unknown as CapacityRow[];
        return { tonight: rows.find((r) => r.date === date), fallback: rows.find((r) => r.date === 'default') };
      }, { tonight: undefined, fallback: undefined }),
    [date],
  );
}

export function useNightWaitlist(date: string): Shown<WaitlistRow>[] | undefined {
  return useLiveQuery(() => safely(async () => (await shown<WaitlistRow>('waitlist', staffDb().waitlist.where('event_date').equals(date).toArray())).filter((r) => r.event_date === date), []), [date]);
}

export function useTasks(): Shown<Task>[] | undefined {
  return useLiveQuery(() => safely(() => shown<Task>('tasks', staffDb().tasks.toArray()), []), []);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * What the priorities panel lists (priorities.ts), in its order. A priority it has listed since
 * it opened on this venue night stays listed, struck through once ticked off (here or on another
 * tablet), so a mistaken tick on one carried over from an earlier day can be undone.
 */
export function usePriorities(today: string): Shown<Priority>[] | undefined {
  const rows = useLiveQuery(() => safely(() => shown<Priority>('priorities', staffDb().priorities.toArray()), []), []);
  // The ids listed so far on this venue night (a new night starts from what it lists).
  const [kept, setKept] = useState<{ night: string; ids: ReadonlySet<string> }>(() => ({ night: today, ids: NONE }));
  const ids = kept.night === today ? kept.ids : NONE;
  const listed = useMemo(() => rows && orderPriorities(rows.filter((p) => isListed(p, today) || ids.has(p.id)), today), [rows, today, ids]);
  // Remembered during render (React's "adjusting state when a prop changes"): the next render lists the same rows.
  if (listed && !listed.every((p) => ids.has(p.id))) setKept({ night: today, ids: new Set([...ids, ...listed.map((p) => p.id)]) });
  return listed;
}

/** Every event, active or hidden, in the order the editor listed them from the server. */
export function useEvents(): StaffEvent[] | undefined {
  return useLiveQuery(
    () =>
      safely(async () => {
        const rows = (await staffDb().events.toArray()) as unknown as StaffEvent[];
        return rows.sort((a, b) => String(a.date ?? '').localeCompare(String(b.date ?? '')) || (a.weekday ?? 0) - (b.weekday ?? 0) || a.sort_order - b.sort_order || a.title.localeCompare(b.title));
      }, []),
    [],
  );
}

/** Changes not sent yet, and the ones the server did not apply (oldest first). */
export function useQueue(): { waiting: number; notApplied: StoredChange[] } {
  return (
    useLiveQuery(
      () =>
        safely(async () => {
          // By the state index: a tablet offline all night holds hundreds of pending changes, and
          // the header's count needs only their number.
          const changes = staffDb().changes;
          const [waiting, notApplied] = await Promise.all([changes.where('state').equals('pending').count(), changes.where('state').equals('not_applied').sortBy('seq')]);
          return { waiting, notApplied };
        }, { waiting: 0, notApplied: [] as StoredChange[] }),
      [],
    ) ?? { waiting: 0, notApplied: [] }
  );
}

/**
 * `offlineSince`: when the tablet went offline or its calls stopped getting answers (ms), else
 * undefined; `lastContact`: when the server last answered. Both undefined until known.
 */
interface Contact {
  offlineSince: number | undefined;
  lastContact: number | undefined;
}

const UNKNOWN: Contact = { offlineSince: undefined, lastContact: undefined };

export function useOfflineSince(): Contact {
  return (
    useLiveQuery(
      () =>
        safely(async () => {
          const [since, contact] = await Promise.all([staffDb().meta.get('offlineSince'), staffDb().meta.get('lastContact')]);
          return { offlineSince: since?.value as number | undefined, lastContact: contact?.value as number | undefined };
        }, UNKNOWN),
      [],
    ) ?? UNKNOWN
  );
}
