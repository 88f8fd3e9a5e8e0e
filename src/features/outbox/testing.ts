/**
 * The outbox's test entry (tests only: eslint/boundaries.js allows it from test files, and no
 * guest page imports it).
 */
import { resetOutboxDbForTests } from './db';
import { resetLockRetryForTests } from './crossTabLock';
import { resetWakeForTests } from './schedule';
import { setOutboxTransport } from './transport';

/**
 * No transport, no stored entry and no wake-up or lock retry left, so one case's queue (a failed send waiting
 * for its retry) is never sent into the next case's server.
 */
export async function resetOutboxForTests(): Promise<void> {
  setOutboxTransport(null);
  resetWakeForTests();
  resetLockRetryForTests();
  await resetOutboxDbForTests();
}
