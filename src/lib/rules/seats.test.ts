import { describe, expect, it } from 'vitest';
import { nightSeats, SEATS_SQL, staffSeatsMessage, seatsOf } from './seats';

const now = new Date('2026-11-28T00:30:00.000Z'); // 7:30 PM in New York
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const party = (status: string, party_size: number, event_name = 'Board Game Night') => ({ status, party_size, event_name });
const hold = (status: string, party_size: number, offer_expires: string) => ({ status, party_size, offer_expires });

describe('seats taken: one definition', () => {
  it('counts board game night parties that still count and the live holds, and when the first hold ends', () => {
    const reservations = [party('confirmed', 4), party('arrived', 3), party('cancelled', 5), party('no_show', 2), party('confirmed', 1, 'Pokemon TCG')];
    const waitlist = [hold('offered', 2, at(35)), hold('offered', 1, at(20)), hold('offered', 6, at(-1)), hold('waiting', 3, ''), hold('claimed', 2, at(30))];
    expect(nightSeats(12, reservations, waitlist, now)).toEqual({ capacity: 12, reserved: 7, held: 3, heldUntil: at(20), taken: 10, left: 2 });
  });

  it('never leaves fewer than 0 seats, and no hold end without a hold', () => {
    expect(seatsOf(4, 6, 0, 'x')).toEqual({ capacity: 4, reserved: 6, held: 0, heldUntil: '', taken: 6, left: 0 });
  });

  it('says the same thing in SQL for the server', () => {
    expect(SEATS_SQL.reservation).toBe("event_name = {:name} AND status NOT IN ('cancelled', 'no_show')");
    expect(SEATS_SQL.hold).toBe("status = 'offered' AND offer_expires > {:now}");
  });
});

describe("a staff change refused for seats, in staff's words", () => {
  it('tonight, full with seats held for the waitlist', () => {
    expect(staffSeatsMessage('2026-11-27', seatsOf(10, 8, 2, at(35)), 2, '2026-11-27')).toBe('Tonight is full: 0 seats left, 2 held for the waitlist until 8:05 PM.');
  });

  it('another night with too few seats, and none held', () => {
    expect(staffSeatsMessage('2026-12-05', seatsOf(10, 9, 0, ''), 3, '2026-11-27')).toBe('Saturday, December 5 has 1 seat left: not enough for a party of 3.');
  });
});
