/**
 * The records the staff tablet keeps (issue 25), as the sync routes send them: per collection the
 * fields it reads, typed, and nothing secret (no cancel_token, no waitlist token, no outbox). Also
 * the tombstones a delete leaves for the delta pull, and the daily clean-up of what is kept 30 days.
 */
import * as S from '../rules';
import * as Ids from './ids';
import * as Rows from './rows';

/** 's' text, 'i' whole number, 'b' true/false. */
type FieldType = 's' | 'i' | 'b';
type Shape = Record<string, FieldType>;
/** A record as the tablet receives it. */
export type SyncRecord = Record<string, string | number | boolean>;

const AUTO: Shape = { created: 's', updated: 's' };
/** Field → type ('s' text, 'i' whole number, 'b' true/false) of each collection the tablet keeps. */
export const SHAPES: Record<string, Shape> = {
  reservations: Object.assign(
    { name: 's', email: 's', phone: 's', event_name: 's', event_date: 's', event_time: 's', party_size: 'i', source: 's', status: 's' },
    AUTO,
  ),
  waitlist: Object.assign(
    { name: 's', email: 's', phone: 's', party_size: 'i', event_date: 's', event_time: 's', source: 's', status: 's', offered_at: 's', offer_expires: 's', reservation: 's' },
    AUTO,
  ),
  capacity: Object.assign({ date: 's', seats: 'i', note: 's' }, AUTO),
  events: Object.assign(
    { kind: 's', title: 's', description: 's', date: 's', weekday: 'i', time: 's', price: 's', open_tables: 'b', sort_order: 'i', active: 'b' },
    AUTO,
  ),
  tasks: Object.assign({ title: 's', description: 's', cadence: 's', category: 's', order_index: 'i', is_completed: 'b', status: 's', notes: 's' }, AUTO),
  priorities: Object.assign({ priority_text: 's', priority_date: 's', is_completed: 'b', order_index: 'i' }, AUTO),
};

/** The collections whose deletes leave a tombstone. */
export const TRACKED = Object.keys(SHAPES);

/** Writes the tombstone of a deleted record, inside the delete's transaction (`app`). */
export function writeTombstone(app: CoreApp, collection: string, id: string): void {
  app
    .db()
    .newQuery('INSERT INTO sync_tombstones (id, record_collection, record_id, created) VALUES ({:id}, {:c}, {:rid}, {:now})')
    .bind({ id: $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET), c: collection, rid: id, now: Ids.stamp() })
    .execute();
}

/** The oldest instant a cursor, a tombstone or a settled change id is kept for (30 days before `now`). */
export function keptSince(now?: Date): string {
  return Ids.stamp(new Date((now || new Date()).getTime() - S.SYNC_LIMITS.keepDays * 86400000));
}

/** Deletes the tombstones and settled change ids older than 30 days (the daily cron). */
export function prune(app: CoreApp, now?: Date): void {
  const before = keptSince(now);
  ['sync_tombstones', 'staff_changes'].forEach((table) => {
    app.db().newQuery(`DELETE FROM ${table} WHERE created < {:before}`).bind({ before }).execute();
  });
}


/** onRecordDelete of a collection the tablet keeps: the tombstone, in the delete's transaction. */
export function tombstoneOnDelete(e: core.RecordEvent): void {
  e.next();
  const record = Rows.recordOf(e);
  writeTombstone(e.app, record.collection().name, record.id);
}
