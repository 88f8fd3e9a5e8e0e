/// <reference path="../pb_data/types.d.ts" />
/**
 * Staff dashboard figures (admin only: anyone else gets 403), computed by SQLite
 * (pb_hooks/lib/reservationStats.js):
 *   GET /api/admin/reservations/stats?event=&date=&from=&to=&q=
 *       → { counts, byEvent, byDate, eventNames, tonight }
 *   GET /api/admin/reservations/export?…same filters…&sort=created|event_date|event_name
 *       → the filtered reservations as CSV, streamed
 * Answers are gzipped (thousands of by-date rows compress well) and never cached.
 */

routerAdd(
  'GET',
  '/api/admin/reservations/stats',
  (e) => {
    const stats = require(`${__hooks}/lib/reservationStats.js`);
    e.response.header().set('Cache-Control', 'no-store');
    if (!stats.isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can see reservation figures.', data: {} });
    const read = stats.readFilters(e.request.url.query());
    if (read.error) return e.json(400, { status: 400, message: read.error, data: {} });
    return e.blob(200, 'application/json', stats.statsJson(e.app, read.filters));
  },
  $apis.gzip(),
);

routerAdd(
  'GET',
  '/api/admin/reservations/export',
  (e) => {
    const stats = require(`${__hooks}/lib/reservationStats.js`);
    e.response.header().set('Cache-Control', 'no-store');
    if (!stats.isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can export reservations.', data: {} });
    const read = stats.readFilters(e.request.url.query());
    if (read.error) return e.json(400, { status: 400, message: read.error, data: {} });
    const sort = String(e.request.url.query().get('sort') || 'created');
    if (stats.SORTS.indexOf(sort) === -1) return e.json(400, { status: 400, message: `sort must be one of ${stats.SORTS.join(', ')}.`, data: {} });
    e.response.header().set('Content-Type', 'text/csv; charset=utf-8');
    e.response.header().set('Content-Disposition', 'attachment; filename="reservations.csv"');
    e.response.writeHeader(200);
    stats.writeCsv(e.app, read.filters, sort, (text) => {
      e.response.write(text);
      e.flush();
    });
    return null;
  },
  $apis.gzip(),
);
