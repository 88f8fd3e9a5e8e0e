/**
 * The board game night waitlist (issue 12), as the hooks run it: the offer pass that hands freed
 * seats to the line (offerFreedSeats: server/offers.go, with the decision S.planOffers from the
 * rules bundle, in the caller's transaction), a pass over every night with a live line
 * (offerAllNights: server/offernights.go, whose every-minute cron is Go's) and after a capacity change. The waitlist's create is
 * the Go create path's (server/creates.go), and so are a guest's links (server/waitlistlinks.go).
 */
import * as Tx from './write-queue';

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

/**
 * The pass for every night whose line is live at `now` (server/offernights.go, which the
 * every-minute cron runs too), inside the caller's transaction `app`.
 */
export function offerAllNights(app: CoreApp, now?: Date): PassResult & { nights: number } {
  return JSON.parse($offerAllNights(app, (now || new Date()).toISOString())) as PassResult & { nights: number };
}

/** After a capacity record is written: its night (or, for the default, every night) may have room. */
export function afterCapacityChange(record: core.Record): PassResult {
  const date = record.getString('date');
  return Tx.inWriteTransaction((tx) => (date === 'default' ? offerAllNights(tx) : offerFreedSeats(tx, date)));
}

