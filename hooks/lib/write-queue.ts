/** The write queue: every write transaction of the hooks, first come first served. */

/**
 * Runs fn(tx) in a write transaction once the writes that asked before it are done, first come
 * first served, and returns its result once that transaction has committed
 * ($inWriteTransaction, server/writeturn.go): SQLite's one write connection otherwise goes to a
 * random waiter, and a burst leaves some guests waiting for all the others. Writes queued
 * together commit together, so fn may share its transaction with other requests' writes: it
 * writes only through tx, and an exception it throws after writing rolls back the others too
 * (they answer as for a failed write). Call it outside any transaction, never from inside fn,
 * except through `within`: a request event's app that may already be one.
 * Without the binding (a server built without it) fn runs in a transaction of its own.
 */
export function inWriteTransaction<T>(fn: (tx: core.App) => T, within?: CoreApp): T {
  // Already inside a write transaction (a staff request the activity log wraps,
  // lib/activity-log.ts): run in it, as queueing again would wait for our own connection.
  if (within && within.isTransactional()) return fn(within as core.App);
  if (typeof $inWriteTransaction === 'function') return $inWriteTransaction(fn);
  let result: T | undefined;
  $app.runInTransaction((tx) => {
    result = fn(tx);
  });
  return result as T;
}
