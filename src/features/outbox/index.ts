/**
 * The offline outbox: the one way the site's public forms send submissions (DESIGN.md §4).
 *
 * This entry is light on purpose: nothing here loads Dexie or the PocketBase SDK until a
 * submission is made, a page follows one, or the device already holds entries (loader.ts). The
 * live views of the stored entries (Dexie hooks) are the separate entry `features/outbox/live`.
 */
import { loadOutbox } from './loader';
import type { FlushOptions, FlushResult, OutboxEvent, SubmitOptions, SubmitOutcome } from './outbox';

export async function submitThroughOutbox(collection: string, body: Record<string, unknown>, options: SubmitOptions): Promise<SubmitOutcome> {
  return (await loadOutbox()).submitThroughOutbox(collection, body, options);
}

export async function flushOutbox(options?: FlushOptions): Promise<FlushResult> {
  return (await loadOutbox()).flushOutbox(options);
}

export async function dismissRejected(id: string): Promise<void> {
  return (await loadOutbox()).dismissRejected(id);
}

/** Subscribe to deliveries, rejections and queueing; the unsubscribe works even before the outbox loads. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  void loadOutbox().then((outbox) => {
    if (!cancelled) off = outbox.onOutboxEvent(listener);
  });
  return () => {
    cancelled = true;
    off?.();
  };
}

/** Loads the outbox's code without starting it: a form warms it up so it can queue offline later. */
export const preloadOutbox = () => Promise.all([import('./outbox'), import('./PendingSubmissionsIndicator')]);

export { isOnline, newOutboxId } from './ids';
export { useOnlineStatus } from './online';
export { useSendNow } from './useSendNow';
export { loadOutbox, loadOutboxIfStored } from './loader';
export { OutboxStatus, startOutboxLazily } from './runtime';
export { setOutboxTransport, type Transport, type TransportResult } from './transport';
export type { SubmitOutcome, SubmitOptions, FlushResult, OutboxEvent } from './outbox';
export type { OutboxEntry } from './db';
