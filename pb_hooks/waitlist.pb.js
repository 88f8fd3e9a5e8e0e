/// <reference path="../pb_data/types.d.ts" />
/**
 * The board game night waitlist (issue 12). The create is the public create hook
 * (POST /api/collections/waitlist/records, lib/public-create.js + lib/waitlist.js); here:
 *   GET  /api/waitlist/entry/{id}       → { status, event_date, night, party_size, event_time, position, offer_expires }
 *   GET  /api/waitlist/{token}          → the same plus name (the page behind every waitlist mail link)
 *   POST /api/waitlist/{token}/claim    → { reservation } (exactly once); 409 offerExpired | notOffered | left; 404
 *   POST /api/waitlist/{token}/leave    → the summary, status 'left' (idempotent); a held table is offered on
 *   POST /api/waitlist/offers/run[?at=] → superusers: the cron's pass as of `at` (tests)
 * and the every-minute pass that expires holds and offers their seats on. See lib/waitlist-routes.js.
 */
routerAdd('GET', '/api/waitlist/entry/{id}', (e) => require(`${__hooks}/lib/waitlist-routes.js`).entry(e));

routerAdd('GET', '/api/waitlist/{token}', (e) => require(`${__hooks}/lib/waitlist-routes.js`).view(e));

routerAdd('POST', '/api/waitlist/{token}/claim', (e) => require(`${__hooks}/lib/waitlist-routes.js`).claim(e));

routerAdd('POST', '/api/waitlist/{token}/leave', (e) => require(`${__hooks}/lib/waitlist-routes.js`).leave(e));

routerAdd('POST', '/api/waitlist/offers/run', (e) => require(`${__hooks}/lib/waitlist-routes.js`).runOffers(e), $apis.requireSuperuserAuth());

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/server.js`).handleCreate(e, 'waitlist');
}, 'waitlist');

/** A capacity increase (a night's own figure, or the default for every night) offers the room it makes. */
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist.js`).afterCapacityChange(e.record);
}, 'capacity');

onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist.js`).afterCapacityChange(e.record);
}, 'capacity');

/** A reservation staff delete gives its seats back too (the cron would find them within the minute). */
onRecordAfterDeleteSuccess((e) => {
  e.next();
  const W = require(`${__hooks}/lib/waitlist.js`);
  const date = e.record.getString('event_date');
  W.inTransaction((tx) => W.offerFreedSeats(tx, date));
}, 'reservations');

/** Holds that ran out pass to the next party that fits, within a minute (and any seats freed unseen). */
cronAdd('venue_waitlist_expiry', '* * * * *', () => {
  const W = require(`${__hooks}/lib/waitlist.js`);
  const done = W.inTransaction((tx) => W.offerAllNights(tx));
  if (done.expired.length + done.offered.length > 0) $app.logger().info('waitlist pass', 'expired', done.expired.length, 'offered', done.offered.length);
});
