/**
 * Staff dashboard figures (admin only: anyone else gets 403), computed by SQLite
 * (hooks/lib/reservation-stats.ts):
 *   GET /api/admin/reservations/stats?event=&date=&from=&to=&q=
 *       → { counts, byEvent, byDate, eventNames, tonight }
 *   GET /api/admin/reservations/export?…same filters…&sort=created|event_date|event_name
 *       → the filtered reservations as CSV, streamed
 * Answers are gzipped (thousands of by-date rows compress well) and never cached.
 */
routerAdd('GET', '/api/admin/reservations/stats', (e) => require(`${__hooks}/lib/backend.js`).statsRoute(e), $apis.gzip());

routerAdd('GET', '/api/admin/reservations/export', (e) => require(`${__hooks}/lib/backend.js`).exportRoute(e), $apis.gzip());
