/**
 * Records and rows: a record by id or by a mail link's token, a record event's record, and the
 * rows of a raw SQL query, typed.
 */
import * as S from '../rules';

export function recordExists(app: CoreApp, collection: string, id: string): boolean {
  return findRecord(app, collection, id) !== null;
}

/**
 * The record behind a mail link's token (a reservation's cancel_token, a waitlist entry's token),
 * or null. A malformed token is never looked up.
 */
export function recordByToken(app: CoreApp, collection: string, field: string, token: string): core.Record | null {
  if (!S.CANCEL_TOKEN_PATTERN.test(token)) return null;
  try {
    return app.findFirstRecordByData(collection, field, token);
  } catch (_) {
    return null;
  }
}

/** The record `id` of `collection`, or null. */
export function findRecord(app: CoreApp, collection: string, id: string): core.Record | null {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

/**
 * The rows of a raw SQL query, typed by the shape their DynamicModel is built from. goja fills
 * DynamicModel (typed `{ [key]: any }` by PocketBase) with the shape's fields; this is the one
 * place that says so.
 */
export function rowsOf<T extends Record<string, string | number | boolean>>(shape: T): T[] {
  return arrayOf(new DynamicModel(shape)) as unknown as T[];
}

/** One row of a raw SQL query (see rowsOf). */
export function rowOf<T extends Record<string, string | number | boolean>>(shape: T): T {
  return new DynamicModel(shape) as unknown as T;
}

/**
 * The record of a record event or record request event. PocketBase always sets it on the events
 * these hooks are bound to (the pinned types make it optional, as Go's pointer is).
 */
export function recordOf(e: { record?: core.Record }): core.Record {
  return e.record as core.Record;
}
