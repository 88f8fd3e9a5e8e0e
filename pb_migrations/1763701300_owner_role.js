/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 32: the `owner` role beside the spec's `admin`. An owner is an admin who also manages
 * staff and sees the activity log and the system's health, so an owner always holds both rows
 * (user_roles: one row per role); every ADMIN rule keeps reading the admin row alone. The
 * triggers of 1763700801 end the account's sessions on any write of its rows, owner rows too.
 */
migrate(
  (app) => {
    const roles = app.findCollectionByNameOrId('user_roles');
    roles.fields.getByName('role').values = ['admin', 'owner'];
    app.save(roles);
  },
  (app) => {
    app.db().newQuery("DELETE FROM user_roles WHERE role = 'owner'").execute();
    const roles = app.findCollectionByNameOrId('user_roles');
    roles.fields.getByName('role').values = ['admin'];
    app.save(roles);
  },
);
