/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 32 item 5, nothing fails silently:
 * - kind `alert`: a post to ALERT_WEBHOOK_URL, sent by a lane of its own (server/outbox/alerts.go).
 *   The latest alert job is also the state of a guest-mail incident (failing / recovered).
 * - status `dropped`: an owner gave up on a failed job (hooks/lib/system-routes.ts); it is kept
 *   for the record and never sent.
 * - two indexes for the System view's and the banner's counts and latest rows, so they stay
 *   index range scans with 100,000 jobs in the outbox (server/system/queues.go).
 */
const INDEXES = [
  'CREATE INDEX idx_outbox_kind_status_created ON outbox (kind, status, created)',
  'CREATE INDEX idx_outbox_kind_status_updated ON outbox (kind, status, updated)',
];

migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.fields.getByName('kind').values = ['mail', 'conversion', 'alert'];
    outbox.fields.getByName('status').values = ['pending', 'sent', 'skipped', 'failed', 'dropped'];
    outbox.indexes = outbox.indexes.concat(INDEXES);
    app.save(outbox);
  },
  (app) => {
    app.db().newQuery("DELETE FROM outbox WHERE kind = 'alert'").execute();
    app.db().newQuery("UPDATE outbox SET status = 'failed' WHERE status = 'dropped'").execute();
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.fields.getByName('kind').values = ['mail', 'conversion'];
    outbox.fields.getByName('status').values = ['pending', 'sent', 'skipped', 'failed'];
    outbox.indexes = outbox.indexes.filter((s) => !INDEXES.includes(s));
    app.save(outbox);
  },
);
