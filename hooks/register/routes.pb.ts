/**
 * Custom routes (hooks/lib/reservation-routes.ts, manage.ts):
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 *   GET  /api/reservations/cancel/{token}                 → the reservation's public summary
 *   POST /api/reservations/cancel/{token}                 → cancels (idempotent), frees the seats, mails
 *   POST /api/reservations/manage/{token}                 → changes party size / arrival time, mails
 * (POST /api/outbox/flush and GET /api/outbox/worker are the Go outbox's: server/outbox/routes.go.)
 * Handlers run in pooled VMs that don't see this file's top level: each requires the bundle.
 */
routerAdd('GET', '/api/availability', (e) => require(`${__hooks}/lib/backend.js`).availability(e));

routerAdd('GET', '/api/reservations/cancel/{token}', (e) => require(`${__hooks}/lib/backend.js`).cancelLookup(e));

routerAdd('POST', '/api/reservations/cancel/{token}', (e) => require(`${__hooks}/lib/backend.js`).cancel(e));

routerAdd('POST', '/api/reservations/manage/{token}', (e) => require(`${__hooks}/lib/backend.js`).handleManage(e));
