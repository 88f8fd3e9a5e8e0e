/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 33: a lane claims its next due job of one kind (server/outbox/store.go claim). With only
 * (status, next_attempt_at) to go by, SQLite read every due job of every kind and sorted them for
 * each claim: in a burst of 3,000 bookings the claims cost a seventh of the server's CPU, growing
 * with the queue. This partial index holds only the jobs still to send, by kind and due time, so a
 * claim reads the one row it takes. Its WHERE is the claim's own (dueWhere), written without
 * parentheses: PocketBase's index parser cuts a WHERE that ends in one.
 */
const INDEX = "CREATE INDEX idx_outbox_due_kind ON outbox (kind, next_attempt_at) WHERE status = 'pending' OR status = 'failed'";

migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.indexes = outbox.indexes.concat([INDEX]);
    app.save(outbox);
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.indexes = outbox.indexes.filter((s) => s !== INDEX);
    app.save(outbox);
  },
);
