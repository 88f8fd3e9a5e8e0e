import { describe, expect, it } from 'vitest';
import { venueDateTimeToUtc } from '../../src/lib/venueTime';
import { dueReminders, isReminderDue, reminderNightAt, type ReminderCandidate } from './reminders';

/** An instant given as New York wall-clock time. */
const at = (date: string, time: string) => venueDateTimeToUtc(date, time)!;
/** PocketBase's datetime text of an instant. */
const stamp = (d: Date) => d.toISOString().replace('T', ' ');

const NIGHT = '2026-11-23';
const made = (date: string, time: string) => stamp(at(date, time));
const row = (over: Partial<ReminderCandidate> & { id: string }): ReminderCandidate & { id: string } => ({
  event_date: NIGHT,
  event_time: '7:30 PM',
  status: 'confirmed',
  reminded_at: '',
  created: made('2026-11-20', '10:00 AM'),
  ...over,
});

describe('reminderNightAt', () => {
  it('is the venue night from 12:00 venue time until the night ends at 4:00', () => {
    expect(reminderNightAt(at(NIGHT, '11:59 AM'))).toBeNull();
    expect(reminderNightAt(at(NIGHT, '12:00 PM'))).toBe(NIGHT);
    expect(reminderNightAt(at(NIGHT, '11:59 PM'))).toBe(NIGHT);
    expect(reminderNightAt(at('2026-11-24', '12:30 AM'))).toBe(NIGHT);
    expect(reminderNightAt(at('2026-11-24', '3:59 AM'))).toBe(NIGHT);
    expect(reminderNightAt(at('2026-11-24', '4:00 AM'))).toBeNull();
  });

  it('uses New York time in summer too (12:00 EDT is 16:00 UTC)', () => {
    expect(reminderNightAt(new Date('2026-07-04T15:59:00Z'))).toBeNull();
    expect(reminderNightAt(new Date('2026-07-04T16:00:00Z'))).toBe('2026-07-04');
  });
});

describe('dueReminders (which reservations get a reminder at now)', () => {
  const noon = at(NIGHT, '12:05 PM');
  const rows = [
    row({ id: 'confirmed' }),
    row({ id: 'event', event_name: 'Magic Commander Night', event_time: '6pm', party_size: 1 } as never),
    row({ id: 'cancelled', status: 'cancelled' }),
    row({ id: 'arrived', status: 'arrived' }),
    row({ id: 'reminded', reminded_at: stamp(at(NIGHT, '12:00 PM')) }),
    row({ id: 'other-night', event_date: '2026-11-24' }),
    // made 2h59 before a 7:30 PM arrival: too late for a reminder; 3h before: in time
    row({ id: 'late', created: made(NIGHT, '4:31 PM') }),
    row({ id: 'just-in-time', event_time: '10:00 PM', created: made(NIGHT, '7:00 PM') }),
  ];

  it('picks confirmed, unreminded reservations of the night made at least 3 hours before arrival', () => {
    expect(dueReminders(rows, noon).map((r) => r.id)).toEqual(['confirmed', 'event', 'just-in-time']);
  });

  it('later in the evening: only arrivals still ahead; none before 12:00', () => {
    expect(dueReminders(rows, at(NIGHT, '7:05 PM')).map((r) => r.id)).toEqual(['confirmed', 'just-in-time']);
    expect(dueReminders(rows, at(NIGHT, '11:55 AM'))).toEqual([]);
  });

  it('skips a reservation whose arrival time has passed (a server that was down all evening)', () => {
    expect(isReminderDue(rows[0]!, at(NIGHT, '7:30 PM'))).toBe(false);
    expect(isReminderDue(rows[0]!, at(NIGHT, '7:29 PM'))).toBe(true);
  });

  it('an unreadable event time counts from 12:00', () => {
    const free = row({ id: 'free', event_time: 'all evening', created: made(NIGHT, '9:00 AM') });
    expect(isReminderDue(free, noon)).toBe(true);
    expect(isReminderDue({ ...free, created: made(NIGHT, '9:01 AM') }, noon)).toBe(false);
  });
});
