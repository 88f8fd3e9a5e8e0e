/**
 * The queue of staff changes (issue 25): each change is stored first with its own id, shown at
 * once (overlay.ts), and sent in order, up to 200 a call and under the request cap (batch.ts),
 * by one flush at a time. The server
 * applies a change id at most once, so a resend after a reload, a closed tab or a lost answer
 * is answered as already applied. A change leaves the queue only once its answer is stored.
 */
import { ClientResponseError } from 'pocketbase';
import { newRecordId } from '../../../lib/recordId';
import { REQUEST_LIMITS } from '../../../lib/rules/requests';
import { SYNC_MESSAGES } from '../../../lib/rules/staffSync';
import { RETRY_FIRST_MS, retrySoon } from '../../../lib/retrySoon';
import { serialFlight } from '../../../lib/serialFlight';
import { isOnline } from '../../outbox';
import { cutBatch, toWire as wire } from './batch';
import { isNoAnswer, noteContact, noteNoAnswer } from './contact';
import { currentEpoch, staffDb } from './db';
import { isSessionEnded, pushToServer, PUSH_BATCH_MAX } from './http';
import { putRecord } from './store';
import { syncWindow } from './syncWindow';
import type { ChangeCollection, ChangeOp, ChangeResult, Row, StoredChange } from './types';
import { sessionEnded } from './wipe';

export interface NewChange {
  collection: ChangeCollection;
  op: ChangeOp;
  record_id: string;
  fields?: Record<string, unknown>;
  base?: Record<string, unknown>;
  label: string;
  preview?: Record<string, unknown>;
  force?: boolean;
}

/** Stores a change (it shows at once) and starts a flush. Resolves with the stored change. */
export async function recordChange(change: NewChange): Promise<StoredChange> {
  const stored: StoredChange = {
    id: newRecordId(),
    collection: change.collection,
    op: change.op,
    record_id: change.record_id,
    fields: change.fields ?? {},
    base: change.base ?? {},
    force: change.force ?? false,
    made_at: new Date().toISOString(),
    state: 'pending',
    label: change.label,
    ...(change.preview ? { preview: change.preview } : {}),
  };
  stored.seq = await staffDb().changes.add(stored);
  void flushChanges();
  return stored;
}

/**
 * Stores the server's answers, in one transaction (one update of every list, however many
 * changes the call carried): applied ones leave the queue with the server's record in the copy,
 * the others wait for staff under Not applied. A record changed several times in the call is
 * written once, as the last answer about it has it (200 changes on 34 guests: 34 writes, not 200).
 */
async function settle(batch: StoredChange[], results: ChangeResult[], epoch: number): Promise<void> {
  const db = staffDb();
  const window = syncWindow();
  const byId = new Map(results.map((r) => [r.id, r]));
  const tables = [...new Set(batch.map((c) => c.collection))].map((c) => db.rows(c));
  const latest = new Map<string, { collection: ChangeCollection; id: string; record: Row | null }>();
  const applied: number[] = [];
  const held: [number, Partial<StoredChange>][] = [];
  for (const change of batch) {
    const result = byId.get(change.id);
    if (!result) continue;
    const key = `${change.collection}/${change.record_id}`;
    if (result.record) latest.set(key, { collection: change.collection, id: change.record_id, record: result.record });
    else if (result.outcome === 'applied' && change.op === 'delete') latest.set(key, { collection: change.collection, id: change.record_id, record: null });
    if (result.outcome === 'applied') applied.push(change.seq!);
    else held.push([change.seq!, { state: 'not_applied', outcome: result.outcome, code: result.code ?? result.outcome, message: result.message ?? '', conflicts: result.conflicts ?? [] }]);
  }
  await db.transaction('rw', [db.changes, ...tables], async () => {
    if (epoch !== currentEpoch()) return;
    for (const { collection, id, record } of latest.values()) await putRecord(collection, id, record, window);
    await db.changes.bulkDelete(applied);
    for (const [seq, update] of held) await db.changes.update(seq, update);
  });
}

/**
 * Changes that will never be taken as sent (over the request cap, or a body the server refuses
 * as malformed) wait for staff under Not applied, like a refusal, instead of blocking the queue.
 */
async function holdBack(changes: StoredChange[], code: string, message: string, epoch: number): Promise<void> {
  const db = staffDb();
  await db.transaction('rw', db.changes, async () => {
    if (epoch !== currentEpoch()) return;
    for (const change of changes) await db.changes.update(change.seq!, { state: 'not_applied', outcome: 'refused', code, message, conflicts: [] });
  });
}

/**
 * The server refused the call's body as a whole: 413, over the request cap (if the tablet's
 * count of the bytes ever falls short of the server's); 400, malformed. No change of it was
 * applied and the same body would be refused again: the caller splits it. Any other failure
 * (network, 5xx, 429) keeps the queue as it is for the next flush.
 */
function bodyRefusal(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof ClientResponseError)) return null;
  if (error.status === 413) return { code: 'too_large', message: SYNC_MESSAGES.changeTooLarge };
  if (error.status === 400) return { code: 'invalid', message: error.message };
  return null;
}

/**
 * After a send that failed (no network, a server error, a rate limit), the next try comes on its
 * own (lib/retrySoon: 1 s, 2, 4, then every 5 s) until a call is answered: no 'online' event comes
 * to a tablet whose wifi is up but whose connection is not, and the dashboard's interval is 20 s.
 * A wipe meanwhile (sign-out) ends the retries: the queue they were for is gone.
 */
const retry = retrySoon(() => void flushChanges(), currentEpoch);
export { RETRY_FIRST_MS };

/** A call was answered (or there is nothing to send): no retry is due. Also for tests, between them. */
export const cancelRetry = retry.cancel;

/**
 * One pass: the waiting changes, oldest first, in calls of at most PUSH_BATCH_MAX changes and
 * REQUEST_LIMITS.bodyMaxBytes, until none is left or the network fails. A refused body is sent
 * again in halves; a single change refused alone goes under Not applied.
 */
async function flushPass(): Promise<void> {
  let maxCount = PUSH_BATCH_MAX;
  while (isOnline()) {
    const epoch = currentEpoch();
    const waiting = await staffDb().changes.where('state').equals('pending').limit(maxCount).sortBy('seq');
    if (waiting.length === 0) return;
    const { send, tooLarge } = cutBatch(waiting, wire, maxCount, REQUEST_LIMITS.bodyMaxBytes);
    if (tooLarge.length) await holdBack(tooLarge, 'too_large', SYNC_MESSAGES.changeTooLarge, epoch);
    if (send.length === 0) continue;
    let results: ChangeResult[];
    try {
      results = await pushToServer(send.map(wire));
    } catch (error) {
      if (isSessionEnded(error)) return sessionEnded();
      const refusal = bodyRefusal(error);
      if (!refusal) {
        if (isNoAnswer(error)) await noteNoAnswer();
        console.warn('[staff sync] changes not sent, will retry', error);
        retry.later();
        return;
      }
      if (send.length > 1) maxCount = Math.ceil(send.length / 2);
      else await holdBack(send, refusal.code, refusal.message, epoch);
      continue;
    }
    cancelRetry();
    if (epoch !== currentEpoch()) return;
    await noteContact();
    await settle(send, results, epoch);
    // An answer without some of the batch's results would send them again forever: stop here.
    if (results.length < send.length) return;
  }
}

/** Sends the waiting changes: one flush at a time; a call meanwhile runs one more pass after it. */
export const flushChanges = serialFlight(() =>
  withTabLock(async () => {
    try {
      await flushPass();
    } catch (error) {
      console.warn('[staff sync] flush failed', error);
    }
  }),
);

/** Two tabs of the dashboard on one tablet share the queue: only one sends it at a time. */
async function withTabLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  await locks.request('tiny-cupboard-staff-changes', work);
}

/**
 * "Apply anyway" / "Retry": the same change sent again under a new id (the old id's answer is
 * settled on the server), made on the record as the tablet holds it now. `force` skips the
 * overlap check; capacity is still checked.
 */
export async function resendChange(change: StoredChange, force: boolean): Promise<void> {
  const db = staffDb();
  const current = await db.rows(change.collection).get(change.record_id);
  const base = current ? Object.fromEntries(Object.keys(change.base).map((k) => [k, current[k]])) : change.base;
  const { id: _old, seq, outcome: _o, code: _c, message: _m, conflicts: _x, ...kept } = change;
  const again: StoredChange = { ...kept, id: newRecordId(), base, force, state: 'pending', made_at: new Date().toISOString() };
  await db.transaction('rw', db.changes, async () => {
    await db.changes.delete(seq!);
    await db.changes.add(again);
  });
  void flushChanges();
}

/** "Drop": staff let the server's value stand. */
export async function dropChange(change: StoredChange): Promise<void> {
  await staffDb().changes.delete(change.seq!);
}
