/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 32 item 2: the devices a staff account is signed in on (server/staffsession.go binds them,
 * hooks/lib/staff-accounts.ts lists, names and ends them). One row per account and tablet:
 *   device     the id the tablet chose (15 chars [a-z0-9], kept in its storage; sent as X-Staff-Device);
 *              a sign-in without one gets an id made by the server
 *   session    the sign-in now open on it: every staff token carries it (claim `sid`), and a token
 *              whose session is not a row's current one is refused. A new sign-in on the tablet
 *              replaces it; ending the device empties it, so a copied token never works again.
 *   name       "Door tablet", asked once per tablet
 *   last_seen  written at most once a minute per device
 *   signed_in  when the session began; ended_at when an owner ended it ('' while open)
 * No API rules: only the hooks read and write it, and `session` never leaves the server. The rows of
 * a removed account go with it (cascade).
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'staff_devices',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'user', type: 'relation', collectionId: users.id, maxSelect: 1, required: true, cascadeDelete: true },
          { name: 'device', type: 'text', required: true, min: 15, max: 15, pattern: '^[a-z0-9]{15}$' },
          { name: 'session', type: 'text', max: 15, hidden: true },
          { name: 'name', type: 'text', max: 40 },
          { name: 'last_seen', type: 'date' },
          { name: 'signed_in', type: 'date' },
          { name: 'ended_at', type: 'date' },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_staff_devices_user_device ON staff_devices (user, device)',
          "CREATE UNIQUE INDEX idx_staff_devices_session ON staff_devices (session) WHERE session != ''",
          'CREATE INDEX idx_staff_devices_device ON staff_devices (device)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('staff_devices'));
  },
);
