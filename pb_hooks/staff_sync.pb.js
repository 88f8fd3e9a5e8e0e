/// <reference path="../pb_data/types.d.ts" />
/**
 * The staff tablet's offline sync (issue 25, docs/staff-sync.md), admin only (anyone else: 403):
 *   GET  /api/admin/sync?since=<cursor>  → the window of nights, or what changed after the cursor
 *                                          (lib/sync-pull.js)
 *   POST /api/admin/changes              → applies queued changes, each exactly once
 *                                          (lib/staff-changes.js)
 * Answers are never cached. Every delete of a record the tablet keeps leaves a tombstone in the
 * delete's own transaction, and tombstones and settled change ids older than 30 days are pruned daily.
 */

routerAdd(
  'GET',
  '/api/admin/sync',
  (e) => {
    const S = require(`${__hooks}/lib/shared.js`);
    e.response.header().set('Cache-Control', 'no-store');
    if (!require(`${__hooks}/lib/reservationStats.js`).isAdmin(e)) return e.json(403, { status: 403, message: S.SYNC_MESSAGES.notAdmin, data: {} });
    const answer = require(`${__hooks}/lib/sync-pull.js`).pull(e.app, String(e.request.url.query().get('since') || ''));
    if (answer.error) return e.json(400, { status: 400, message: answer.error, data: {} });
    return e.json(200, answer);
  },
  $apis.gzip(),
);

routerAdd('POST', '/api/admin/changes', (e) => {
  const S = require(`${__hooks}/lib/shared.js`);
  e.response.header().set('Cache-Control', 'no-store');
  if (!require(`${__hooks}/lib/reservationStats.js`).isAdmin(e)) return e.json(403, { status: 403, message: S.SYNC_MESSAGES.notAdmin, data: {} });
  return require(`${__hooks}/lib/staff-changes.js`).handleChanges(e);
});

onRecordDelete(
  (e) => {
    e.next();
    require(`${__hooks}/lib/sync-records.js`).writeTombstone(e.app, e.record.collection().name, e.record.id);
  },
  'reservations',
  'waitlist',
  'capacity',
  'events',
  'tasks',
  'priorities',
);

cronAdd('venue_sync_prune', '17 4 * * *', () => {
  require(`${__hooks}/lib/sync-records.js`).prune($app);
});
