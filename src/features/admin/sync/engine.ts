/**
 * Runs the staff sync while the dashboard is open: the six collections' realtime changes go
 * into the local copy (one subscription per collection, shared through live.ts), a delta pull
 * catches up after every gap, and the queue is sent at start, when the network returns, when
 * the tablet wakes and on an interval. Records when the tablet went offline, for the frame.
 */
import { useEffect } from 'react';
import { isOnline } from '../../outbox';
import { subscribeLive } from '../live';
import { currentEpoch, readMeta, staffDb, writeMeta } from './db';
import { pullChanges } from './pull';
import { flushChanges } from './queue';
import { applyRecords, type RecordEvent } from './store';
import { syncWindow } from './syncWindow';
import { SYNCED, type Row } from './types';
import { wipeOnSignOut, wipeStaffCopy } from './wipe';

export const FLUSH_INTERVAL_MS = 20_000;

/** Sends, then catches up: the server's answer to our own changes comes back in the pull too. */
export const syncNow = () => flushChanges().then(() => pullChanges());

/**
 * The copy belongs to one account: another staff member signing in on this tablet starts from
 * an empty copy (the last one's queue was wiped at sign-out, or is theirs to keep off this one).
 */
export async function claimCopy(userId: string): Promise<void> {
  const owner = await readMeta<string>('owner');
  if (owner !== undefined && owner !== userId) await wipeStaffCopy();
  await writeMeta('owner', userId);
}

/** True when this tablet holds a copy filled for `userId` (the offline start trusts it). */
export async function hasCopyFor(userId: string): Promise<boolean> {
  try {
    return (await readMeta<string>('owner')) === userId && (await readMeta<string>('cursor')) !== undefined;
  } catch {
    return false;
  }
}

async function markOffline(): Promise<void> {
  if ((await readMeta<number>('offlineSince')) === undefined) await writeMeta('offlineSince', Date.now());
}

/** Realtime events wait this long for the rest of their burst, then land in one transaction. */
export const REALTIME_BATCH_MS = 50;

/**
 * Collects realtime events and writes them a burst at a time: another tablet's 200 changes echo
 * here as 200 events, and one transaction per event redrew every list 200 times (bench: the
 * tablet's own replay waited ~2 s behind its echo).
 */
function realtimeWriter(started: Promise<unknown>, epoch: () => number) {
  let buffer: RecordEvent[] = [];
  let timer: number | undefined;
  const write = () => {
    timer = undefined;
    const events = buffer;
    buffer = [];
    inBackground(() => started.then(() => applyRecords(events, syncWindow(), epoch())));
  };
  return {
    add(event: RecordEvent) {
      buffer.push(event);
      timer ??= window.setTimeout(write, REALTIME_BATCH_MS);
    },
    stop() {
      if (timer !== undefined) window.clearTimeout(timer);
      if (buffer.length) write();
    },
  };
}

/**
 * Work on the copy that no caller awaits (an event listener, a timer): a failure is logged, never
 * thrown into the page. A wipe (sign-out) closes the database under any work on its way, which then
 * fails as it should, and says nothing.
 */
function inBackground(work: () => unknown): void {
  const epoch = currentEpoch();
  Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      if (epoch === currentEpoch()) console.warn('[staff sync] background work failed', error);
    });
}

export function startSync(userId: string): () => void {
  wipeOnSignOut();
  let stopped = false;
  // The copy this run fills: after a wipe (sign-out, or the server ending the session) nothing it
  // has on its way is written, not even realtime events that arrive before the dashboard closes.
  let epoch = -1;
  const started = claimCopy(userId)
    .catch((error: unknown) => console.warn('[staff sync] could not open the local copy', error))
    .then(() => {
      epoch = currentEpoch();
    });
  const whenStarted = (work: () => unknown) => () => inBackground(() => started.then(() => (stopped ? undefined : work())));
  const realtime = realtimeWriter(started, () => epoch);

  const unsubscribe = SYNCED.map((collection) =>
    subscribeLive<Row>(
      collection,
      (action, record) => realtime.add({ collection, id: record.id, record: action === 'delete' ? null : record }),
      whenStarted(pullChanges),
    ),
  );
  // Fill or catch up at once, without waiting for realtime to connect: the pull each
  // subscription's confirmation runs next is a delta from a cursor that trails the server's clock,
  // so nothing written in between is missed.
  whenStarted(() => isOnline() && pullChanges())();
  const onOnline = whenStarted(() => staffDb().meta.delete('offlineSince').then(syncNow));
  const onOffline = whenStarted(markOffline);
  const onVisible = whenStarted(() => document.visibilityState === 'visible' && syncNow());
  const tick = whenStarted(flushChanges);
  whenStarted(() => (isOnline() ? staffDb().meta.delete('offlineSince').then(flushChanges) : markOffline()))();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(tick, FLUSH_INTERVAL_MS);
  return () => {
    stopped = true;
    for (const off of unsubscribe) off();
    realtime.stop();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}

/** startSync while the signed-in dashboard is mounted. */
export function useStaffSync(userId: string | null): void {
  useEffect(() => (userId ? startSync(userId) : undefined), [userId]);
}
