/**
 * Whether this device holds outbox entries, remembered in localStorage so a page can decide
 * without opening IndexedDB (Dexie is ~30 KB the first paint should not wait for). Written by the
 * outbox itself: 'some' as soon as an entry is stored, 'none' once the queue is drained.
 * 'unknown' is a device that has not been told yet (it queued with an older version of the site).
 */
export type OutboxPresence = 'some' | 'none' | 'unknown';

const KEY = 'tiny-cupboard-outbox:stored';
export const OUTBOX_DB_NAME = 'tiny-cupboard-outbox';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readOutboxPresence(): OutboxPresence {
  const value = storage()?.getItem(KEY);
  return value === '1' ? 'some' : value === '0' ? 'none' : 'unknown';
}

export function writeOutboxPresence(some: boolean): void {
  try {
    storage()?.setItem(KEY, some ? '1' : '0');
  } catch {
    // Storage full or blocked: the outbox then loads on every visit, which is only slower.
  }
}
