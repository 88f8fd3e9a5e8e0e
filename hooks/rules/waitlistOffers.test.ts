import { describe, expect, it } from 'vitest';
import { holdIsLive, planOffers, type WaitlistEntryFacts } from './waitlistOffers';
import { formatVenueClock, formatVenueDeadline } from '../../src/lib/venueTime';
import { waitlistOfferMail } from './mailWaitlist';

const NIGHT = '2026-12-05';
const NOW = new Date('2026-12-01T15:00:00.000Z');

let n = 0;
function entry(party_size: number, status = 'waiting', offer_expires = ''): WaitlistEntryFacts {
  n += 1;
  return { id: `w${String(n).padStart(14, '0')}`, party_size, status, offer_expires, created: `2026-11-20 10:00:${String(n).padStart(2, '0')}.000Z` };
}

const plan = (entries: WaitlistEntryFacts[], seatsLeft: number, now = NOW, tonight = '2026-12-01') =>
  planOffers({ entries, seatsLeft, now, date: NIGHT, tonight });

describe('planOffers: who gets the freed seats', () => {
  it('two freed seats skip a waiting party of 4 and go to the party of 2 behind it', () => {
    const four = entry(4);
    const two = entry(2);
    expect(plan([four, two], 2).offer).toEqual([two.id]);
  });

  it('offers in line order (creation time), not in the order the records come', () => {
    const first = entry(2);
    const second = entry(2);
    const third = entry(2);
    expect(plan([third, second, first], 4).offer).toEqual([first.id, second.id]);
  });

  it('offers greedily while seats last and nobody when none fit', () => {
    const a = entry(3);
    const b = entry(5);
    const c = entry(1);
    expect(plan([a, b, c], 4).offer).toEqual([a.id, c.id]);
    expect(plan([a, b, c], 0).offer).toEqual([]);
  });

  it('never offers parties already offered, claimed or out of line', () => {
    const held = entry(2, 'offered', '2026-12-01T16:00:00.000Z');
    const gone = [entry(2, 'claimed'), entry(2, 'left'), entry(2, 'expired')];
    expect(plan([held, ...gone], 10)).toMatchObject({ offer: [], expire: [] });
  });

  it('offers nothing for a night that has passed, but still expires its holds', () => {
    const stale = entry(2, 'offered', '2026-12-01T14:00:00.000Z');
    const waiting = entry(2);
    expect(planOffers({ entries: [stale, waiting], seatsLeft: 10, now: NOW, date: NIGHT, tonight: NIGHT, offersOpen: false })).toMatchObject({
      expire: [stale.id],
      offer: [],
    });
  });
});

describe('planOffers: when a hold expires', () => {
  it('a hold is live until the instant it ends, and expires at that instant', () => {
    const end = '2026-12-01T15:00:00.000Z';
    const held = entry(2, 'offered', end);
    expect(holdIsLive(held, new Date('2026-12-01T14:59:59.999Z'))).toBe(true);
    expect(plan([held], 0, new Date('2026-12-01T14:59:59.999Z')).expire).toEqual([]);
    expect(holdIsLive(held, new Date(end))).toBe(false);
    expect(plan([held], 0, new Date(end)).expire).toEqual([held.id]);
  });

  it('the expired party leaves the line and the seats (counted free by now) go to the next party that fits', () => {
    const held = entry(2, 'offered', '2026-12-01T14:30:00.000Z');
    const big = entry(4);
    const next = entry(2);
    const decided = plan([held, big, next], 2);
    expect(decided.expire).toEqual([held.id]);
    expect(decided.offer).toEqual([next.id]);
  });

  it('holds last 2 hours, or 30 minutes on the venue night itself (the shared rule, waitlistHold)', () => {
    expect(plan([entry(2)], 2).offerExpires).toBe('2026-12-01T17:00:00.000Z');
    expect(plan([entry(2)], 2, NOW, NIGHT).offerExpires).toBe('2026-12-01T15:30:00.000Z');
  });

  it('an offer made at 1:48 AM for a night days away is held until 10 AM, not 3:48 AM (issue 31)', () => {
    const at = new Date('2026-12-01T06:48:00.000Z'); // 1:48 AM EST on Tuesday; the venue night is Monday's
    expect(plan([entry(2)], 2, at, '2026-11-30').offerExpires).toBe('2026-12-01T15:00:00.000Z');
  });
});

/** Ada's offer for a party of 2 on `event_date`, made at `offeredAt` and held until `offerExpires`. */
const offerMail = (event_date: string, offerExpires: string, offeredAt: string) =>
  waitlistOfferMail({
    ...{ name: 'Ada', event_date, event_time: '7:30 PM', party_size: 2, offerExpires, offeredAt },
    ...{ pageUrl: 'https://x.test/waitlist/tok', leaveUrl: 'https://x.test/waitlist/tok?leave=1' },
  });

describe('the offer mail', () => {
  it("gives the day the hold ends, for a night weeks away (issue 24)", () => {
    const mail = offerMail('2026-12-26', '2026-12-01T17:05:00.000Z', '2026-12-01 15:05:00.000Z');
    expect(mail.subject).toBe('A table is free on Saturday, December 26: claim it by 12:05 PM on Tuesday, December 1');
    expect(mail.text).toContain('Claim it by 12:05 PM on Tuesday, December 1. Tables are held for 2 hours. After that');
    // After midnight the calendar day is the next one (the venue night is still the evening before).
    expect(formatVenueDeadline(new Date('2026-12-02T05:30:00.000Z'))).toBe('12:30 AM on Wednesday, December 2');
  });

  it('says until when (venue clock) and links to claim and to leave', () => {
    const mail = offerMail(NIGHT, '2026-12-05T23:45:00.000Z', '2026-12-05 23:15:00.000Z');
    expect(formatVenueClock(new Date('2026-12-05T23:45:00.000Z'))).toBe('6:45 PM');
    expect(mail.subject).toBe('A table is free on Saturday, December 5: claim it by 6:45 PM on Saturday, December 5');
    expect(mail.text).toContain('Claim it by 6:45 PM on Saturday, December 5. Tables for tonight are held for 30 minutes.');
    expect(mail.text).toContain('Claim my table: https://x.test/waitlist/tok');
    expect(mail.text).toContain('https://x.test/waitlist/tok?leave=1');
    expect(mail.html).toContain('>Claim my table</a>');
  });

  it('says when the overnight rule ran the hold on to 10 AM', () => {
    const mail = offerMail('2027-01-30', '2026-11-28T15:00:00.000Z', '2026-11-28 06:48:00.000Z');
    expect(mail.subject).toBe('A table is free on Saturday, January 30: claim it by 10:00 AM on Saturday, November 28');
    expect(mail.text).toContain(
      'Claim it by 10:00 AM on Saturday, November 28. Tables are held for 2 hours, but never end overnight (10 PM to 10 AM), so this one is held until 10 AM.',
    );
    expect(mail.html).toContain('so this one is held until 10 AM.');
  });
});
