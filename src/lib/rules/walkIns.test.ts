import { describe, expect, it } from 'vitest';
import seedEvents from '../../../pb_migrations/seed/events.json';
import { TIME_SLOTS } from './limits';
import { validateBoardGameReservation } from './validate';
import { MESSAGES } from './limits';
import { WALK_IN_MESSAGES, checkWalkInArrival, openTablesOn, walkInsAt, type ScheduleRow } from './walkIns';
import { venueDateTimeToUtc } from '../venueTime';

/** The weekly schedule as seeded (staff edit it): 10:30 PM Mon–Wed and Sun, 11 PM Thu, midnight Fri and Sat. */
const SCHEDULE: ScheduleRow[] = seedEvents.filter((e) => e.kind === 'weekly').map((e) => ({ kind: e.kind, weekday: e.weekday ?? 0, time: e.time, open_tables: e.open_tables }));

/** An instant given as New York wall-clock time. */
function at(date: string, time: string): Date {
  const instant = venueDateTimeToUtc(date, time);
  if (!instant) throw new Error(`bad time ${time}`);
  return instant;
}

// Monday November 23 to Sunday November 29, 2026.
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const FRIDAY = '2026-11-27';

describe('openTablesOn: each night from the weekly schedule', () => {
  it.each([
    [WEEK[0], 'Monday', '2026-11-23', '10:30 PM'],
    [WEEK[1], 'Tuesday', '2026-11-24', '10:30 PM'],
    [WEEK[2], 'Wednesday', '2026-11-25', '10:30 PM'],
    [WEEK[3], 'Thursday', '2026-11-26', '11:00 PM'],
    [WEEK[4], 'Friday', '2026-11-28', '12:00 AM'],
    [WEEK[5], 'Saturday', '2026-11-29', '12:00 AM'],
    [WEEK[6], 'Sunday', '2026-11-29', '10:30 PM'],
  ])('%s (%s): 6 PM until %s %s', (night, _weekday, endDate, endTime) => {
    expect(openTablesOn(SCHEDULE, night!)).toEqual({ night, start: at(night!, '6:00 PM'), end: at(endDate, endTime) });
  });

  it('follows staff edits: the earliest start and latest end of the night’s open-tables entries; none, no window', () => {
    const edited: ScheduleRow[] = [
      { kind: 'weekly', weekday: 5, time: '7pm-11pm', open_tables: true },
      { kind: 'weekly', weekday: 5, time: '6:30pm – 1am', open_tables: true },
      { kind: 'weekly', weekday: 5, time: '5pm-9pm', open_tables: false },
    ];
    expect(openTablesOn(edited, FRIDAY)).toEqual({ night: FRIDAY, start: at(FRIDAY, '6:30 PM'), end: at('2026-11-28', '1:00 AM') });
    expect(openTablesOn(edited, '2026-11-28')).toBeNull();
  });

  it('with no schedule at all (offline before it was ever read), the venue’s hours: 6 PM to midnight', () => {
    expect(openTablesOn([], WEEK[0]!)).toEqual({ night: WEEK[0], start: at(WEEK[0]!, '6:00 PM'), end: at(WEEK[1]!, '12:00 AM') });
  });
});

describe('walkInsAt: what the door kiosk offers', () => {
  it('on a Friday between 11:30 PM and midnight: open, no slot left, the arrival is now (issue 31)', () => {
    expect(walkInsAt(SCHEDULE, at(FRIDAY, '11:45 PM'))).toEqual({ open: true, night: FRIDAY, end: at('2026-11-28', '12:00 AM'), slots: [] });
    expect(walkInsAt(SCHEDULE, at(FRIDAY, '11:59 PM')).open).toBe(true);
  });

  it('offers the slots still ahead that start before the tables end', () => {
    expect(walkInsAt(SCHEDULE, at(FRIDAY, '9:10 PM'))).toMatchObject({ open: true, slots: ['9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM'] });
    // Monday's tables end at 10:30 PM: no 10:30, 11:00 or 11:30 PM arrivals.
    expect(walkInsAt(SCHEDULE, at(WEEK[0]!, '9:10 PM'))).toMatchObject({ open: true, slots: ['9:30 PM', '10:00 PM'] });
    expect(walkInsAt(SCHEDULE, at(WEEK[0]!, '6:00 PM'))).toMatchObject({ open: true, slots: TIME_SLOTS.slice(0, TIME_SLOTS.indexOf('10:30 PM')) });
  });

  it.each([
    [WEEK[0]!, '10:29 PM', '10:30 PM', 'Tuesday'],
    [WEEK[1]!, '10:29 PM', '10:30 PM', 'Wednesday'],
    [WEEK[2]!, '10:29 PM', '10:30 PM', 'Thursday'],
    [WEEK[3]!, '10:59 PM', '11:00 PM', 'Friday'],
    [WEEK[6]!, '10:29 PM', '10:30 PM', 'Monday'],
  ])('%s: open at %s, closed from %s until 6 PM on %s', (night, lastOpen, end, nextDay) => {
    expect(walkInsAt(SCHEDULE, at(night, lastOpen)).open).toBe(true);
    const closed = walkInsAt(SCHEDULE, at(night, end));
    expect(closed).toMatchObject({ open: false, night });
    if (closed.open) throw new Error('open');
    expect(WALK_IN_MESSAGES.opensAgain(closed.opensAt!)).toBe(`Walk-in reservations open again at 6 PM on ${nextDay}.`);
  });

  it('after midnight the night is still the evening before’s: at 12:30 AM Saturday it is Friday’s, closed, open again at 6 PM on Saturday', () => {
    const closed = walkInsAt(SCHEDULE, at('2026-11-28', '12:30 AM'));
    expect(closed).toEqual({ open: false, night: FRIDAY, opensAt: at('2026-11-28', '6:00 PM') });
    expect(WALK_IN_MESSAGES.opensAgain(at('2026-11-28', '6:00 PM'))).toBe('Walk-in reservations open again at 6 PM on Saturday.');
    // Saturday's own tables end at midnight too; at 3:59 AM Sunday it is still Saturday's night.
    expect(walkInsAt(SCHEDULE, at('2026-11-29', '3:59 AM'))).toEqual({ open: false, night: '2026-11-28', opensAt: at('2026-11-29', '6:00 PM') });
    // Tables that run past midnight take walk-ins then.
    const late: ScheduleRow[] = [{ kind: 'weekly', weekday: 5, time: '6pm-2am', open_tables: true }];
    expect(walkInsAt(late, at('2026-11-28', '1:30 AM'))).toMatchObject({ open: true, night: FRIDAY, slots: [] });
  });

  it('before the tables open: closed until 6 PM that day; with no open tables all week, no time to give', () => {
    expect(walkInsAt(SCHEDULE, at(FRIDAY, '3:00 PM'))).toEqual({ open: false, night: FRIDAY, opensAt: at(FRIDAY, '6:00 PM') });
    expect(walkInsAt(SCHEDULE, at(FRIDAY, '6:00 PM'))).toMatchObject({ open: true, slots: [...TIME_SLOTS] });
    expect(walkInsAt([{ kind: 'weekly', weekday: 1, time: '6pm', open_tables: false }], at(FRIDAY, '8:00 PM'))).toEqual({ open: false, night: FRIDAY, opensAt: null });
  });
});

describe('the server’s check of a walk-in’s own arrival time', () => {
  const kiosk = { name: 'Ada', email: 'ada@example.test', party_size: 2, event_name: 'Board Game Night', event_date: FRIDAY, source: 'kiosk' };

  it('the shared validator lets the kiosk send a clock time; the site must pick a listed slot', () => {
    expect(validateBoardGameReservation({ ...kiosk, event_time: '11:45 PM' }, FRIDAY).errors).toEqual({});
    expect(validateBoardGameReservation({ ...kiosk, event_time: '11:45 PM', source: 'web' }, FRIDAY).errors).toEqual({ event_time: MESSAGES.timeNotSlot });
    expect(validateBoardGameReservation({ ...kiosk, event_time: 'late-ish' }, FRIDAY).errors).toEqual({ event_time: MESSAGES.timeNotSlot });
  });

  it('takes it while that night’s open tables run, after midnight too, and refuses it outside them', () => {
    expect(checkWalkInArrival(SCHEDULE, FRIDAY, '11:45 PM')).toBe('');
    expect(checkWalkInArrival(SCHEDULE, FRIDAY, '6:00 PM')).toBe('');
    expect(checkWalkInArrival(SCHEDULE, FRIDAY, '12:00 AM')).toBe(WALK_IN_MESSAGES.timeOutsideOpenTables);
    expect(checkWalkInArrival(SCHEDULE, FRIDAY, '5:45 PM')).toBe(WALK_IN_MESSAGES.timeOutsideOpenTables);
    expect(checkWalkInArrival(SCHEDULE, WEEK[0]!, '10:45 PM')).toBe(WALK_IN_MESSAGES.timeOutsideOpenTables);
    const late: ScheduleRow[] = [{ kind: 'weekly', weekday: 5, time: '6pm-2am', open_tables: true }];
    expect(checkWalkInArrival(late, FRIDAY, '1:15 AM')).toBe('');
  });
});
