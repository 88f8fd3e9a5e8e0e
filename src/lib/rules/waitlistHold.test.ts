import { describe, expect, it } from 'vitest';
import { venueDateTimeToUtc, venueNight } from '../venueTime';
import { WAITLIST_MESSAGES, waitlistHold } from './waitlist';

/** An instant given as New York wall-clock time. */
function at(date: string, time: string): Date {
  const instant = venueDateTimeToUtc(date, time);
  if (!instant) throw new Error(`bad time ${time}`);
  return instant;
}

const FAR = '2027-01-30'; // a Saturday two months off

describe('waitlistHold: when an offer stops holding its seats (issue 31, defect 7)', () => {
  it('tonight: 30 minutes, at any hour', () => {
    expect(waitlistHold('2026-11-27', at('2026-11-27', '9:00 PM'))).toEqual({ expires: at('2026-11-27', '9:30 PM'), rule: 'tonight' });
    // 12:40 AM Saturday is still Friday's night.
    expect(waitlistHold('2026-11-27', at('2026-11-28', '12:40 AM'))).toEqual({ expires: at('2026-11-28', '1:10 AM'), rule: 'tonight' });
  });

  it('tomorrow night: 2 hours, even overnight', () => {
    expect(waitlistHold('2026-11-28', at('2026-11-27', '11:00 PM'))).toEqual({ expires: at('2026-11-28', '1:00 AM'), rule: 'twoHours' });
    // At 1:48 AM Saturday the venue night is Friday's, so Saturday is tomorrow.
    expect(waitlistHold('2026-11-28', at('2026-11-28', '1:48 AM'))).toEqual({ expires: at('2026-11-28', '3:48 AM'), rule: 'twoHours' });
  });

  it('a night further off, offered in the day: 2 hours', () => {
    expect(waitlistHold(FAR, at('2026-11-27', '10:00 AM'))).toEqual({ expires: at('2026-11-27', '12:00 PM'), rule: 'twoHours' });
    // Ending at 9:59 PM is before the quiet hours.
    expect(waitlistHold(FAR, at('2026-11-27', '7:59 PM'))).toEqual({ expires: at('2026-11-27', '9:59 PM'), rule: 'twoHours' });
  });

  it('a night further off: an end from 10 PM on runs on to 10 AM the next morning', () => {
    expect(waitlistHold(FAR, at('2026-11-27', '8:00 PM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'morning' });
    expect(waitlistHold(FAR, at('2026-11-27', '11:15 PM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'morning' });
  });

  it('the hour after midnight: an offer at 1:48 AM is held until 10 AM that morning, not 3:48 AM', () => {
    expect(waitlistHold(FAR, at('2026-11-28', '12:00 AM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'morning' });
    expect(waitlistHold(FAR, at('2026-11-28', '12:59 AM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'morning' });
    expect(waitlistHold(FAR, at('2026-11-28', '1:48 AM'))).toEqual({ expires: new Date('2026-11-28T15:00:00.000Z'), rule: 'morning' });
    // Ending at 10:00 AM exactly, or later, is outside the quiet hours.
    expect(waitlistHold(FAR, at('2026-11-28', '8:00 AM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'twoHours' });
    expect(waitlistHold(FAR, at('2026-11-28', '7:59 AM'))).toEqual({ expires: at('2026-11-28', '10:00 AM'), rule: 'morning' });
  });

  it('daylight saving: 10 AM on the venue clock on the mornings the clocks change', () => {
    // Spring forward, Sunday March 14 2027: 10 AM is EDT (14:00 UTC); 1:30 AM was EST.
    const spring = new Date('2027-03-14T06:30:00.000Z');
    expect(venueNight(spring)).toBe('2027-03-13');
    expect(waitlistHold('2027-04-10', spring)).toEqual({ expires: new Date('2027-03-14T14:00:00.000Z'), rule: 'morning' });
    // Fall back, Sunday November 7 2027: the second 1:30 AM (EST) → 10 AM EST (15:00 UTC).
    const fall = new Date('2027-11-07T06:30:00.000Z');
    expect(waitlistHold('2027-12-04', fall)).toEqual({ expires: new Date('2027-11-07T15:00:00.000Z'), rule: 'morning' });
    // 9 PM EDT on the Saturday before: 11 PM ends in the quiet hours → 10 AM EST Sunday.
    expect(waitlistHold('2027-12-04', new Date('2027-11-07T01:00:00.000Z'))).toEqual({ expires: new Date('2027-11-07T15:00:00.000Z'), rule: 'morning' });
  });

  it('names the rule it applied, for the mail and the page', () => {
    expect(WAITLIST_MESSAGES.holdRule('tonight')).toBe('Tables for tonight are held for 30 minutes.');
    expect(WAITLIST_MESSAGES.holdRule('twoHours')).toBe('Tables are held for 2 hours.');
    expect(WAITLIST_MESSAGES.holdRule('morning')).toBe('Tables are held for 2 hours, but never end overnight (10 PM to 10 AM), so this one is held until 10 AM.');
  });
});
