/**
 * The reservations' own routes and staff edits (routes.pb.ts, records.pb.ts):
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 * and the checks on a staff edit of a reservation. (The manage link is Go's: server/managelink.go.)
 */
import * as S from '../rules';
import * as Http from './http';
import * as Rows from './rows';
import * as C from './capacity';
import { offerFreedSeats } from './waitlist';

export function availability(e: core.RequestEvent): void {
  const from = Http.queryValue(e, 'from');
  const to = Http.queryValue(e, 'to') || from;
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
  return e.json(200, { nights: C.nightAvailability($app, from, to) });
}

/**
 * Staff edits of a reservation keep the same invariants: a board game night time stays a slot,
 * event reservations keep party_size 1, and a change of night, party size or status back from
 * cancelled or no-show must still fit the night's cap (checked in the same transaction as the
 * write). A change that gives seats back (cancelled, no-show, a smaller party, another night)
 * runs the waitlist's offer pass for the night it left, in the same transaction.
 */
export function guardReservationUpdate(e: core.RecordRequestEvent): void {
  const r = Rows.recordOf(e);
  const before = r.original();
  const board = S.isBoardGameNight(r.getString('event_name'));
  if (board) r.set('event_name', S.BOARD_GAME_NIGHT);
  else r.set('party_size', 1);
  if (board && S.TIME_SLOTS.indexOf(r.getString('event_time') as S.TimeSlot) === -1 && r.getString('event_time') !== before.getString('event_time')) {
    return Http.rejectFields(e, { event_time: S.MESSAGES.timeNotSlot });
  }
  const counts = C.takesSeats;
  const moved = before.getString('event_date') !== r.getString('event_date');
  const grows = counts(r) && (!counts(before) || moved || r.getInt('party_size') > before.getInt('party_size'));
  const frees = counts(before) && (!counts(r) || moved || r.getInt('party_size') < before.getInt('party_size'));
  if (!grows && !frees) return e.next();

  // The same check (and message) as a public create, inside the transaction of the write.
  let rejection: Http.Refusal | null = null;
  const originalApp = e.app;
  try {
    // e.app: the activity log's transaction for a staff request (lib/activity-log.ts), nested into.
    originalApp.runInTransaction((tx) => {
      e.app = tx;
      const date = r.getString('event_date');
      if (grows) {
        const alreadyCounted = counts(before) && !moved ? before.getInt('party_size') : 0;
        rejection = C.checkSeats(tx, date, r.getInt('party_size'), alreadyCounted);
        if (rejection) return;
      }
      e.next();
      if (frees) offerFreedSeats(tx, before.getString('event_date'));
    });
  } finally {
    e.app = originalApp;
  }
  const refusal = rejection as Http.Refusal | null; // set inside the transaction's callback
  if (refusal) return Http.rejectFields(e, refusal.fields, refusal.message, refusal.code);
}

/**
 * ics_sequence and reminded_at are the server's (the manage link, the cancel route and the
 * reminders write them): a staff edit keeps them as they are, so clearing reminded_at cannot send a second
 * reminder and an invitation's SEQUENCE never goes back; erased_at is retention's. Runs after records.pb.js's checks.
 */
export function keepServerFields(e: core.RecordRequestEvent): void {
  const record = Rows.recordOf(e);
  const before = record.original();
  record.set('ics_sequence', before.getInt('ics_sequence'));
  record.set('reminded_at', before.getString('reminded_at'));
  record.set('erased_at', before.getString('erased_at'));
  return e.next();
}
