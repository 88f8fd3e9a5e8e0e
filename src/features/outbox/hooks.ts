import { useLiveQuery } from 'dexie-react-hooks';
import { outboxDb, type OutboxEntry } from './db';

async function safely<T>(query: () => Promise<T>, fallback: T): Promise<T> {
  if (typeof indexedDB === 'undefined') return fallback;
  try {
    return await query();
  } catch {
    return fallback;
  }
}

/** How many submissions are saved on this device and waiting to be sent (live, across tabs). */
export function useOutboxPending(): number {
  return useLiveQuery(() => safely(() => outboxDb().entries.where('state').equals('pending').count(), 0), [], 0);
}

/** Every stored entry, oldest first: pending and rejected (live). */
export function useOutboxEntries(): OutboxEntry[] {
  return useLiveQuery(() => safely(() => outboxDb().entries.orderBy('createdAt').toArray(), [] as OutboxEntry[]), [], []);
}

/** One entry by id, `null` once it has left the outbox, `undefined` while loading. */
export function useOutboxEntry(id: string | null): OutboxEntry | null | undefined {
  return useLiveQuery(
    () => (id ? safely(async () => (await outboxDb().entries.get(id)) ?? null, null) : Promise.resolve(null)),
    [id],
    undefined,
  );
}
