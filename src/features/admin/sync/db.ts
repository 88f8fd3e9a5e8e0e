/**
 * The staff tablet's local copy (Dexie, database 'staff-sync', apart from the guests' outbox):
 * the rows of the sync window, the queue of staff changes and a little state (the pull's cursor,
 * the window, whose copy it is, when the tablet last heard from the server). Deleted on sign-out.
 */
import Dexie, { type Table } from 'dexie';
import type { Row, StoredChange, SyncedCollection } from './types';

export const STAFF_SYNC_DB = 'staff-sync';

export interface MetaRow {
  key: 'cursor' | 'window' | 'generation' | 'owner' | 'lastContact' | 'offlineSince';
  value: unknown;
}

export class StaffSyncDatabase extends Dexie {
  reservations!: Table<Row, string>;
  waitlist!: Table<Row, string>;
  capacity!: Table<Row, string>;
  events!: Table<Row, string>;
  tasks!: Table<Row, string>;
  priorities!: Table<Row, string>;
  changes!: Table<StoredChange, number>;
  meta!: Table<MetaRow, string>;

  constructor() {
    super(STAFF_SYNC_DB);
    this.version(1).stores({
      reservations: 'id, event_date',
      waitlist: 'id, event_date',
      capacity: 'id, date',
      events: 'id',
      tasks: 'id',
      priorities: 'id',
      // seq: the order staff made the changes in; id: the change id the server dedupes on.
      changes: '++seq, &id, state, collection',
      meta: 'key',
    });
  }

  rows(collection: SyncedCollection): Table<Row, string> {
    return this.table<Row, string>(collection);
  }
}

let instance: StaffSyncDatabase | null = null;

export function staffDb(): StaffSyncDatabase {
  instance ??= new StaffSyncDatabase();
  return instance;
}

/**
 * Bumped by every wipe: work that started before one (a pull or a push on its way) checks it
 * before writing, so an answer arriving after sign-out never puts personal data back.
 */
let epoch = 0;
export const currentEpoch = () => epoch;

/** Deletes the whole local copy (rows, queue, cursor). */
export async function deleteStaffDb(): Promise<void> {
  epoch++;
  instance?.close();
  instance = null;
  await Dexie.delete(STAFF_SYNC_DB);
}

/** Tests: a new Dexie instance on the same stored data, as after a reload. */
export function reopenStaffDbForTests(): void {
  instance?.close();
  instance = null;
}

export async function readMeta<T>(key: MetaRow['key']): Promise<T | undefined> {
  return (await staffDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: MetaRow['key'], value: unknown): Promise<void> {
  await staffDb().meta.put({ key, value });
}
