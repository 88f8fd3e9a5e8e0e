/**
 * What became of a change just queued, for the toast that follows it: the server took it
 * (it left the queue), refused it (it waits under Not applied, with the server's words for
 * staff), or it is stored here and will be sent (offline, or no answer yet).
 */
import { liveQuery } from 'dexie';
import { isOnline } from '../../outbox';
import { staffDb } from '../sync/db';
import type { StoredChange } from '../sync';

export type ChangeOutcome = { kind: 'applied' } | { kind: 'refused'; message: string } | { kind: 'queued' };

/** How long an online tablet waits for the server's answer before saying "will be sent". */
export const ANSWER_WAIT_MS = 8000;

export function changeOutcome(change: Pick<StoredChange, 'seq'>, waitMs = ANSWER_WAIT_MS): Promise<ChangeOutcome> {
  if (!isOnline() || change.seq === undefined) return Promise.resolve({ kind: 'queued' });
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: ChangeOutcome) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
      // Unsubscribing inside the first callback: the subscription may not be assigned yet.
      queueMicrotask(() => subscription.unsubscribe());
      resolve(outcome);
    };
    const offline = () => finish({ kind: 'queued' });
    const timer = window.setTimeout(offline, waitMs);
    window.addEventListener('offline', offline);
    const subscription = liveQuery(() => staffDb().changes.get(change.seq!)).subscribe({
      next: (stored) => {
        if (!stored) finish({ kind: 'applied' });
        else if (stored.state === 'not_applied') finish({ kind: 'refused', message: stored.message ?? '' });
      },
      error: () => finish({ kind: 'queued' }),
    });
  });
}
