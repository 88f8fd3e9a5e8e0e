/**
 * The one definition of a board game night's seats taken (issue 31): its reservations that still
 * count (board game night, not cancelled, not a no-show) and the waitlist's live holds (offered,
 * hold not over). Written twice side by side, as records for the tablet's copy (nightSeats, read by
 * the seat card) and as SQL conditions for the server (SEATS_SQL, read by hooks/lib/capacity.ts:
 * the capacity check, availability, the waitlist's offers), from the same constants. Also the
 * sentence staff read when a staff change is refused for seats.
 */
import { BOARD_GAME_NIGHT, SEAT_FREEING_STATUSES } from './limits';
import { formatNight, formatVenueClock } from '../venueTime';

/** The waitlist status of an entry holding seats for its offer (until offer_expires). */
export const HOLD_STATUS = 'offered';

export interface SeatReservation {
  event_name: string;
  status: string;
  party_size: number;
}

export interface SeatHold {
  status: string;
  party_size: number;
  /** ISO instant (toISOString), compared as text */
  offer_expires: string;
}

/** Does a reservation take seats on its night? */
export function takesSeats(r: Pick<SeatReservation, 'event_name' | 'status'>): boolean {
  return r.event_name === BOARD_GAME_NIGHT && !(SEAT_FREEING_STATUSES as readonly string[]).includes(r.status);
}

/** Does a waitlist entry hold seats at `now` (an offer whose hold is not over)? */
export function holdsSeats(h: Pick<SeatHold, 'status' | 'offer_expires'>, now: Date): boolean {
  return h.status === HOLD_STATUS && h.offer_expires > now.toISOString();
}

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The same definition as SQL conditions. `reservation` binds {:name} (BOARD_GAME_NIGHT); `hold`
 * binds {:now} (an ISO instant, as offer_expires is written).
 */
export const SEATS_SQL = {
  reservation: `event_name = {:name} AND status NOT IN (${quoted(SEAT_FREEING_STATUSES)})`,
  hold: `status = '${HOLD_STATUS}' AND offer_expires > {:now}`,
} as const;

/** A night's seats: the cap, what reservations and holds take, and what is left. */
export interface NightSeats {
  capacity: number;
  reserved: number;
  held: number;
  /** when the first live hold ends (ISO), '' when none */
  heldUntil: string;
  taken: number;
  left: number;
}

/** A night's seats from its numbers (the server's one query, or the tablet's records). */
export function seatsOf(capacity: number, reserved: number, held: number, heldUntil: string): NightSeats {
  const taken = reserved + held;
  return { capacity, reserved, held, heldUntil: held > 0 ? heldUntil : '', taken, left: Math.max(0, capacity - taken) };
}

/** A night's seats from its reservations and waitlist entries (any night's records are skipped by the caller). */
export function nightSeats(capacity: number, reservations: readonly SeatReservation[], waitlist: readonly SeatHold[], now: Date): NightSeats {
  let reserved = 0;
  for (const r of reservations) if (takesSeats(r)) reserved += r.party_size;
  let held = 0;
  let heldUntil = '';
  for (const h of waitlist) {
    if (!holdsSeats(h, now)) continue;
    held += h.party_size;
    if (!heldUntil || h.offer_expires < heldUntil) heldUntil = h.offer_expires;
  }
  return seatsOf(capacity, reserved, held, heldUntil);
}

const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * Why a staff change (a walk-in, a bigger party, a restore) is refused for seats, in staff's
 * words: "Tonight is full: 0 seats left, 2 held for the waitlist until 8:05 PM." The guest's
 * words ("… is fully booked. Please choose another night.") are for guests.
 */
export function staffSeatsMessage(date: string, night: NightSeats, want: number, tonight: string): string {
  const when = date === tonight ? 'Tonight' : formatNight(date);
  const held = night.held > 0 ? `, ${night.held} held for the waitlist until ${formatVenueClock(new Date(night.heldUntil))}` : '';
  if (night.left === 0) return `${when} is full: 0 seats left${held}.`;
  return `${when} has ${seats(night.left)} left${held}: not enough for a party of ${want}.`;
}
