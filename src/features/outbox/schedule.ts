/**
 * When the outbox tries a failed entry again. Its own backoff (5 s, 10 s, 20 s … 5 min) unless the
 * server named a wait: a 503 during a restore or a 429 carries Retry-After (parsed and clamped by
 * src/lib/api/retryAfter.ts), and the entry waits exactly that, plus a little jitter so a room of
 * phones does not come back in the same millisecond. A timer then flushes when the soonest entry
 * is due, so a 5 s Retry-After is retried after 5 s, not at the next 20 s tick.
 */
import { RetryableError } from '../../lib/api/client';

/** Delay before the n-th retry (n >= 1): 5 s, 10 s, 20 s … capped at 5 minutes, ±20 % jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The wait before the next try after `error`: the server's Retry-After (never less, up to 20 % more), else the backoff. */
export function retryDelayMs(attempts: number, error: unknown, random: () => number = Math.random): number {
  const asked = error instanceof RetryableError ? error.retryAfterMs : null;
  if (asked === null) return backoffMs(attempts, random);
  return Math.round(asked * (1 + 0.2 * random()));
}

let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;

/**
 * Calls `flush` at `at` (ms since the epoch), or sooner if an earlier wake-up is already set: one
 * timer for the whole outbox, always at the soonest entry due.
 */
export function wakeAt(at: number, flush: () => void): void {
  if (typeof window === 'undefined' || at >= timerAt) return;
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(() => {
    timerAt = Infinity;
    timer = undefined;
    flush();
  }, Math.max(0, at - Date.now()));
}

/** Tests: forget a pending wake-up. */
export function resetWakeForTests(): void {
  clearTimeout(timer);
  timer = undefined;
  timerAt = Infinity;
}
