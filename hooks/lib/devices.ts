/**
 * Staff devices (issue 32 item 2; collection staff_devices, pb_migrations/1763701400_staff_devices.js).
 *
 * server/staffsession.go binds every staff session to the tablet it was signed in on (the token's
 * `sid` claim) and, for each staff request it lets through, leaves the session's row id and the
 * device's name on the request. This file reads them, and names and ends devices
 * (routes in hooks/register/staff_accounts.pb.ts, owner checks in staff-accounts.ts).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { actorOf, recordActivity, type ActivityEntry } from './activity';

/** Keys server/staffsession.go sets: on the request (e.set) and on a realtime client. */
const SESSION_ROW_KEY = 'staffSessionRow';
const DEVICE_NAME_KEY = 'staffDeviceName';

function fromRequest(e: core.RequestEvent, key: string): string {
  try {
    return Req.str(e.get(key));
  } catch (_) {
    return '';
  }
}

/** The name of the tablet the request comes from ("Door tablet"), '' when unknown or not a staff session. */
export function deviceNameOf(e: core.RequestEvent): string {
  return fromRequest(e, DEVICE_NAME_KEY);
}

/** The staff_devices row of the request's session, '' for none (a superuser, an impersonation token). */
export function sessionRowOf(e: core.RequestEvent): string {
  return fromRequest(e, SESSION_ROW_KEY);
}

export interface DeviceView {
  id: string;
  name: string;
  lastSeen: string;
  signedIn: string;
  current: boolean;
}

/** The devices signed in now, by account id (the session row ids, never the tablets' own ids). */
export function openDevicesByUser(app: core.App, currentRow: string): Record<string, DeviceView[]> {
  const rows = Rows.rowsOf({ id: '', user: '', name: '', last_seen: '', signed_in: '' });
  app
    .db()
    .newQuery("SELECT id, user, name, last_seen, signed_in FROM staff_devices WHERE ended_at = '' AND session != '' ORDER BY last_seen DESC")
    .all(rows);
  const byUser: Record<string, DeviceView[]> = {};
  rows.forEach((r) => {
    (byUser[r.user] = byUser[r.user] || []).push({ id: r.id, name: r.name, lastSeen: r.last_seen, signedIn: r.signed_in, current: r.id === currentRow });
  });
  return byUser;
}

/** When each account last completed a sign-in ('' if not since devices were recorded). */
export function lastSignInByUser(app: core.App): Record<string, string> {
  const rows = Rows.rowsOf({ user: '', at: '' });
  app.db().newQuery("SELECT user, max(signed_in) AS at FROM staff_devices WHERE signed_in != '' GROUP BY user").all(rows);
  const out: Record<string, string> = {};
  rows.forEach((r) => {
    out[r.user] = r.at;
  });
  return out;
}

/** Ends every open session of the account (its role changed: its tokens are dead already). */
export function endAllDevices(tx: core.App, userId: string): void {
  tx.db()
    .newQuery("UPDATE staff_devices SET session = '', ended_at = {:now} WHERE user = {:user} AND ended_at = ''")
    .bind({ now: new DateTime().string(), user: userId })
    .execute();
}

/**
 * Takes the auth off the realtime connections subscribed with that session: they stop receiving
 * staff records at once (as an anonymous one); the tablet learns it was signed out at its next
 * request (401, SESSION_ENDED_CODE) and wipes its copy.
 */
export function dropRealtime(app: core.App, rowId: string): void {
  const clients = app.subscriptionsBroker().clients();
  Object.keys(clients).forEach((id) => {
    const client = clients[id];
    if (client && Req.str(client.get(SESSION_ROW_KEY)) === rowId) client.unset('auth');
  });
}

/**
 * Ends the session of staff_devices row `rowId` (the row no longer holds it, so its token is
 * refused from now on), logs `entry` against the row in the same transaction, and takes the auth
 * off that session's realtime connections. An owner ending a tablet and a tablet signing itself
 * out are this one write; only their checks and their words differ.
 */
function endSession(e: core.RequestEvent, rowId: string, entry: Pick<ActivityEntry, 'kind' | 'summary' | 'before'>): void {
  Tx.inWriteTransaction((tx) => {
    tx.db().newQuery("UPDATE staff_devices SET session = '', ended_at = {:now} WHERE id = {:id}").bind({ now: new DateTime().string(), id: rowId }).execute();
    recordActivity(tx, { ...actorOf(e), device: deviceNameOf(e), targetCollection: 'staff_devices', targetId: rowId, ...entry });
  });
  dropRealtime(e.app, rowId);
}

/** Ends one device's session of the account (an owner, from the Staff view). */
export function endDevice(e: core.RequestEvent, userRecord: core.Record, rowId: string): void {
  const row = Rows.findRecord(e.app, 'staff_devices', rowId);
  if (!row || row.getString('user') !== userRecord.id || row.getString('session') === '') return Http.fail(e, 404, S.STAFF_ACCOUNT_MESSAGES.noDevice);
  const name = row.getString('name');
  endSession(e, rowId, {
    kind: 'device.end',
    summary: `Signed out ${name ? `"${name}"` : 'a device'} of ${userRecord.email()}`,
    before: { name, user: userRecord.id },
  });
  return e.json(200, { message: S.STAFF_ACCOUNT_MESSAGES.deviceEnded(name) });
}

/**
 * POST /api/staff/accounts/this-device/sign-out: the staff member signs out on this tablet. Its
 * session row is ended, so the Staff view no longer lists the tablet as signed in and the token it
 * held is refused from now on (401, SESSION_ENDED_CODE); the next sign-in here opens a new session.
 */
export function signOutThisDevice(e: core.RequestEvent): void {
  const rowId = sessionRowOf(e);
  if (!rowId) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.noDeviceSession);
  const name = deviceNameOf(e);
  endSession(e, rowId, { kind: S.SIGN_OUT_KIND, summary: name ? `Signed out on "${name}"` : 'Signed out' });
  return e.json(200, { message: S.STAFF_ACCOUNT_MESSAGES.signedOut });
}

/**
 * PUT /api/staff/accounts/this-device { name }: the signed-in staff member names the tablet they
 * are on; every account's row for that tablet takes the name (it is the tablet's, asked once).
 */
export function nameThisDevice(e: core.RequestEvent): void {
  const rowId = sessionRowOf(e);
  if (!rowId) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.noDeviceSession);
  if (!Req.isJsonObject(e)) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.nameType);
  const checked = S.checkDeviceName(Req.rawBody(e).name);
  if ('error' in checked) return Http.rejectFields(e, { name: checked.error });
  const row = e.app.findRecordById('staff_devices', rowId);
  const before = row.getString('name');
  if (before !== checked.name) {
    Tx.inWriteTransaction((tx) => {
      tx.db().newQuery('UPDATE staff_devices SET name = {:name} WHERE device = {:device}').bind({ name: checked.name, device: row.getString('device') }).execute();
      recordActivity(tx, {
        ...actorOf(e),
        device: checked.name,
        kind: 'device.name',
        targetCollection: 'staff_devices',
        targetId: rowId,
        summary: before ? `Renamed "${before}" to "${checked.name}"` : `Named this device "${checked.name}"`,
        before: { name: before },
        after: { name: checked.name },
      });
    });
  }
  return e.json(200, { id: rowId, name: checked.name });
}
