/**
 * The board game night waitlist (issue 12), as the hooks still run it: the offer pass that hands
 * freed seats to the line after a staff edit of a reservation (offerFreedSeats: server/offers.go,
 * with the decision S.planOffers from the rules bundle, in the caller's transaction). Everything
 * else of the waitlist is Go's: its create (server/creates.go), a guest's links
 * (server/waitlistlinks.go), the every-minute pass (server/offernights.go), and the passes after a
 * capacity write or a reservation's delete and the superusers' pass (server/waitlistpasses.go).
 */

/** Entry ids a pass expired and offered. */
export interface PassResult {
  expired: string[];
  offered: string[];
}

/**
 * The offer pass for one night at `now` (default: the real time), inside the caller's
 * transaction `app`: holds that ran out expire (the guest is mailed and leaves the line), then
 * the earliest waiting parties that fit the seats left are offered a hold and mailed. Returns
 * { expired, offered } (entry ids).
 */
export function offerFreedSeats(app: CoreApp, date: string, now?: Date): PassResult {
  return JSON.parse($offerFreedSeats(app, date, (now || new Date()).toISOString())) as PassResult;
}
