/// <reference path="../pb_data/types.d.ts" />
/**
 * Custom routes:
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 *   GET  /api/reservations/cancel/{token}                 → the reservation's public summary
 *   POST /api/reservations/cancel/{token}                 → cancels (idempotent), frees the seats, mails
 *   POST /api/reservations/manage/{token}                 → changes party size / arrival time, mails (lib/manage.js)
 *   POST /api/outbox/flush[?at=…]                         → superusers: send due jobs now (or as of `at`)
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
      r.set('status', 'cancelled');
      // The cancellation's .ics (METHOD:CANCEL) must outrank every invitation sent before it.
      r.set('ics_sequence', r.getInt('ics_sequence') + 1);
      tx.save(r);
      // The worker renders the mail from the record (now cancelled) when it sends it.
      // Keyed by its SEQUENCE: a reservation staff restored and the guest cancels again is mailed again.
      const job = { kind: 'mail', template: 'reservation_cancelled', key: String(r.getInt('ics_sequence')), recipient: r.getString('email'), payload: '{}' };
      lib.enqueue(tx, 'reservations', r.id, [job]);
      // The freed seats go to the night's waitlist (an offer with a hold), in this transaction.
      require(`${__hooks}/lib/waitlist.js`).offerFreedSeats(tx, r.getString('event_date'));
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

routerAdd(
  'POST',
  '/api/outbox/flush',
  (e) => {
    const lib = require(`${__hooks}/lib/server.js`);
    const limit = Math.min(500, Number(e.request.url.query().get('limit') || '200') || 200);
    // `at`: act as if it were that time (a PocketBase datetime), so tests step through backoff.
    const at = String(e.request.url.query().get('at') || '');
    if (at && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(at)) {
      return e.json(400, { status: 400, message: 'at must be a datetime written YYYY-MM-DD HH:MM:SS.sssZ.', data: {} });
    }
    return e.json(200, lib.flushDue($app, limit, at));
  },
  $apis.requireSuperuserAuth(),
);

/**
 * The outbox worker: sends what is due (retries with backoff; nothing is dropped). server/outbox.go
 * runs this job right after a create commits and every few seconds; the minute schedule is the
 * fallback when the hooks run in a server without that loop.
 */
cronAdd('venue_outbox_worker', '* * * * *', () => {
  const lib = require(`${__hooks}/lib/server.js`);
  const summary = lib.flushDue($app, 200);
  if (summary.processed > 0) $app.logger().info('outbox worker run', 'sent', summary.sent, 'failed', summary.failed, 'skipped', summary.skipped);
});
