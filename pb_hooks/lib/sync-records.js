/// <reference path="../../pb_data/types.d.ts" />
/**
 * The records the staff tablet keeps (issue 25), as the sync routes send them: per collection the
 * fields it reads, typed, and nothing secret (no cancel_token, no waitlist token, no outbox). Also
 * the tombstones a delete leaves for the delta pull, and the daily clean-up of what is kept 30 days.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);

const AUTO = { created: 's', updated: 's' };
/** Field → type ('s' text, 'i' whole number, 'b' true/false) of each collection the tablet keeps. */
const SHAPES = {
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
const TRACKED = Object.keys(SHAPES);

function value(r, field, type) {
  if (type === 'i') return r.getInt(field);
  if (type === 'b') return r.getBool(field);
  return r.getString(field);
}

/** A record as the tablet receives it (only the fields of its collection's shape). */
function toJson(collection, r) {
  const shape = SHAPES[collection];
  const out = { id: r.id };
  Object.keys(shape).forEach((field) => {
    out[field] = value(r, field, shape[field]);
  });
  return out;
}

/** The stored values of `fields` (typed as the tablet sends them), for the overlap rule. */
function valuesOf(collection, r, fields) {
  const shape = SHAPES[collection];
  const out = {};
  fields.forEach((field) => {
    if (shape[field]) out[field] = value(r, field, shape[field]);
  });
  return out;
}

/** Writes the tombstone of a deleted record, inside the delete's transaction (`app`). */
function writeTombstone(app, collection, id) {
  app
    .db()
    .newQuery('INSERT INTO sync_tombstones (id, record_collection, record_id, created) VALUES ({:id}, {:c}, {:rid}, {:now})')
    .bind({ id: $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET), c: collection, rid: id, now: U.stamp() })
    .execute();
}

/** The oldest instant a cursor, a tombstone or a settled change id is kept for (30 days before `now`). */
function keptSince(now) {
  return U.stamp(new Date((now || new Date()).getTime() - S.SYNC_LIMITS.keepDays * 86400000));
}

/** Deletes the tombstones and settled change ids older than 30 days (the daily cron). */
function prune(app, now) {
  const before = keptSince(now);
  ['sync_tombstones', 'staff_changes'].forEach((table) => {
    app.db().newQuery(`DELETE FROM ${table} WHERE created < {:before}`).bind({ before }).execute();
  });
}

/** The record `id` of `collection`, or null. */
function find(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

module.exports = { SHAPES, TRACKED, toJson, valuesOf, writeTombstone, keptSince, prune, find };
