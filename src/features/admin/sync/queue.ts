/**
 * The queue of staff changes (issue 25): each change is stored first with its own id, shown at
 * once (overlay.ts), and sent in order, up to 200 a call, by one flush at a time. The server
 * applies a change id at most once, so a resend after a reload, a closed tab or a lost answer
 * is answered as already applied. A change leaves the queue only once its answer is stored.
 */
import { newRecordId } from '../../../lib/recordId';
import { serialFlight } from '../../../lib/serialFlight';
import { isOnline } from '../../outbox';
import { currentEpoch, staffDb, writeMeta } from './db';
import { isSessionEnded, pushToServer, PUSH_BATCH_MAX } from './http';
import { putRecord } from './store';
import { syncWindow } from './syncWindow';
import type { ChangeCollection, ChangeOp, ChangeResult, ChangeWire, StoredChange } from './types';
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

function wire(change: StoredChange): ChangeWire {
  const { id, collection, op, record_id, fields, base, force, made_at } = change;
  return { id, collection, op, record_id, fields, base, force, made_at };
}

/**
 * Stores the server's answers, in one transaction (one update of every list, however many
 * changes the call carried): applied ones leave the queue with the server's record in the copy,
 * the others wait for staff under Not applied.
 */
async function settle(batch: StoredChange[], results: ChangeResult[], epoch: number): Promise<void> {
  const db = staffDb();
  const window = syncWindow();
  const byId = new Map(results.map((r) => [r.id, r]));
  const tables = [...new Set(batch.map((c) => c.collection))].map((c) => db.rows(c));
  await db.transaction('rw', [db.changes, ...tables], async () => {
    if (epoch !== currentEpoch()) return;
    for (const change of batch) {
      const result = byId.get(change.id);
      if (!result) continue;
      if (result.record) await putRecord(change.collection, change.record_id, result.record, window);
      else if (result.outcome === 'applied' && change.op === 'delete') await putRecord(change.collection, change.record_id, null, window);
      if (result.outcome === 'applied') await db.changes.delete(change.seq!);
      else
        await db.changes.update(change.seq!, {
          state: 'not_applied',
          outcome: result.outcome,
          code: result.code ?? result.outcome,
          message: result.message ?? '',
          conflicts: result.conflicts ?? [],
        });
    }
  });
}

/** One pass: the waiting changes, oldest first, in batches, until none is left or the network fails. */
async function flushPass(): Promise<void> {
  while (isOnline()) {
    const epoch = currentEpoch();
    const batch = await staffDb().changes.where('state').equals('pending').limit(PUSH_BATCH_MAX).sortBy('seq');
    if (batch.length === 0) return;
    let results: ChangeResult[];
    try {
      results = await pushToServer(batch.sort((a, b) => a.seq! - b.seq!).map(wire));
    } catch (error) {
      if (isSessionEnded(error)) await sessionEnded();
      else console.warn('[staff sync] changes not sent, will retry', error);
      return;
    }
    if (epoch !== currentEpoch()) return;
    await writeMeta('lastContact', Date.now());
    await settle(batch, results, epoch);
    // An answer without some of the batch's results would send them again forever: stop here.
    if (results.length < batch.length) return;
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
