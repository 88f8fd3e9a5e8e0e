/**
 * Guests' personal data (issue 32 item 7):
 *   the nightly retention run (hooks/lib/retention.ts): erases the personal data of the nights
 *   RETENTION_DAYS ago and before, at 9:40 UTC (4:40 or 5:40 AM at the venue, after the night ends);
 *   POST /api/admin/retention/run {now?}  the same run at once, superusers only (the benchmark);
 *   POST /api/admin/guests/preview|export|forget {email, phone?}  an owner's export and forget of
 *   one guest from the guest search (hooks/lib/guest-data.ts).
 */
cronAdd('venue_retention', '40 9 * * *', () => require(`${__hooks}/lib/backend.js`).retentionCron());

routerAdd('POST', '/api/admin/retention/run', (e) => require(`${__hooks}/lib/backend.js`).retentionRoute(e));

routerAdd('POST', '/api/admin/guests/preview', (e) => require(`${__hooks}/lib/backend.js`).guestPreviewRoute(e));

routerAdd('POST', '/api/admin/guests/export', (e) => require(`${__hooks}/lib/backend.js`).guestExportRoute(e));

routerAdd('POST', '/api/admin/guests/forget', (e) => require(`${__hooks}/lib/backend.js`).guestForgetRoute(e));
