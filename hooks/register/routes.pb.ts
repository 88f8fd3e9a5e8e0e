/**
 * Custom routes (hooks/lib/reservation-routes.ts, manage.ts, outbox-routes.ts):
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 *   GET  /api/reservations/cancel/{token}                 → the reservation's public summary
 *   POST /api/reservations/cancel/{token}                 → cancels (idempotent), frees the seats, mails
 *   POST /api/reservations/manage/{token}                 → changes party size / arrival time, mails
 *   POST /api/outbox/flush[?at=…]                         → superusers: send due jobs now (or as of `at`)
 * Handlers run in pooled VMs that don't see this file's top level: each requires the bundle.
 */
routerAdd('GET', '/api/availability', (e) => require(`${__hooks}/lib/backend.js`).availability(e));

routerAdd('GET', '/api/reservations/cancel/{token}', (e) => require(`${__hooks}/lib/backend.js`).cancelLookup(e));

routerAdd('POST', '/api/reservations/cancel/{token}', (e) => require(`${__hooks}/lib/backend.js`).cancel(e));

routerAdd('POST', '/api/reservations/manage/{token}', (e) => require(`${__hooks}/lib/backend.js`).handleManage(e));

routerAdd('POST', '/api/outbox/flush', (e) => require(`${__hooks}/lib/backend.js`).flushRoute(e), $apis.requireSuperuserAuth());

/**
 * The outbox worker: sends what is due (retries with backoff; nothing is dropped). server/outbox.go
 * runs this job right after a create commits and every few seconds; the minute schedule is the
 * fallback when the hooks run in a server without that loop.
 */
cronAdd('venue_outbox_worker', '* * * * *', () => require(`${__hooks}/lib/backend.js`).outboxCron());
