/**
 * Custom routes (hooks/lib/reservation-routes.ts):
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 * (The manage link, GET/POST /api/reservations/cancel/{token} and POST /api/reservations/manage/{token},
 * is Go's: server/managelink.go, with its rules in hooks/create/manage.ts.)
 * (POST /api/outbox/flush and GET /api/outbox/worker are the Go outbox's: server/outbox/routes.go.)
 * Handlers run in pooled VMs that don't see this file's top level: each requires the bundle.
 */
routerAdd('GET', '/api/availability', (e) => require(`${__hooks}/lib/backend.js`).availability(e));


