/**
 * The waitlist's routes left to the hooks (hooks/register/waitlist.pb.ts): the superusers' pass
 * as of an instant, and the pass after a staff delete of a reservation. The guests' links are
 * Go's (server/waitlistlinks.go).
 */
import * as Http from './http';
import * as Tx from './write-queue';
import * as W from './waitlist';

/**
 * POST /api/waitlist/offers/run[?at=ISO instant] (superusers): the cron's pass over every night,
 * as of `at`, so tests step past a hold's end without waiting for it.
 */
export function runOffers(e: core.RequestEvent): void {
  const at = Http.queryValue(e, 'at');
  const now = at ? new Date(at) : new Date();
  if (at && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(at) || isNaN(now.getTime()))) {
    return Http.fail(e, 400, 'at must be an instant written YYYY-MM-DDTHH:MM:SS.sssZ.');
  }
  return e.json(200, Tx.inWriteTransaction((tx) => W.offerAllNights(tx, now)));
}


/** A reservation staff delete gives its seats back too (the cron would find them within the minute). */
export function afterReservationDelete(record: core.Record): void {
  const date = record.getString('event_date');
  Tx.inWriteTransaction((tx) => W.offerFreedSeats(tx, date));
}
