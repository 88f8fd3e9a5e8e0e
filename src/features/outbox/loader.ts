/**
 * Loads the outbox (Dexie, the flush loop) the first time something needs it: a form is sent, a
 * page follows a queued submission, or this device already holds entries. Loading it starts the
 * background flush, once per page, so anything queued on an earlier visit is sent on this one.
 */
import { OUTBOX_DB_NAME, readOutboxPresence, writeOutboxPresence } from './presence';

type OutboxModule = typeof import('./outbox');

let loading: Promise<OutboxModule> | null = null;
const loadedListeners = new Set<() => void>();

export function loadOutbox(): Promise<OutboxModule> {
  loading ??= import('./outbox').then((outbox) => {
    outbox.startOutbox();
    for (const listener of loadedListeners) listener();
    return outbox;
  });
  return loading;
}

export function isOutboxLoaded(): boolean {
  return loading !== null;
}

/** Calls back once the outbox has loaded (the pending indicator mounts then). */
export function onOutboxLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => {
    loadedListeners.delete(listener);
  };
}

/** Whether an IndexedDB database of that name exists, without opening it (null: can't tell). */
async function databaseExists(name: string): Promise<boolean | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  try {
    return (await indexedDB.databases()).some((db) => db.name === name);
  } catch {
    return null;
  }
}

/**
 * At start: loads the outbox when this device holds entries; a device that queued with an older
 * version (no presence record yet) is checked once, through indexedDB.databases().
 */
export async function loadOutboxIfStored(): Promise<void> {
  const presence = readOutboxPresence();
  if (presence === 'none') return;
  if (presence === 'unknown') {
    const exists = await databaseExists(OUTBOX_DB_NAME);
    if (exists === false) {
      writeOutboxPresence(false);
      return;
    }
  }
  await loadOutbox();
}
