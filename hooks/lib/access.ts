/**
 * Who may use the staff routes. The collections' ADMIN rule (pb_migrations/1763700000_collections.js):
 * a signed-in `users` record with a user_roles row of role admin; superusers pass as they do every rule.
 */
export type StaffRole = 'admin' | 'owner';

/** Whether the `users` account holds the role (a user_roles row). An owner holds both rows. */
export function hasRole(app: core.App, userId: string, role: StaffRole): boolean {
  try {
    app.findFirstRecordByFilter('user_roles', 'user_id = {:id} && role = {:role}', { id: userId, role });
    return true;
  } catch (_) {
    return false;
  }
}

function signedInUser(e: core.RequestEvent): core.Record | null {
  const auth = e.auth;
  return auth && auth.collection().name === 'users' ? auth : null;
}

export function isAdmin(e: core.RequestEvent): boolean {
  if (e.hasSuperuserAuth()) return true;
  const user = signedInUser(e);
  return !!user && hasRole(e.app, user.id, 'admin');
}

/**
 * Who may manage staff and see the activity log and the system's health (issue 32): an admin
 * who also holds the owner row. Superusers pass, as they do every rule.
 */
export function isOwner(e: core.RequestEvent): boolean {
  if (e.hasSuperuserAuth()) return true;
  const user = signedInUser(e);
  return !!user && hasRole(e.app, user.id, 'admin') && hasRole(e.app, user.id, 'owner');
}
