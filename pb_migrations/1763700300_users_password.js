/// <reference path="../pb_data/types.d.ts" />
/**
 * Staff accounts: SPEC §5 asks for passwords of at least 6 characters (LIMITS.password), and the
 * sign-up form checks exactly that. PocketBase's users collection defaults to 8, which would
 * refuse a password the form had accepted.
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('password').min = 6;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('password').min = 8;
    app.save(users);
  },
);
