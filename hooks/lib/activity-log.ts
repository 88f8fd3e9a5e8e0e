/**
 * Who did what (issue 32 item 4): one `activity` row per staff write that changed something,
 * written with lib/activity.ts recordActivity in the write's own transaction. The write paths:
 *  - the tablet's queued changes (server/staffchanges.go, with the rules bundle's
 *    hooks/create/staff-changes.ts: the change's own made_at, so an offline change keeps when it was made);
 *  - a staff account's direct writes through PocketBase's REST API (the dashboard's events
 *    editor, seats, the inbox; any script): staffRecordWrite wraps the request in a write
 *    transaction and logs what it stored;
 *  - sign-ins (signInLogged) and sign-out everywhere (lib/staff-auth.ts).
 * A refused, conflicting, replayed or no-op write adds no row. Superusers' writes (maintenance,
 * PocketBase's dashboard) and guests' are not staff writes and are not logged.
 */
import * as S from '../rules';
import * as Rows from './rows';
import * as R from './sync-records';
import { recordActivity, actorOf } from './activity';
import { writeEntry, type Who } from './activity-entry';
import { hasRole, isAdmin } from './access';
import { deviceNameOf } from './devices';

const INBOX_SHAPE: Record<string, 's'> = { status: 's', note: 's' };

/** The record's fields the log keeps (the sync's shapes without created/updated), typed. */
export function snapshot(collection: string, r: core.Record | null): S.Snapshot | null {
  if (!r) return null;
  const shape = R.SHAPES[collection] ?? INBOX_SHAPE;
  const out: S.Snapshot = {};
  Object.keys(shape).forEach((field) => {
    if (field === 'created' || field === 'updated') return;
    const type = shape[field];
    out[field] = type === 'i' ? r.getInt(field) : type === 'b' ? r.getBool(field) : r.getString(field);
  });
  return out;
}

/**
 * Writes the row of one write in `tx` (its own transaction), or nothing when no field changed.
 * `before`/`after` are whole records; the row keeps only the fields that changed.
 */
export function logWrite(tx: CoreApp, who: Who, collection: string, id: string, op: S.ActivityOp, before: S.Snapshot | null, after: S.Snapshot | null, madeAt: string): void {
  const entry = writeEntry(who, collection, id, op, before, after, madeAt);
  if (entry) recordActivity(tx, entry);
}

/** Who made the request and on which tablet: the actor and device of its activity rows. */
export function whoOf(e: core.RequestEvent): Who {
  return Object.assign(actorOf(e), { device: deviceNameOf(e) });
}

/** Who a staff request is from, or null for a guest, a non-admin or a superuser. */
export function staffOf(e: core.RequestEvent): Who | null {
  if (!e.auth || e.hasSuperuserAuth() || !isAdmin(e)) return null;
  return whoOf(e);
}

/** SQLite's count of rows changed on this connection: the write transaction's one connection. */
function totalChanges(tx: CoreApp): number {
  const row = Rows.rowOf({ n: 0 });
  tx.db().newQuery('SELECT total_changes() AS n').one(row);
  return row.n;
}

/**
 * onRecordCreateRequest / UpdateRequest / DeleteRequest of the logged collections, registered
 * first (hooks/register/activity.pb.ts), so the guards after it run inside this transaction.
 * A staff request's write and its row commit together; a guard's refusal writes nothing, and
 * then no row is written either. Anyone else's request passes as it was.
 */
export function staffRecordWrite(e: core.RecordRequestEvent, op: S.ActivityOp): void {
  const who = staffOf(e);
  if (!who) return e.next();
  const record = Rows.recordOf(e);
  const collection = record.collection().name;
  const before = op === 'create' ? null : snapshot(collection, record.original());
  const originalApp = e.app;
  try {
    // A transaction of its own, not a write turn: the after-commit hooks (a seat change offers
    // its room to the waitlist) take a write turn themselves, which the committer would wait on.
    originalApp.runInTransaction((tx) => {
      e.app = tx;
      const written = totalChanges(tx);
      e.next();
      if (totalChanges(tx) === written) return;
      logWrite(tx, who, collection, record.id, op, before, op === 'delete' ? null : snapshot(collection, record), '');
    });
  } finally {
    e.app = originalApp;
  }
}

/**
 * onRecordAuthRequest (users): a staff account got its token, both factors given (admins always
 * have the emailed code: pb_migrations/1763700500_staff_mfa.js). The password step, answered
 * with an mfaId, throws out of e.next() and logs nothing; a token refresh is not a sign-in.
 */
export function signInLogged(e: core.RecordAuthRequestEvent): void {
  e.next();
  const user = e.record;
  // A refresh or a superuser's impersonation has no method: not a sign-in.
  if (!user || !e.authMethod || !hasRole(e.app, user.id, 'admin')) return;
  const who: Who = { actor: user.id, actorName: user.getString('name') || user.email(), device: deviceNameOf(e) };
  recordActivity(e.app, { actor: who.actor, actorName: who.actorName, device: who.device, kind: S.SIGN_IN_KIND, targetCollection: 'users', targetId: user.id, summary: 'Signed in' });
}
