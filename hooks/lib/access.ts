/**
 * Who may use the staff routes. The collections' ADMIN rule (pb_migrations/1763700000_collections.js):
 * a signed-in `users` record with a user_roles row of role admin; superusers pass as they do every rule.
 */
export function isAdmin(e: core.RequestEvent): boolean {
  if (e.hasSuperuserAuth()) return true;
  const auth = e.auth;
  if (!auth || auth.collection().name !== 'users') return false;
  try {
    e.app.findFirstRecordByFilter('user_roles', 'user_id = {:id} && role = "admin"', { id: auth.id });
    return true;
  } catch (_) {
    return false;
  }
}
