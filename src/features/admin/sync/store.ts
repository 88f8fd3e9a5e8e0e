/**
 * Writing the server's rows into the local copy: a pull (whole or delta, with deletions), one
 * record (a realtime event, a push's answer), and rows that left the window. A row already
 * stored with a newer 'updated' is kept: answers and realtime events can arrive out of order.
 */
import type { Table } from 'dexie';
import { savedAfter } from '../recordOrder';
import { currentEpoch, staffDb, writeMeta } from './db';
import { inWindow, syncWindow } from './syncWindow';
import { SYNCED, type PullAnswer, type Row, type SyncWindow, type SyncedCollection } from './types';

/** Fields the tablet never keeps even if an answer carries them (secrets for the guest's links). */
const SECRETS = ['cancel_token', 'token', 'waitlist_token', 'payload'];

function clean(row: Row): Row {
  const out: Row = { ...row };
  for (const key of SECRETS) delete out[key];
  delete out.expand;
  return out;
}

const isSynced = (name: string): name is SyncedCollection => (SYNCED as readonly string[]).includes(name);

/** True when `stored` was saved after `incoming` (recordOrder.ts). */
function newer(stored: Row | undefined, incoming: Row): boolean {
  return savedAfter(stored?.updated, incoming.updated);
}

async function upsert(table: Table<Row, string>, collection: SyncedCollection, rows: readonly Row[], window: SyncWindow): Promise<void> {
  if (rows.length === 0) return;
  const stored = await table.bulkGet(rows.map((r) => r.id));
  const keep: Row[] = [];
  const drop: string[] = [];
  rows.forEach((row, i) => {
    if (newer(stored[i], row)) return;
    if (inWindow(collection, row, window)) keep.push(clean(row));
    else if (stored[i]) drop.push(row.id);
  });
  await table.bulkPut(keep);
  await table.bulkDelete(drop);
}

/** Drops the nights before the window (the venue night moved on) and after it. */
async function dropOutside(window: SyncWindow): Promise<void> {
  const db = staffDb();
  for (const collection of ['reservations', 'waitlist'] as const) {
    await db.rows(collection).where('event_date').below(window.from).delete();
    await db.rows(collection).where('event_date').above(window.to).delete();
  }
  await db.capacity.filter((r) => r.date !== 'default' && !inWindow('capacity', r, window)).delete();
}

/**
 * A pull's answer into the copy, in one transaction. Full: the copy becomes the answer, except
 * rows a realtime event brought in after the answer's cursor (newer than it). Delta: upserts,
 * deletions, and rows that moved out of the window dropped. Nothing is written after a wipe.
 */
export async function applyPull(answer: PullAnswer, epoch: number): Promise<boolean> {
  const db = staffDb();
  return db.transaction('rw', [...SYNCED.map((c) => db.rows(c)), db.meta], async () => {
    if (epoch !== currentEpoch()) return false;
    for (const collection of SYNCED) {
      const table = db.rows(collection);
      const rows = answer[collection] ?? [];
      if (answer.full) {
        const ids = new Set(rows.map((r) => r.id));
        await table.filter((r) => !ids.has(r.id) && !savedAfter(r.updated, answer.cursor)).delete();
      }
      await upsert(table, collection, rows, answer.window);
    }
    for (const gone of answer.deleted ?? []) {
      if (isSynced(gone.collection)) await db.rows(gone.collection).delete(gone.id);
    }
    await dropOutside(answer.window);
    await writeMeta('cursor', answer.cursor);
    await writeMeta('window', answer.window);
    if (answer.generation !== undefined) await writeMeta('generation', answer.generation);
    return true;
  });
}

/** One record as the server holds it now, written inside the caller's transaction; `null` = deleted. */
export async function putRecord(collection: SyncedCollection, id: string, record: Row | null, window: SyncWindow): Promise<void> {
  const table = staffDb().rows(collection);
  if (record) await upsert(table, collection, [record], window);
  else await table.delete(id);
}

/** A record as the server holds it now; `record: null` = deleted. */
export interface RecordEvent {
  collection: string;
  id: string;
  record: Row | null;
}

/**
 * Records as the server holds them now (realtime events, a push's answer), in order and in one
 * transaction, so a burst redraws the lists once. Nothing is written after a wipe.
 */
export async function applyRecords(events: readonly RecordEvent[], window: SyncWindow, epoch: number): Promise<void> {
  const synced = events.filter((e) => isSynced(e.collection));
  // Checked before the database is touched too: after a wipe, staffDb() would create it again.
  if (synced.length === 0 || epoch !== currentEpoch()) return;
  const db = staffDb();
  const tables = [...new Set(synced.map((e) => e.collection as SyncedCollection))].map((c) => db.rows(c));
  await db.transaction('rw', tables, async () => {
    if (epoch !== currentEpoch()) return;
    for (const e of synced) await putRecord(e.collection as SyncedCollection, e.id, e.record, window);
  });
}

/** One record as the server holds it now (a realtime event or a push's answer); `null` = deleted. */
export function applyRecord(collection: string, id: string, record: Row | null, window: SyncWindow, epoch: number): Promise<void> {
  return applyRecords([{ collection, id, record }], window, epoch);
}

/** A record a screen wrote straight to the server (capacity, events: not queued), into the copy at once. */
export function storeServerRecord(collection: SyncedCollection, record: Row): Promise<void> {
  return applyRecord(collection, record.id, record, syncWindow(), currentEpoch());
}

/** A record a screen deleted straight on the server, out of the copy at once. */
export function forgetServerRecord(collection: SyncedCollection, id: string): Promise<void> {
  return applyRecord(collection, id, null, syncWindow(), currentEpoch());
}
