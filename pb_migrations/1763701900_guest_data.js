/// <reference path="../pb_data/types.d.ts" />
/**
 * Guests' personal data (issue 32 item 7, hooks/lib/guest-data.ts and retention.ts):
 *   erased_at  on every collection that holds a guest's name, email or words: when that record's
 *              personal data was erased (PocketBase datetime text, UTC), '' while it is kept.
 *              Indexed with the record's night (or `created`, for records without one), so the
 *              nightly retention run finds what is due with one index range, and costs next to
 *              nothing when nothing is.
 *   staff_changes (record_id)  a forget finds the stored results of the guest's records.
 * Only the server writes erased_at (records.pb.ts keeps it on a staff edit).
 */
const NIGHTLY = { reservations: 'event_date', waitlist: 'event_date' };
const DATED = { private_event_inquiries: 'created', influencer_applications: 'created', pass_confirmations: 'created' };
const ALL = Object.assign({}, NIGHTLY, DATED);

migrate(
  (app) => {
    Object.keys(ALL).forEach((name) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new TextField({ name: 'erased_at', max: 30 }));
      collection.indexes = [...collection.indexes, `CREATE INDEX idx_${name}_erased ON ${name} (erased_at, ${ALL[name]})`];
      app.save(collection);
      app.db().newQuery(`UPDATE ${name} SET erased_at = '' WHERE erased_at IS NULL`).execute();
    });
    const changes = app.findCollectionByNameOrId('staff_changes');
    changes.indexes = [...changes.indexes, 'CREATE INDEX idx_staff_changes_record ON staff_changes (record_id)'];
    app.save(changes);
  },
  (app) => {
    Object.keys(ALL).forEach((name) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('erased_at');
      collection.indexes = collection.indexes.filter((sql) => !sql.includes(`idx_${name}_erased`));
      app.save(collection);
    });
    const changes = app.findCollectionByNameOrId('staff_changes');
    changes.indexes = changes.indexes.filter((sql) => !sql.includes('idx_staff_changes_record'));
    app.save(changes);
  },
);
