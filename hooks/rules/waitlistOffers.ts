/**
 * The waitlist's offer decision (issue 12), as a pure function of the night's records and a
 * given "now", so it is unit-tested without a server: which holds have expired, and which
 * waiting parties get the freed seats. hooks/lib/waitlist.ts applies the decision inside the
 * transaction that read the records; the seats left come from the one SQL definition of seats
 * taken (hooks/lib/capacity.ts), which counts live holds and nothing that expired by `now`.
 */
import { waitlistHold } from '../../src/lib/rules/waitlist';

/** A waitlist entry as the decision reads it. */
export interface WaitlistEntryFacts {
  id: string;
  party_size: number;
  status: string;
  /** ISO instant ('2026-11-24T19:30:00.000Z'); empty unless offered */
  offer_expires: string;
  /** PocketBase creation stamp: the order of the line */
  created: string;
}

export interface OfferPlan {
  /** offered entries whose hold ran out at `now`: they leave the line */
  expire: string[];
  /** waiting entries that get an offer now, in line order */
  offer: string[];
  /** when the new holds end (ISO instant) */
  offerExpires: string;
}

/** True when an offer's hold still keeps its seats at `now`. */
export function holdIsLive(entry: Pick<WaitlistEntryFacts, 'status' | 'offer_expires'>, now: Date): boolean {
  return entry.status === 'offered' && entry.offer_expires > now.toISOString();
}

/** The line's order: first come first served (creation time, then id for equal stamps). */
export function lineOrder<T extends Pick<WaitlistEntryFacts, 'created' | 'id'>>(entries: readonly T[]): T[] {
  return entries.slice().sort((a, b) => (a.created === b.created ? (a.id < b.id ? -1 : 1) : a.created < b.created ? -1 : 1));
}

/**
 * The decision for one night at `now`. `seatsLeft` is the night's capacity minus its counted
 * reservations and its live holds at `now` (expired holds no longer count). Expired holds leave
 * the line; then waiting parties are offered greedily in line order, skipping a party that does
 * not fit so a smaller one behind it can still have the seats. No offers when `offersOpen` is
 * false (a night that has passed).
 */
export function planOffers(input: {
  entries: readonly WaitlistEntryFacts[];
  seatsLeft: number;
  now: Date;
  date: string;
  tonight: string;
  offersOpen?: boolean;
}): OfferPlan {
  const { now } = input;
  const expire = lineOrder(input.entries.filter((e) => e.status === 'offered' && !holdIsLive(e, now))).map((e) => e.id);
  const offer: string[] = [];
  let free = input.seatsLeft;
  if (input.offersOpen !== false) {
    for (const entry of lineOrder(input.entries.filter((e) => e.status === 'waiting'))) {
      if (entry.party_size > 0 && entry.party_size <= free) {
        offer.push(entry.id);
        free -= entry.party_size;
      }
    }
  }
  // How long: the shared rule (src/lib/rules/waitlist.ts), which the offer's page reads too.
  const offerExpires = waitlistHold(input.date, now, input.tonight).expires.toISOString();
  return { expire, offer, offerExpires };
}

