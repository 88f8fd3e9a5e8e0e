/**
 * Staff changes of reservations from the tablet (issue 25): status, party size and arrival time,
 * and walk-ins. The rules (README, staff section):
 *  - the overlap rule per field (lib/staff-outcome.js settleOn);
 *  - a change that needs seats (a bigger party, cancelled or no-show back to confirmed or
 *    arrived, a walk-in) passes capacity.js checkSeats in this transaction, as a guest's booking,
 *    refused in staff's words (S.staffSeatsMessage: seats left and held for the waitlist);
 *  - a change of party size or time, or a cancellation, on a night that has passed is too late;
 *  - a party size or time for a reservation cancelled meanwhile is refused (`cancelled`), unless
 *    the same change restores it;
 *  - the guest hears about it as from the manage link (lib/reservation-saves.ts, server/reservationmails.go): a cancellation mails the
 *    cancellation, a new party size or time (or a restore to confirmed) the updated invitation,
 *    queued in this transaction; arrived and no-show mail nothing. Freed seats go to the waitlist.
 */
import * as S from '../rules';
import * as Guests from './guest-records';
import type * as Http from './http';
import * as Ids from './ids';
import * as C from './capacity';
import * as M from './reservation-saves';
import * as R from './sync-records';
import * as O from './staff-outcome';
import { offerFreedSeats } from './waitlist';
import type { Appliers } from './staff-lists';

/** A reservation as it was before the change. */
interface Before {
  status: string;
  party: number;
  time: string;
  counts: boolean;
}

const NAME = 'reservations';

/** The seats refusal of `r` as it would be saved, or null: counted with what it held before. */
function seatsRefusal(tx: CoreApp, r: core.Record, before: Before): Http.Refusal | null {
  const grows = C.takesSeats(r) && (!before.counts || r.getInt('party_size') > before.party);
  if (!grows) return null;
  return C.checkSeats(tx, r.getString('event_date'), r.getInt('party_size'), before.counts ? before.party : 0, undefined, true);
}

/** Saves `r` with the changed fields and queues what the guest hears about it. */
function save(tx: CoreApp, r: core.Record, before: Before): void {
  const status = r.getString('status');
  const resized = r.getInt('party_size') !== before.party || r.getString('event_time') !== before.time;
  // A cancellation is mailed once, when the status becomes cancelled.
  if (status === 'cancelled' && before.status !== 'cancelled') return M.cancelReservation(tx, r);
  if (resized || (before.status === 'cancelled' && status === 'confirmed')) M.saveChange(tx, r, { party_size: before.party, event_time: before.time, status: before.status });
  else tx.save(r);
  // A no-show (or any change that stops counting) gives its seats back to the waitlist.
  if (before.counts && !C.takesSeats(r)) offerFreedSeats(tx, r.getString('event_date'));
}

function update(tx: CoreApp, change: O.Change): O.Outcome {
  const r = R.find(tx, NAME, change.record_id);
  if (!r) return O.notFound();
  const errors = S.validateReservationFields(change.fields, S.isBoardGameNight(r.getString('event_name')));
  if (Object.keys(errors).length) return O.invalid(errors, NAME, r);
  const settled = O.settleOn(NAME, r, change);
  if ('outcome' in settled) return settled.outcome;
  const apply = settled.apply;
  if (Object.keys(apply).length === 0) return O.applied(NAME, r);
  // Cancelled meanwhile (another tablet, the guest's link): a new size or time would be stored on a
  // cancelled booking and mailed as a second cancellation. Only a change that restores it may.
  const resizes = apply.party_size !== undefined || apply.event_time !== undefined;
  if (resizes && r.getString('status') === 'cancelled' && apply.status === undefined) {
    return O.refused('cancelled', S.SYNC_MESSAGES.cancelledMeanwhile, NAME, r);
  }
  const late = r.getString('event_date') < S.venueNight() && (resizes || apply.status === 'cancelled');
  if (late) return O.refused('too_late', S.SYNC_MESSAGES.tooLate, NAME, r);
  const before: Before = { status: r.getString('status'), party: r.getInt('party_size'), time: r.getString('event_time'), counts: C.takesSeats(r) };
  if (apply.status !== undefined) r.set('status', apply.status);
  if (apply.party_size !== undefined) r.set('party_size', apply.party_size);
  if (apply.event_time !== undefined) r.set('event_time', S.text(apply.event_time));
  const refusal = seatsRefusal(tx, r, before);
  if (refusal) return O.refused('capacity', refusal.message, NAME, R.find(tx, NAME, r.id), refusal.fields);
  save(tx, r, before);
  return O.applied(NAME, r);
}

/** A walk-in: a board game night party arrived tonight, added from the dashboard (no mail). */
function create(tx: CoreApp, change: O.Change): O.Outcome {
  const f = change.fields;
  if (R.find(tx, NAME, change.record_id)) return O.invalid({ id: S.SYNC_MESSAGES.recordExists });
  const tonight = S.venueNight();
  // Made offline before 4:00 and sent after: that night is over.
  if (S.isIsoDate(f.event_date) && f.event_date < tonight) return O.refused('too_late', S.SYNC_MESSAGES.walkInTonight);
  const errors = S.validateWalkIn(f, tonight);
  if (Object.keys(errors).length) return O.invalid(errors);
  // validateWalkIn accepted party_size as a whole number.
  const refusal = C.checkSeats(tx, tonight, f.party_size as number, 0, undefined, true);
  if (refusal) return O.refused('capacity', refusal.message, null, null, refusal.fields);
  const r = new Record(tx.findCollectionByNameOrId(NAME));
  r.set('id', change.record_id);
  r.load(Guests.guestFields(f));
  r.load({
    event_name: S.BOARD_GAME_NIGHT,
    event_date: tonight,
    event_time: S.text(f.event_time),
    party_size: f.party_size,
    source: 'kiosk',
    status: 'arrived',
    cancel_token: Ids.randomToken(),
    ics_sequence: 0,
    reminded_at: '',
  });
  // Checked above with the shared rules; the collection's own check would refuse the empty email a walk-in may have.
  tx.saveNoValidate(r);
  return O.applied(NAME, r);
}

function remove(): O.Outcome {
  return O.invalid({ op: S.SYNC_MESSAGES.reservationNotDeleted });
}

/** The reservations' appliers (lib/staff-changes.ts). */
export const reservationAppliers: Appliers = { create, update, delete: remove };
