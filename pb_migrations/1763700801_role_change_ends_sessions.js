/// <reference path="../pb_data/types.d.ts" />
/**
 * Granting or revoking the admin role ends the account's sessions (issue 24 item 2).
 *
 * Admin access is the ADMIN rule (a user_roles row), read on every request, and two-factor
 * sign-in applies to an account only while it holds that row (pb_migrations/1763700500_staff_mfa.js).
 * So a session signed in with the password alone before the grant was made an admin session by
 * the grant, and auth-refresh kept renewing it: the second factor was never asked. These triggers
 * renew the account's token key on every write of its user_roles rows, as sign-out everywhere
 * does, so every token issued before the change stops working on every device; the next sign-in
 * asks for the code. Triggers, not record hooks, so that every write counts, in its own
 * transaction: `npm run admin:grant`, the dashboard, the API, a straight SQL write. (The key is
 * 50 hex characters, within PocketBase's tokenKey field: [a-zA-Z0-9], 30 to 60 long.)
 */
const NEW_KEY = 'lower(hex(randomblob(25)))';
const renew = (ref) => `UPDATE users SET tokenKey = ${NEW_KEY} WHERE id = ${ref};`;

const TRIGGERS = {
  user_roles_grant_ends_sessions: `AFTER INSERT ON user_roles BEGIN ${renew('new.user_id')} END`,
  user_roles_change_ends_sessions: `AFTER UPDATE ON user_roles BEGIN ${renew('old.user_id')} ${renew('new.user_id')} END`,
  user_roles_revoke_ends_sessions: `AFTER DELETE ON user_roles BEGIN ${renew('old.user_id')} END`,
};

migrate(
  (app) => {
    Object.keys(TRIGGERS).forEach((name) => {
      app.db().newQuery(`CREATE TRIGGER IF NOT EXISTS ${name} ${TRIGGERS[name]}`).execute();
    });
  },
  (app) => {
    Object.keys(TRIGGERS).forEach((name) => {
      app.db().newQuery(`DROP TRIGGER IF EXISTS ${name}`).execute();
    });
  },
);
