/**
 * A staff change or cancellation of a reservation (lib/staff-reservations.ts) saves as the guest's
 * manage link does, in Go (server/reservationmails.go): the invitation's SEQUENCE goes up, the
 * guest's mail is queued in the caller's transaction (an update folds into the one still waiting,
 * as the rules bundle's planReservationMailJson decides) and freed seats go to the waitlist.
 */

/** What the guest was last told of a reservation: the fields an update mail shows, and its status. */
export interface Told {
  party_size: number;
  event_time: string;
  status: string;
}

/** Saves `r`, whose party size, time or status the caller changed and checked, inside `tx`; `before`: what the guest was told. */
export function saveChange(tx: CoreApp, r: core.Record, before: Told): void {
  $saveReservationChange(tx, r, JSON.stringify(before));
}

/** Cancels `r` inside `tx`, with its mail and the waitlist's offer of its seats. */
export function cancelReservation(tx: CoreApp, r: core.Record): void {
  $cancelReservation(tx, r);
}
