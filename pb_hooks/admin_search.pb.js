/// <reference path="../pb_data/types.d.ts" />
/**
 * Guest search for staff (issue 11; lib/guest-search.js):
 *   GET /api/admin/reservations/search?q=  → { items: [reservation…] }  admins only (403 otherwise);
 *       `at=<ISO instant>` (superusers only) searches as of that instant, for tests
 *   GET /api/admin/reservations/search/plan?q=  → { plan: [step…] }  superusers only: SQLite's
 *       query plan, so a test can check the search reads the index and never scans reservations
 */

routerAdd('GET', '/api/admin/reservations/search', (e) => {
  const isAdmin = require(`${__hooks}/lib/reservationStats.js`).isAdmin;
  const G = require(`${__hooks}/lib/guest-search.js`);
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can search reservations.', data: {} });
  const read = G.readQuery(e);
  if (read.error) return e.json(read.status, { status: read.status, message: read.error, data: {} });
  return e.json(200, { items: G.search(e.app, read) });
});

routerAdd('GET', '/api/admin/reservations/search/plan', (e) => {
  const G = require(`${__hooks}/lib/guest-search.js`);
  if (!e.hasSuperuserAuth()) return e.json(403, { status: 403, message: 'Superusers only.', data: {} });
  const read = G.readQuery(e);
  if (read.error) return e.json(read.status, { status: read.status, message: read.error, data: {} });
  return e.json(200, { plan: G.plan(e.app, read) });
});
