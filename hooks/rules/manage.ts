/**
 * The manage link (issue 12): which reservations a guest may still change, and whether a change
 * sent to POST /api/reservations/manage/{token} is acceptable. Pure functions of the record and
 * the venue night, used by the hooks (bundled into pb_hooks/lib/backend.js).
 */
import {
  checkPartySize,
  checkTimeSlot,
  numberField,
  textField,
  text,
  type FieldErrors,
  type Input,
} from '../../src/lib/rules/fieldChecks';
import { isBoardGameNight } from './mail';
import { MANAGE_MESSAGES } from '../../src/lib/rules/waitlist';

/** The fields of a reservation a change is checked against. */
export interface ManagedReservation {
  event_name: string;
  event_date: string;
  event_time: string;
  party_size: number;
  status: string;
}

/**
 * A guest may change (or cancel) a confirmed reservation until its night has passed; `tonight` is
 * the venue night (venueNight: until 4:00 the night that began the evening before).
 */
export function canChangeReservation(r: ManagedReservation, tonight: string): boolean {
  return r.status === 'confirmed' && r.event_date >= tonight;
}

export type ChangeCheck =
  | { kind: 'tooLate' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'nothing' }
  | { kind: 'change'; party_size: number; event_time: string };

/**
 * Checks a requested change as sent (no coercion: `"6"` or `true` for party_size is refused).
 * Only a board game night reservation changes its party size or its arrival time (one of the
 * listed slots); an event reservation keeps one guest and the event's time. Fields left out, or
 * sent unchanged, stay as they are; a body that changes nothing is 'nothing'.
 */
export function checkReservationChange(r: ManagedReservation, body: Input, tonight: string): ChangeCheck {
  if (!canChangeReservation(r, tonight)) return { kind: 'tooLate' };
  const board = isBoardGameNight(r.event_name);
  const errors: FieldErrors = {};
  const sizeSent = body.party_size !== undefined && body.party_size !== null;
  const timeSent = body.event_time !== undefined && body.event_time !== null;
  if (sizeSent) {
    const problem = numberField(body.party_size, checkPartySize);
    if (problem) errors.party_size = problem;
    else if (!board && body.party_size !== r.party_size) errors.party_size = MANAGE_MESSAGES.partySizeFixed;
  }
  if (timeSent) {
    const problem = textField(body.event_time, (v) => (board ? checkTimeSlot(v) : ''));
    if (problem) errors.event_time = problem;
    else if (!board && text(body.event_time) !== r.event_time) errors.event_time = MANAGE_MESSAGES.timeFixed;
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const party_size = sizeSent ? (body.party_size as number) : r.party_size;
  const event_time = timeSent ? text(body.event_time) : r.event_time;
  if (party_size === r.party_size && event_time === r.event_time) return { kind: 'nothing' };
  return { kind: 'change', party_size, event_time };
}
