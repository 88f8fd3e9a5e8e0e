/**
 * Tries again on its own after a call that got no answer: 1 s, then 2, 4, then every 5 s, until a
 * call is answered (`cancel`). The browser's 'online' event is not enough at the venue: a tablet
 * whose wifi is up but whose way out is down (and a page reloaded offline) keeps navigator.onLine
 * true throughout, so no event comes when the network does. The staff change queue
 * (features/admin/sync/queue.ts) and the sign-out told late (features/admin/device.ts) use it.
 */
export const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 5_000;

export interface RetrySoon {
  /** Runs `run` after the next delay (each call doubles it, up to 5 s). */
  later(): void;
  /** A call was answered (or there is nothing to send): no retry is due, the next starts at 1 s. */
  cancel(): void;
}

/**
 * `stamp`: a retry runs only if it still reads the same as when it was asked for (the staff
 * queue's wipe epoch: a sign-out meanwhile ends the retries of the queue it deleted).
 */
export function retrySoon(run: () => void, stamp: () => unknown = () => 0): RetrySoon {
  let delay = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    delay = 0;
    clearTimeout(timer);
    timer = undefined;
  };
  const later = () => {
    delay = Math.min(delay ? delay * 2 : RETRY_FIRST_MS, RETRY_MAX_MS);
    clearTimeout(timer);
    const asked = stamp();
    timer = setTimeout(() => {
      timer = undefined;
      if (stamp() === asked) run();
    }, delay);
  };
  return { later, cancel };
}
