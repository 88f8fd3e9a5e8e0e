/**
 * POST /api/admin/changes (issue 25, docs/staff-sync.md §2): the staff tablet's queued changes,
 * applied in order, each in its own write transaction taken in turn with the guests' creates
 * (Tx.inWriteTransaction, as the manage link does).
 *
 * Exactly once: the change's id is written to `staff_changes` with its result in the transaction
 * of its effect. A change id found there is answered from the stored result (replayed: true) and
 * changes nothing, whatever the outcome was (applied, conflict or refused): staff act on a
 * refusal or a conflict with a new change (a new id, `force` for "apply anyway"). Twenty
 * concurrent sends of one id queue for the one write connection; the first writes the row, the
 * others find it. An applied change that changed something adds its activity row in that same
 * transaction (lib/activity-log.ts): a replayed, refused or conflicting one adds none.
 */
import * as S from '../rules';import * as Http from './http';
import * as Log from './logging';
import * as Req from './request-body';
import * as Tx from './write-queue';

import * as R from './sync-records';
import type * as O from './staff-outcome';
import { isAdmin } from './access';
import { forCollection, type Appliers } from './staff-lists';
import { reservationAppliers } from './staff-reservations';
import { fromSync, logWrite, madeAtOf, snapshot, whoOf, type Who } from './activity-log';

/** A change's stored or new result, as the tablet reads it. */
type Result = O.Outcome & { id: string; replayed: boolean };

/** Per collection: { create, update, delete }(tx, change) → an outcome (see lib/staff-outcome.ts). */
function appliers(collection: string): Appliers {
  if (collection === 'reservations') return reservationAppliers;
  // readChange accepts only the synced collections, and each has its appliers.
  return forCollection(collection) as Appliers;
}

/**
 * The stored result of a settled change id, marked replayed; null when the id is new. An id
 * settled for another account is refused, not answered: its result is that account's, and the
 * change sent now is not applied (nor stored: the id stays its first account's).
 */
function storedResult(app: CoreApp, id: string, userId: string): Result | null {
  const row = R.find(app, 'staff_changes', id);
  if (!row) return null;
  if (row.getString('user_id') !== userId) {
    return { id, outcome: 'refused', replayed: false, code: 'change_id_taken', message: S.SYNC_MESSAGES.changeIdTaken };
  }
  const result = JSON.parse(row.getString('result') || '{}') as Result;
  result.replayed = true;
  return result;
}

function settle(tx: CoreApp, change: O.Change, who: Who): Result {
  const stored = storedResult(tx, change.id, who.actor);
  if (stored) return stored;
  // The activity row's "before": read only for a change of a record that exists.
  const before = change.op === 'create' ? null : snapshot(change.collection, R.find(tx, change.collection, change.record_id));
  const outcome = appliers(change.collection)[change.op](tx, change);
  if (outcome.outcome === 'applied') {
    const after = change.op === 'delete' ? null : fromSync(outcome.record);
    logWrite(tx, who, change.collection, change.record_id, change.op, before, after, madeAtOf(change.made_at));
  }
  const result: Result = Object.assign({ id: change.id, replayed: false }, outcome);
  const row = new Record(tx.findCollectionByNameOrId('staff_changes'));
  row.set('id', change.id);
  row.load({
    change_collection: change.collection,
    record_id: change.record_id,
    op: change.op,
    outcome: result.outcome,
    made_at: change.made_at,
    user_id: who.actor,
    result,
  });
  tx.save(row);
  return result;
}

/**
 * Applies one change as sent and returns its result. A malformed change is refused without being
 * stored (it has no usable id). An error that is not the change's fault (the database) is thrown:
 * the route answers 503 and the tablet sends the batch again; what was applied answers replayed.
 */
export function applyOne(raw: unknown, who: Who): Result {
  const read = S.readChange(raw);
  if (!('change' in read)) {
    const given = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
    const id = typeof given === 'string' ? given.slice(0, 40) : '';
    const message = S.SYNC_MESSAGES.badChange(read.field);
    return { id, outcome: 'refused', replayed: false, code: 'invalid', message, fields: { [read.field]: message } };
  }
  try {
    return Tx.inWriteTransaction((tx) => settle(tx, read.change, who));
  } catch (err) {
    // Another send of the same id won the race to the row: its result is the answer.
    const stored = storedResult($app, read.change.id, who.actor);
    if (stored) return stored;
    throw err;
  }
}

/** The request body: { changes } or { error } (JSON only, at most 200 changes). */
function readBody(e: core.RequestEvent): { error: string } | { changes: unknown[] } {
  const type = Req.header(e, 'Content-Type').toLowerCase();
  if (type.indexOf('application/json') !== 0) return { error: S.SYNC_MESSAGES.bodyNotJson };
  let body: { changes?: unknown } | null;
  try {
    body = JSON.parse(toString(Http.requestOf(e).body)) as { changes?: unknown } | null;
  } catch (_) {
    return { error: S.SYNC_MESSAGES.bodyNotJson };
  }
  if (!body || typeof body !== 'object' || !Array.isArray(body.changes)) return { error: S.SYNC_MESSAGES.bodyNotJson };
  if (body.changes.length > S.SYNC_LIMITS.maxChanges) return { error: S.SYNC_MESSAGES.tooMany };
  return { changes: body.changes };
}

export function handleChanges(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: S.SYNC_MESSAGES.notAdmin, data: {} });
  const read = readBody(e);
  if ('error' in read) return e.json(400, { status: 400, message: read.error, data: {} });
  // isAdmin passed: a staff account, or a superuser (tests, maintenance) logged by its email.
  const who: Who = whoOf(e);
  const results: Result[] = [];
  try {
    read.changes.forEach((raw) => results.push(applyOne(raw, who)));
  } catch (err) {
    Log.log().error('staff change failed', 'error', Log.errorText(err));
    return e.json(503, { status: 503, message: S.SYNC_MESSAGES.serverBusy, data: {}, results });
  }
  return e.json(200, { results });
}

