/**
 * The reservations' own routes and staff edits (routes.pb.ts, records.pb.ts):
 *   GET  /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD  → { nights: [{ date, capacity, seatsLeft }] }
 *   GET  /api/reservations/cancel/{token}                 → the reservation's public summary
 *   POST /api/reservations/cancel/{token}                 → cancels (idempotent), frees the seats, mails
 * and the checks on a staff edit of a reservation.
 */
import * as S from '../rules';
import * as Guests from './guest-records';
import * as Http from './http';
import * as Rows from './rows';
import * as C from './capacity';
import { cancelReservation } from './manage';
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

export function cancelLookup(e: core.RequestEvent): void {
  const token = Http.pathValue(e, 'token');
  // Records are looked up by token only; the lookup must not be cached by shared caches.
  e.response.header().set('Cache-Control', 'no-store');
  const r = Rows.recordByToken($app, 'reservations', 'cancel_token', token);
  if (!r) return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  return e.json(200, Guests.cancelSummary(r));
}

export function cancel(e: core.RequestEvent): void {
  const token = Http.pathValue(e, 'token');
  e.response.header().set('Cache-Control', 'no-store');
  if (!S.CANCEL_TOKEN_PATTERN.test(token)) return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });

  let outcome: 'notFound' | 'already' | 'tooLate' | 'cancelled' = 'notFound';
  let summary: Guests.CancelSummary | null = null;
  $app.runInTransaction((tx) => {
    const r = Rows.recordByToken(tx, 'reservations', 'cancel_token', token);
    if (!r) return;
    const status = r.getString('status');
    if (status === 'cancelled') {
      outcome = 'already';
    } else if (!S.canChangeReservation(Guests.cancelSummary(r), S.venueNight())) {
      outcome = 'tooLate';
    } else {
      // SEQUENCE up, the cancellation mail and the waitlist's offer, in this transaction (lib/manage.ts).
      cancelReservation(tx, r);
      outcome = 'cancelled';
    }
    summary = Guests.cancelSummary(r);
  });

  const done = outcome as typeof outcome; // set inside the transaction's callback
  if (done === 'notFound') return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  if (done === 'tooLate') return e.json(409, Object.assign({ status: 409, message: S.MESSAGES.cancelTooLate, data: {} }, { reservation: summary }));
  return e.json(200, summary);
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
