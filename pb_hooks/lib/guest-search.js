/// <reference path="../../pb_data/types.d.ts" />
/**
 * Guest search (issue 11): reservations whose name, email or phone digits contain what staff
 * typed, on any date, looked up in the FTS5 trigram index `reservations_search`
 * (pb_migrations/1763700510_reservation_search.js). Tonight and the coming nights first (nearest
 * first), then past nights (latest first).
 */
const S = require(`${__hooks}/lib/shared.js`);

const SQL =
  'SELECT r.id AS id FROM reservations_search s JOIN reservations r ON r.rowid = s.rowid ' +
  'WHERE reservations_search MATCH {:match} ' +
  'ORDER BY r.event_date < {:today}, CASE WHEN r.event_date >= {:today} THEN r.event_date END, r.event_date DESC, r.created DESC ' +
  'LIMIT {:limit}';

/** { match } for a usable query, or { error } with the message for the box. */
function readQuery(e) {
  const q = String(e.request.url.query().get('q') || '');
  if (q.length > S.GUEST_SEARCH.maxChars) return { error: S.GUEST_SEARCH_MESSAGES.tooLong };
  const match = S.guestSearchMatch(q);
  if (!match) return { error: S.GUEST_SEARCH_MESSAGES.tooShort };
  return { match };
}

function params(match) {
  return { match, today: S.venueToday(), limit: S.GUEST_SEARCH.maxResults };
}

/** The matching reservations, in the order above (hidden fields, the cancel token, left out). */
function search(app, match) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery(SQL).bind(params(match)).all(rows);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = {};
  app.findRecordsByIds('reservations', ids).forEach((r) => {
    byId[r.id] = r;
  });
  return ids.map((id) => byId[id]).filter(Boolean);
}

/** SQLite's query plan of the search, one line per step (for the test that it uses the index). */
function plan(app, match) {
  const rows = arrayOf(new DynamicModel({ id: 0, parent: 0, notused: 0, detail: '' }));
  app.db().newQuery(`EXPLAIN QUERY PLAN ${SQL}`).bind(params(match)).all(rows);
  return rows.map((r) => r.detail);
}

module.exports = { readQuery, search, plan };
