/**
 * The staff tablet's offline sync (issue 25, docs/staff-sync.md), admin only (anyone else: 403):
 *   GET  /api/admin/sync?since=<cursor>  → the window of nights, or what changed after the cursor
 *                                          (Go's: server/syncpull.go, its rules hooks/create/sync.ts)
 *   POST /api/admin/changes              → applies queued changes, each exactly once
 *                                          (Go's: server/staffchanges.go, its rules hooks/create/staff-changes.ts)
 * Answers are never cached. Every delete of a record the tablet keeps leaves a tombstone in the
 * delete's own transaction, and tombstones and settled change ids older than 30 days are pruned daily.
 */
onRecordDelete(
  (e) => require(`${__hooks}/lib/backend.js`).tombstoneOnDelete(e),
  'reservations',
  'waitlist',
  'capacity',
  'events',
  'tasks',
  'priorities',
);

cronAdd('venue_sync_prune', '17 4 * * *', () => require(`${__hooks}/lib/backend.js`).prune($app));
