/// <reference path="../pb_data/types.d.ts" />
/**
 * Staff offline sync (issue 25, pb_hooks/staff_sync.pb.js):
 *   staff_changes    one row per change id the tablets sent (id = the change's id), written in the
 *                    transaction of the change's effect: a replayed id finds it and answers the
 *                    stored `result`, so every change is applied at most once. No API access.
 *   sync_tombstones  one row per deleted reservation, waitlist entry, capacity row, event, task or
 *                    priority (written in the delete's transaction, pb_hooks/lib/sync-records.js),
 *                    so a delta pull learns about deletions. No API access.
 * Both are kept 30 days (the daily cron). The delta pull reads records by `updated`: indexed on
 * the two collections with a long history.
 */
migrate(
  (app) => {
    const text = (name, max) => ({ name, type: 'text', max });
    const created = { name: 'created', type: 'autodate', onCreate: true, onUpdate: false };
    app.save(
      new Collection({
        type: 'base',
        name: 'staff_changes',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          text('change_collection', 50),
          text('record_id', 50),
          text('op', 10),
          text('outcome', 20),
          text('made_at', 40),
          text('user_id', 50),
          { name: 'result', type: 'json', maxSize: 1000000 },
          created,
        ],
        indexes: ['CREATE INDEX idx_staff_changes_created ON staff_changes (created)'],
      }),
    );
    app.save(
      new Collection({
        type: 'base',
        name: 'sync_tombstones',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [text('record_collection', 50), text('record_id', 50), created],
        indexes: ['CREATE INDEX idx_sync_tombstones_created ON sync_tombstones (created)'],
      }),
    );
    for (const name of ['reservations', 'waitlist']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = [...collection.indexes, `CREATE INDEX idx_${name}_updated ON ${name} (updated)`];
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ['reservations', 'waitlist']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = collection.indexes.filter((sql) => !sql.includes(`idx_${name}_updated`));
      app.save(collection);
    }
    for (const name of ['sync_tombstones', 'staff_changes']) app.delete(app.findCollectionByNameOrId(name));
  },
);
