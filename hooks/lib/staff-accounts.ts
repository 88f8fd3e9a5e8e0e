/**
 * The Staff view's routes (issue 32 item 1; hooks/register/staff_accounts.pb.ts). Owners manage
 * every account; any other admin sees only their own. Every write records an activity row in its
 * own transaction. A change of role ends the account's sessions twice over: the user_roles
 * triggers renew its token key (pb_migrations/1763700801_role_change_ends_sessions.js), and its
 * devices' sessions are closed here so the view lists no dead sessions.
 */
import * as S from '../rules';
import * as Http from './http';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { isAdmin, isOwner } from './access';
import { actorOf, recordActivity } from './activity';
import { deviceNameOf, endAllDevices, endDevice, lastSignInByUser, nameThisDevice, openDevicesByUser, sessionRowOf, signOutThisDevice } from './devices';

type Role = S.StaffRoleName;

/** 401 for no session, 403 for no admin (or, when `owner`, no owner); true when the caller may go on. */
function allowed(e: core.RequestEvent, owner: boolean): boolean {
  e.response.header().set('Cache-Control', 'no-store');
  if (!e.auth) {
    Http.fail(e, 401, S.STAFF_ACCOUNT_MESSAGES.signInFirst);
    return false;
  }
  if (!isAdmin(e)) {
    Http.fail(e, 403, S.STAFF_ACCOUNT_MESSAGES.staffOnly);
    return false;
  }
  if (owner && !isOwner(e)) {
    Http.fail(e, 403, S.STAFF_ACCOUNT_MESSAGES.ownersOnly);
    return false;
  }
  return true;
}

function rolesOf(app: core.App, userId: string): Role[] {
  const rows = Rows.rowsOf({ role: '' });
  app.db().newQuery('SELECT role FROM user_roles WHERE user_id = {:id}').bind({ id: userId }).all(rows);
  return S.STAFF_ROLES.filter((r) => rows.some((row) => row.role === r));
}

/** Accounts holding both rows: the owners. */
function ownerCount(app: core.App): number {
  const row = Rows.rowOf({ n: 0 });
  app
    .db()
    .newQuery("SELECT count(*) AS n FROM user_roles o JOIN user_roles a ON a.user_id = o.user_id AND a.role = 'admin' WHERE o.role = 'owner'")
    .one(row);
  return row.n;
}

/** The account a route names, or null after answering 404. */
function targetOf(e: core.RequestEvent): core.Record | null {
  const target = Rows.findRecord(e.app, 'users', Http.pathValue(e, 'id'));
  if (!target) Http.fail(e, 404, S.STAFF_ACCOUNT_MESSAGES.noAccount);
  return target;
}

/**
 * GET /api/staff/accounts → { owner, me, thisDevice, accounts: [{ id, email, name, roles, role,
 * lastSignIn, devices: [{ id, name, lastSeen, signedIn, current }] }] }: every account for an
 * owner, the caller's own for any other admin.
 */
export function listAccounts(e: core.RequestEvent): void {
  if (!allowed(e, false)) return;
  const owner = isOwner(e);
  const me = e.auth ? e.auth.id : '';
  const users = Rows.rowsOf({ id: '', email: '', name: '' });
  const query = owner ? 'SELECT id, email, name FROM users ORDER BY email' : 'SELECT id, email, name FROM users WHERE id = {:me}';
  e.app.db().newQuery(query).bind({ me }).all(users);
  const currentRow = sessionRowOf(e);
  const devices = openDevicesByUser(e.app, currentRow);
  const lastSignIn = lastSignInByUser(e.app);
  const roles = Rows.rowsOf({ user_id: '', role: '' });
  e.app.db().newQuery('SELECT user_id, role FROM user_roles').all(roles);
  const accounts = users.map((u) => {
    const held = S.STAFF_ROLES.filter((r) => roles.some((row) => row.user_id === u.id && row.role === r));
    return { id: u.id, email: u.email, name: u.name, roles: held, role: S.topRole(held), lastSignIn: lastSignIn[u.id] || '', devices: devices[u.id] || [] };
  });
  const thisDevice = currentRow ? { id: currentRow, name: deviceNameOf(e) } : null;
  return e.json(200, { owner, me, thisDevice, accounts });
}

/**
 * POST /api/staff/accounts/{id}/roles { role: "admin"|"owner", grant: boolean } (owners): owner
 * implies admin both ways (S.rolesAfter). The last owner keeps the role, whoever asks.
 */
export function changeRole(e: core.RequestEvent): void {
  if (!allowed(e, true)) return;
  const body = Req.isJsonObject(e) ? Req.rawBody(e) : {};
  const errors: Http.FieldErrors = {};
  if (body.role !== 'admin' && body.role !== 'owner') errors.role = S.STAFF_ACCOUNT_MESSAGES.roleType;
  if (typeof body.grant !== 'boolean') errors.grant = S.STAFF_ACCOUNT_MESSAGES.grantType;
  if (Object.keys(errors).length > 0) return Http.rejectFields(e, errors);
  const target = targetOf(e);
  if (!target) return;
  const role = body.role as Role;
  const grant = body.grant as boolean;
  let refused = '';
  let changed = false;
  Tx.inWriteTransaction((tx) => {
    const before = rolesOf(tx, target.id);
    const after = S.rolesAfter(before, role, grant);
    if (S.topRole(before) === 'owner' && S.topRole(after) !== 'owner' && ownerCount(tx) <= 1) {
      refused = S.STAFF_ACCOUNT_MESSAGES.lastOwner;
      return;
    }
    changed = before.join() !== after.join();
    if (!changed) return;
    writeRoles(tx, target.id, before, after);
    endAllDevices(tx, target.id);
    recordActivity(tx, {
      ...actorOf(e),
      device: deviceNameOf(e),
      kind: grant ? 'role.grant' : 'role.revoke',
      targetCollection: 'users',
      targetId: target.id,
      summary: grant ? `Granted ${S.ROLE_LABELS[role]} to ${target.email()}` : `Took ${S.ROLE_LABELS[role]} from ${target.email()}`,
      before: { roles: before },
      after: { roles: after },
    });
  });
  if (refused) return Http.fail(e, 409, refused, 'last_owner');
  const message = grant ? S.STAFF_ACCOUNT_MESSAGES.granted(role, target.email()) : S.STAFF_ACCOUNT_MESSAGES.revoked(role, target.email());
  return e.json(200, { id: target.id, roles: rolesOf(e.app, target.id), changed, message: changed ? message : '' });
}

/** Adds and deletes user_roles rows (each write fires the triggers that end the account's sessions). */
function writeRoles(tx: core.App, userId: string, before: Role[], after: Role[]): void {
  const collection = tx.findCachedCollectionByNameOrId('user_roles');
  after
    .filter((r) => before.indexOf(r) < 0)
    .forEach((r) => {
      const row = new Record(collection);
      row.load({ user_id: userId, role: r });
      tx.save(row);
    });
  before
    .filter((r) => after.indexOf(r) < 0)
    .forEach((r) => tx.delete(tx.findFirstRecordByFilter('user_roles', 'user_id = {:id} && role = {:role}', { id: userId, role: r })));
}

/**
 * DELETE /api/staff/accounts/{id} (owners): removes the account, its roles and devices (cascade).
 * Its activity rows stay: `actor` is emptied by PocketBase (a relation that does not cascade),
 * `actor_name` keeps who it was. The last owner cannot be removed.
 */
export function removeAccount(e: core.RequestEvent): void {
  if (!allowed(e, true)) return;
  const target = targetOf(e);
  if (!target) return;
  let refused = '';
  Tx.inWriteTransaction((tx) => {
    const roles = rolesOf(tx, target.id);
    if (S.topRole(roles) === 'owner' && ownerCount(tx) <= 1) {
      refused = S.STAFF_ACCOUNT_MESSAGES.lastOwner;
      return;
    }
    recordActivity(tx, {
      ...actorOf(e),
      device: deviceNameOf(e),
      kind: 'account.remove',
      targetCollection: 'users',
      targetId: target.id,
      summary: `Removed ${target.email()}`,
      before: { email: target.email(), roles },
    });
    tx.delete(tx.findRecordById('users', target.id));
  });
  if (refused) return Http.fail(e, 409, refused, 'last_owner');
  return e.json(200, { id: target.id, message: S.STAFF_ACCOUNT_MESSAGES.removed(target.email()) });
}

/** POST /api/staff/accounts/{id}/devices/{device}/end (owners): ends that device's session ({device}: the row id the list gave). */
export function endAccountDevice(e: core.RequestEvent): void {
  if (!allowed(e, true)) return;
  const target = targetOf(e);
  if (!target) return;
  return endDevice(e, target, Http.pathValue(e, 'device'));
}

/** PUT /api/staff/accounts/this-device { name } (any admin): names the tablet the caller is on. */
export function nameDevice(e: core.RequestEvent): void {
  if (!allowed(e, false)) return;
  return nameThisDevice(e);
}

/** POST /api/staff/accounts/this-device/sign-out (any admin): signs the caller out on this tablet. */
export function signOutDevice(e: core.RequestEvent): void {
  if (!allowed(e, false)) return;
  return signOutThisDevice(e);
}
