/// <reference path="../pb_data/types.d.ts" />
/**
 * Custom routes:
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 *   GET  /api/reservations/cancel/{token}                 → the reservation's public summary
 *   POST /api/reservations/cancel/{token}                 → cancels (idempotent), frees the seats, mails
 *   POST /api/reservations/manage/{token}                 → changes party size / arrival time, mails (lib/manage.js)
 * (POST /api/outbox/flush and GET /api/outbox/worker are the Go outbox's: server/outbox/routes.go.)
 */

routerAdd('GET', '/api/availability', (e) => {
  const lib = require(`${__hooks}/lib/server.js`);
  const S = lib.S;
  const from = String(e.request.url.query().get('from') || '');
  const to = String(e.request.url.query().get('to') || from);
  if (!S.isIsoDate(from) || !S.isIsoDate(to)) {
    return e.json(400, { status: 400, message: 'from and to must be dates written YYYY-MM-DD.', data: {} });
  }
  const span = S.daysBetween(from, to) + 1;
  if (span < 1) return e.json(400, { status: 400, message: 'to must not be before from.', data: {} });
  if (span > S.AVAILABILITY_MAX_DAYS) {
    return e.json(400, { status: 400, message: `Ask for at most ${S.AVAILABILITY_MAX_DAYS} days at a time.`, data: {} });
  }
  // Counts only: no names, emails or reservation ids leave this route.
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, { nights: lib.nightAvailability($app, from, to) });
});

// Note: top-level functions are not visible inside handlers (pooled VMs), so each handler is self-contained.

routerAdd('GET', '/api/reservations/cancel/{token}', (e) => {
  const S = require(`${__hooks}/lib/shared.js`);
  const token = e.request.pathValue('token');
  // Records are looked up by token only; the lookup must not be cached by shared caches.
  e.response.header().set('Cache-Control', 'no-store');
  const U = require(`${__hooks}/lib/util.js`);
  const r = U.recordByToken($app, 'reservations', 'cancel_token', token);
  if (!r) return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  return e.json(200, U.cancelSummary(r));
});

routerAdd('POST', '/api/reservations/cancel/{token}', (e) => {
  const lib = require(`${__hooks}/lib/server.js`);
  const S = lib.S;
  const token = e.request.pathValue('token');
  e.response.header().set('Cache-Control', 'no-store');
  if (!S.CANCEL_TOKEN_PATTERN.test(token)) return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });

  let outcome = 'notFound';
  let summary = null;
  $app.runInTransaction((tx) => {
    const r = require(`${__hooks}/lib/util.js`).recordByToken(tx, 'reservations', 'cancel_token', token);
    if (!r) return;
    const status = r.getString('status');
    if (status === 'cancelled') {
      outcome = 'already';
    } else if (!S.canChangeReservation(lib.cancelSummary(r), S.venueNight())) {
      outcome = 'tooLate';
    } else {
      // SEQUENCE up, the cancellation mail and the waitlist's offer, in this transaction (lib/manage.js).
      require(`${__hooks}/lib/manage.js`).cancelReservation(tx, r);
      outcome = 'cancelled';
    }
    summary = lib.cancelSummary(r);
  });

  if (outcome === 'notFound') return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  if (outcome === 'tooLate') return e.json(409, Object.assign({ status: 409, message: S.MESSAGES.cancelTooLate, data: {} }, { reservation: summary }));
  return e.json(200, summary);
});

routerAdd('POST', '/api/reservations/manage/{token}', (e) => {
  return require(`${__hooks}/lib/manage.js`).handleManage(e);
});
