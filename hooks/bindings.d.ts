/**
 * What the hooks see beyond PocketBase's jsvm globals (pocketbase.d.ts): the bindings
 * server/main.go installs in every VM, and goja's require() typed for the one bundle the
 * registration stubs load.
 */

/** Runs fn(tx) in its write turn, in a transaction it may share with the turns queued beside it (server/writeturn.go). */
declare function $inWriteTransaction<T>(fn: (tx: core.App) => T): T;

/**
 * Inserts a record's outbox jobs (lib/jobs.ts JobRow, as JSON) with `app`, the record's
 * transaction: one INSERT, the Go create path's own (server/outbox/enqueue.go).
 */
declare function $outboxEnqueue(app: CoreApp, recordCollection: string, recordId: string, jobRows: string): void;

/**
 * The waitlist's offer pass for the night `date` at `now` (an ISO instant), inside `app`'s
 * transaction (server/offers.go): the entries it expired and offered, as JSON.
 */
declare function $offerFreedSeats(app: CoreApp, date: string, now: string): string;

/**
 * goja's require(), as the registration stubs (hooks/register/*.pb.ts) call it: the bundle
 * pb_hooks/lib/backend.js, built from hooks/backend.ts, so a stub's call is checked against it.
 */
declare function require(id: `${string}/lib/backend.js`): typeof import('./backend');

/** goja's console (PocketBase prints it to the server's output). */
declare const console: {
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
};
