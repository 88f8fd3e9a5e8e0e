import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatLongDate,
  formatNight,
  isIsoDate,
  isoWeekday,
  nyOffsetMinutes,
  parseClockTime,
  toIcsUtc,
  venueDateTimeToUtc,
  venueNight,
  venueToday,
  VENUE_NIGHT_ENDS_HOUR,
} from './venueTime';

describe('nyOffsetMinutes (US rule: 2nd Sunday of March 02:00 → 1st Sunday of November 02:00)', () => {
  it.each([
    // 2026: DST from 2026-03-08 07:00Z to 2026-11-01 06:00Z
    ['2026-03-08T06:59:59Z', -300],
    ['2026-03-08T07:00:00Z', -240],
    ['2026-11-01T05:59:59Z', -240],
    ['2026-11-01T06:00:00Z', -300],
    // 2027: 2027-03-14 and 2027-11-07
    ['2027-03-14T06:59:59Z', -300],
    ['2027-03-14T07:00:00Z', -240],
    ['2027-11-07T05:59:59Z', -240],
    ['2027-11-07T06:00:00Z', -300],
    ['2026-07-04T12:00:00Z', -240],
    ['2026-12-25T12:00:00Z', -300],
  ])('%s → %i', (iso, offset) => {
    expect(nyOffsetMinutes(new Date(iso))).toBe(offset);
  });
});

describe('venueToday', () => {
  it('is the New York date, not the UTC date', () => {
    expect(venueToday(new Date('2026-11-22T04:59:00Z'))).toBe('2026-11-21'); // 23:59 EST
    expect(venueToday(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
    expect(venueToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30'); // 23:59 EDT
    expect(venueToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
    expect(venueToday(new Date('2027-01-01T04:30:00Z'))).toBe('2026-12-31');
  });
});

describe('venueNight (a night runs until 4:00 New York time)', () => {
  it('ends at 4:00', () => {
    expect(VENUE_NIGHT_ENDS_HOUR).toBe(4);
  });

  it.each([
    // November (EST, UTC-5): the 23rd's night
    ['2026-11-23T23:00:00Z', '2026-11-23'], // 18:00 on the 23rd
    ['2026-11-24T04:59:00Z', '2026-11-23'], // 23:59 on the 23rd
    ['2026-11-24T05:30:00Z', '2026-11-23'], // 00:30 on the 24th
    ['2026-11-24T08:59:00Z', '2026-11-23'], // 03:59 on the 24th
    ['2026-11-24T08:59:59Z', '2026-11-23'],
    ['2026-11-24T09:00:00Z', '2026-11-24'], // 04:00 on the 24th begins the 24th
    // July (EDT, UTC-4)
    ['2026-07-24T03:59:00Z', '2026-07-23'], // 23:59
    ['2026-07-24T04:30:00Z', '2026-07-23'], // 00:30
    ['2026-07-24T07:59:00Z', '2026-07-23'], // 03:59
    ['2026-07-24T08:00:00Z', '2026-07-24'], // 04:00
    // across a month and a year
    ['2027-01-01T06:00:00Z', '2026-12-31'], // 01:00 on New Year's Day
    ['2026-12-01T07:00:00Z', '2026-11-30'],
  ])('%s belongs to the night of %s', (iso, night) => {
    expect(venueNight(new Date(iso))).toBe(night);
  });

  it('keeps no answer past its minute: 03:59:59.999, 04:00:00.000, and back, asked in a row', () => {
    const at = (iso: string) => venueNight(new Date(iso));
    expect(at('2026-11-24T08:59:00.000Z')).toBe('2026-11-23');
    expect(at('2026-11-24T08:59:59.999Z')).toBe('2026-11-23');
    expect(at('2026-11-24T09:00:00.000Z')).toBe('2026-11-24');
    expect(at('2026-11-24T09:00:59.999Z')).toBe('2026-11-24');
    expect(at('2026-11-24T08:59:59.999Z')).toBe('2026-11-23');
    expect(at('2026-11-24T09:00:00.000Z')).toBe('2026-11-24');
  });

  it('spring forward (2026-03-08, 02:00 EST → 03:00 EDT): the night of the 7th ends at 04:00 EDT', () => {
    expect(venueNight(new Date('2026-03-08T04:59:00Z'))).toBe('2026-03-07'); // 23:59 EST on the 7th
    expect(venueNight(new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-07'); // 01:59 EST
    expect(venueNight(new Date('2026-03-08T07:00:00Z'))).toBe('2026-03-07'); // 03:00 EDT
    expect(venueNight(new Date('2026-03-08T07:59:00Z'))).toBe('2026-03-07'); // 03:59 EDT
    expect(venueNight(new Date('2026-03-08T08:00:00Z'))).toBe('2026-03-08'); // 04:00 EDT
  });

  it('fall back (2026-11-01, 02:00 EDT → 01:00 EST): both 01:30s and 03:59 EST are the night of Oct 31', () => {
    expect(venueNight(new Date('2026-11-01T05:30:00Z'))).toBe('2026-10-31'); // 01:30 EDT
    expect(venueNight(new Date('2026-11-01T06:30:00Z'))).toBe('2026-10-31'); // 01:30 EST
    expect(venueNight(new Date('2026-11-01T08:59:00Z'))).toBe('2026-10-31'); // 03:59 EST
    expect(venueNight(new Date('2026-11-01T09:00:00Z'))).toBe('2026-11-01'); // 04:00 EST
    // 04:00 EDT would have been 08:00Z: the night is not cut short by the extra hour.
    expect(venueNight(new Date('2026-11-01T08:00:00Z'))).toBe('2026-10-31');
  });

  it('is the calendar date from 04:00 to midnight', () => {
    expect(venueNight(new Date('2026-11-24T17:00:00Z'))).toBe(venueToday(new Date('2026-11-24T17:00:00Z')));
  });
});

describe('venueDateTimeToUtc', () => {
  it.each([
    ['2026-12-05', '7:30 PM', '2026-12-06T00:30:00.000Z'],
    ['2026-12-05', '7:30pm', '2026-12-06T00:30:00.000Z'],
    ['2026-12-05', '6pm', '2026-12-05T23:00:00.000Z'],
    ['2026-07-10', '7pm-11pm', '2026-07-10T23:00:00.000Z'],
    ['2026-07-10', '10PM', '2026-07-11T02:00:00.000Z'],
    ['2026-07-10', '12:00 AM', '2026-07-10T04:00:00.000Z'],
    ['2026-07-10', '12pm', '2026-07-10T16:00:00.000Z'],
    ['2026-07-10', '19:30', '2026-07-10T23:30:00.000Z'],
    ['2026-11-22', '1pm and 10pm', '2026-11-22T18:00:00.000Z'],
    // DST days: before and after the switch
    ['2026-03-08', '1:30 AM', '2026-03-08T06:30:00.000Z'],
    ['2026-03-08', '3:30 AM', '2026-03-08T07:30:00.000Z'],
    ['2026-03-08', '7:00 PM', '2026-03-08T23:00:00.000Z'],
    ['2026-03-07', '7:00 PM', '2026-03-08T00:00:00.000Z'],
    ['2026-11-01', '7:00 PM', '2026-11-02T00:00:00.000Z'],
    ['2026-10-31', '7:00 PM', '2026-10-31T23:00:00.000Z'],
    ['2026-11-01', '0:30', '2026-11-01T04:30:00.000Z'],
  ])('%s %s → %s', (date, time, iso) => {
    expect(venueDateTimeToUtc(date, time)?.toISOString()).toBe(iso);
  });

  it('returns null for unreadable input', () => {
    expect(venueDateTimeToUtc('2026-12-05', 'evening')).toBeNull();
    expect(venueDateTimeToUtc('2026-02-30', '7pm')).toBeNull();
    expect(parseClockTime('13pm')).toBeNull();
  });

  it('formats iCalendar UTC stamps', () => {
    expect(toIcsUtc(new Date('2026-12-06T00:30:00Z'))).toBe('20261206T003000Z');
  });
});

describe('dates', () => {
  it('formats long dates and nights', () => {
    expect(formatLongDate('2026-12-05')).toBe('Saturday, December 5, 2026');
    expect(formatNight('2026-12-05')).toBe('Saturday, December 5');
    expect(formatLongDate('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('validates, adds and compares', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2027-03-21')).toBe(119);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });
});
