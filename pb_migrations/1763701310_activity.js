/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 32 item 4: who did what. One row per staff write (hooks/lib/activity.ts writes them, in
 * the write's own transaction): who, on which device, when it was made (on the tablet, maybe
 * offline) and when the server applied it (`created`), and the record before and after.
 *
 * Append-only for everyone but superusers: no create, update or delete rule, so only the hooks
 * (and the retention job, which erases guests' personal data in it) write. Owners read it all;
 * an admin reads a reservation's own history (the row's "History" at the door).
 * `actor_name` keeps the name of an account that was removed since.
 */
// Each role through its own alias: under one alias both conditions would need the same row.
const role = (name) =>
  `(@request.auth.collectionName = "users" && @collection.user_roles:${name}_row.user_id ?= @request.auth.id && @collection.user_roles:${name}_row.role ?= "${name}")`;
const READ = `${role('admin')} && (target_collection = "reservations" || ${role('owner')})`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'activity',
        listRule: READ,
        viewRule: READ,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'actor', type: 'relation', collectionId: users.id, maxSelect: 1, required: false, cascadeDelete: false },
          { name: 'actor_name', type: 'text', max: 200 },
          { name: 'device', type: 'text', max: 100 },
          { name: 'kind', type: 'text', max: 60, required: true },
          { name: 'target_collection', type: 'text', max: 60 },
          { name: 'target_id', type: 'text', max: 30 },
          { name: 'summary', type: 'text', max: 500 },
          { name: 'before', type: 'json', maxSize: 20000 },
          { name: 'after', type: 'json', maxSize: 20000 },
          { name: 'made_at', type: 'text', max: 30 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE INDEX idx_activity_target ON activity (target_collection, target_id, created)',
          'CREATE INDEX idx_activity_created ON activity (created)',
          'CREATE INDEX idx_activity_actor ON activity (actor, created)',
          'CREATE INDEX idx_activity_kind ON activity (kind, created)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('activity'));
  },
);
