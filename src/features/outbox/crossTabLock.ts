/**
 * One flush at a time across this site's tabs (a Web Lock). A tab that finds the lock taken skips
 * its pass, since the other tab sends the shared entries, but looks again a second later: that
 * tab may be a page being reloaded (an update), whose lock outlives its last pass by a moment, or
 * its pass may have read the queue before this tab's entry was stored.
 */
import type { FlushOptions, FlushResult } from './outbox';

const LOCK_NAME = 'tiny-cupboard-outbox-flush';

/** How soon a pass skipped for another tab's lock looks again. */
export const LOCK_RETRY_MS = 1_000;

/** Runs `work` holding the lock, or calls `busy` and returns an empty result if another tab holds it. */
export async function withCrossTabLock(work: () => Promise<FlushResult>, busy: () => void): Promise<FlushResult> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  let result: FlushResult = { delivered: 0, rejected: 0, failed: 0 };
  await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (lock) result = await work();
    else busy();
  });
  return result;
}

let retry: ReturnType<typeof setTimeout> | undefined;
let retryForced = false;

/** Flushes again in LOCK_RETRY_MS, forced if any skipped pass was (app start, back online, "Send now"). */
export function lookAgainSoon(force: boolean, flush: (options: FlushOptions) => Promise<FlushResult>): void {
  retryForced ||= force;
  if (retry !== undefined) return;
  retry = setTimeout(() => {
    const forced = retryForced;
    retry = undefined;
    retryForced = false;
    void flush({ force: forced }).catch((e) => console.warn('[outbox] flush failed', e));
  }, LOCK_RETRY_MS);
}

/** Tests: forget a pending look. */
export function resetLockRetryForTests(): void {
  clearTimeout(retry);
  retry = undefined;
  retryForced = false;
}
