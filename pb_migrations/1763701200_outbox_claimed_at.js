/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 26: the outbox's claim is marked (`claimed_at`, the claim's instant; '' when no send is
 * in flight). A claim still leases the job by moving next_attempt_at a lease away (server/outbox),
 * and a lease that ran out makes the job due again. At start-up the server frees the jobs the
 * previous process had claimed (it died mid-send) and only those: a job due later on purpose
 * (an update mail waiting for more changes, a retry's backoff) is left alone, where the old
 * release sent every job due in the future at once.
 *
 * Jobs leased by a server older than this column are marked as claimed: pending and due more
 * than the update mail's longest wait (300 s, hooks/lib/manage.ts) away, which only a claim's
 * 600 s lease makes them.
 */
migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.fields.add(new TextField({ name: 'claimed_at', max: 30 }));
    app.save(outbox);
    const later = new Date(Date.now() + 300 * 1000).toISOString().replace('T', ' ');
    app
      .db()
      .newQuery("UPDATE outbox SET claimed_at = CASE WHEN status = 'pending' AND next_attempt_at > {:later} THEN updated ELSE '' END")
      .bind({ later })
      .execute();
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('outbox');
    outbox.fields.removeByName('claimed_at');
    app.save(outbox);
  },
);
