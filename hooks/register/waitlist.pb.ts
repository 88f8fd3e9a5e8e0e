/**
 * The board game night waitlist (issue 12). The create is the public create hook
 * (POST /api/collections/waitlist/records) is the Go create path's (server/creates.go, with the rules
 * of hooks/lib/create-plan.ts), and so is the offer pass (server/offers.go); here:
 *   GET  /api/waitlist/entry/{id}       → { status, event_date, night, party_size, event_time, position, offer_expires }
 *   GET  /api/waitlist/{token}          → the same plus name (the page behind every waitlist mail link)
 *   POST /api/waitlist/{token}/claim    → { reservation } (exactly once); 409 offerExpired | notOffered | left; 404
 *   POST /api/waitlist/{token}/leave    → the summary, status 'left' (idempotent); a held table is offered on
 *   POST /api/waitlist/offers/run[?at=] → superusers: the cron's pass as of `at` (tests)
 * See hooks/lib/waitlist-routes.ts. The every-minute pass that expires holds and offers their seats
 * on is Go's (server/offernights.go).
 */
routerAdd('GET', '/api/waitlist/entry/{id}', (e) => require(`${__hooks}/lib/backend.js`).waitlistEntry(e));

routerAdd('GET', '/api/waitlist/{token}', (e) => require(`${__hooks}/lib/backend.js`).waitlistView(e));

routerAdd('POST', '/api/waitlist/{token}/claim', (e) => require(`${__hooks}/lib/backend.js`).waitlistClaim(e));

routerAdd('POST', '/api/waitlist/{token}/leave', (e) => require(`${__hooks}/lib/backend.js`).waitlistLeave(e));

routerAdd('POST', '/api/waitlist/offers/run', (e) => require(`${__hooks}/lib/backend.js`).waitlistRunOffers(e), $apis.requireSuperuserAuth());

/** A capacity increase (a night's own figure, or the default for every night) offers the room it makes. */
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/backend.js`).afterCapacityChange(e.record as core.Record);
}, 'capacity');

onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/backend.js`).afterCapacityChange(e.record as core.Record);
}, 'capacity');

/** A reservation staff delete gives its seats back too (the cron would find them within the minute). */
onRecordAfterDeleteSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/backend.js`).afterReservationDelete(e.record as core.Record);
}, 'reservations');

