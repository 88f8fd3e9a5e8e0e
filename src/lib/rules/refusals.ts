/**
 * Refusal codes (issue 26): the stable, machine-readable name of a refusal, sent beside its human
 * message as the answer's top-level `code` ({status, message, code, data}; README "Refusal codes").
 * The browser decides by the code, never by the words, so the words can follow the spec and change
 * without breaking a decision. The hooks (hooks/rules re-exports it) and the browser read
 * this one table. A refusal's code comes from whoever refuses (a form check: refusalCodes.ts; the
 * seats and the manage link: here), never from reading its words.
 */
import { formatNight } from '../venueTime';
import { MESSAGES } from './limits';
import { CHECK_REFUSALS } from './refusalCodes';
import { MANAGE_MESSAGES } from './waitlist';

/** Each code and the words it answers with (the spec's and ours, from MESSAGES). */
export const REFUSALS = {
  /** The night has no seat left. */
  night_full: MESSAGES.nightFull,
  /** Some seats are left, fewer than the party. */
  not_enough_seats: MESSAGES.notEnoughSeats,
  /** A form check's refusals: a date past or too far, a pass date, an unknown or unscheduled event. */
  ...CHECK_REFUSALS,
  /** The manage link's change of a reservation whose night has passed (or that is no longer confirmed): 409. */
  change_too_late: MANAGE_MESSAGES.changeTooLate,
} as const;

export type RefusalCode = keyof typeof REFUSALS;

/** The codes that mean "the night cannot seat this party": the waitlist is offered for them. */
export const CAPACITY_REFUSAL_CODES: readonly RefusalCode[] = ['night_full', 'not_enough_seats'];

/** Does an answer's code say the night cannot seat the party? Any other value (none, unknown) is not. */
export function isCapacityCode(code: unknown): boolean {
  return typeof code === 'string' && (CAPACITY_REFUSAL_CODES as readonly string[]).includes(code);
}

/** A capacity refusal with its code: the night is full (on event_date), or too few seats are left (on party_size). */
export function seatsRefusal(date: string, seatsLeft: number): { code: RefusalCode; message: string; fields: Record<string, string> } {
  const night = formatNight(date);
  if (seatsLeft <= 0) {
    const message = REFUSALS.night_full(night);
    return { code: 'night_full', message, fields: { event_date: message } };
  }
  const message = REFUSALS.not_enough_seats(night, seatsLeft);
  return { code: 'not_enough_seats', message, fields: { party_size: message } };
}

/** The top-level code of a refusal's JSON answer ('' when it has none). */
export function refusalCodeOf(body: unknown): string {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
