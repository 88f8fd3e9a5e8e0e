/**
 * The board game night waitlist (issue 12). Its create (POST /api/collections/waitlist/records)
 * is the Go create path's (server/creates.go), and so are the offer pass (server/offers.go), the
 * every-minute pass (server/offernights.go) and the guests' links: the entry's page, claiming a
 * held table and leaving the line (server/waitlistlinks.go). Here, in hooks/lib/waitlist-routes.ts:
 *   POST /api/waitlist/offers/run[?at=] → superusers: the cron's pass as of `at` (tests)
 * and the pass after a capacity change or a staff delete of a reservation.
 */
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

