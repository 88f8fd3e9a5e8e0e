import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '../../lib/rules/limits';
import { venueDateTimeToUtc } from '../../lib/venueTime';
import { firstName, tonightAt } from './tonight';

/** An instant given as New York wall-clock time. */
function at(date: string, time: string): Date {
  const instant = venueDateTimeToUtc(date, time);
  if (!instant) throw new Error(`bad time ${time}`);
  return instant;
}

describe('tonightAt', () => {
  it('offers every slot before the first one starts', () => {
    expect(tonightAt(at('2026-11-22', '3:00 PM'))).toEqual({ date: '2026-11-22', slots: [...TIME_SLOTS] });
  });

  it('at 9:10 PM offers 9:30 PM onwards only', () => {
    expect(tonightAt(at('2026-11-22', '9:10 PM')).slots).toEqual(['9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM']);
  });

  it('keeps a slot that starts this very minute, drops it a second later', () => {
    const nine = at('2026-11-22', '9:00 PM');
    expect(tonightAt(nine).slots[0]).toBe('9:00 PM');
    expect(tonightAt(new Date(nine.getTime() + 1000)).slots[0]).toBe('9:30 PM');
  });

  it('has nothing left after 11:30 PM (tonight is closed)', () => {
    expect(tonightAt(at('2026-11-22', '11:30 PM')).slots).toEqual(['11:30 PM']);
    expect(tonightAt(at('2026-11-22', '11:31 PM'))).toEqual({ date: '2026-11-22', slots: [] });
    expect(tonightAt(at('2026-11-22', '11:59 PM')).slots).toEqual([]);
  });

  it('uses venue time, not the device clock: 9:10 PM in New York is 02:10 UTC the next day', () => {
    const instant = new Date('2026-11-23T02:10:00Z'); // EST (UTC-5)
    expect(tonightAt(instant)).toEqual({ date: '2026-11-22', slots: ['9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM'] });
    // Summer (EDT, UTC-4): 01:10 UTC is 9:10 PM the day before.
    expect(tonightAt(new Date('2026-07-04T01:10:00Z'))).toEqual({
      date: '2026-07-03',
      slots: ['9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM'],
    });
  });

  it('after midnight tonight is still the night that began the evening before (closed), until 4:00', () => {
    // A walk-in at 00:30 is not booked for the following evening.
    expect(tonightAt(at('2026-11-23', '12:30 AM'))).toEqual({ date: '2026-11-22', slots: [] });
    expect(tonightAt(at('2026-11-23', '3:59 AM'))).toEqual({ date: '2026-11-22', slots: [] });
    expect(tonightAt(at('2026-11-23', '4:00 AM'))).toEqual({ date: '2026-11-23', slots: [...TIME_SLOTS] });
  });
});

describe('firstName', () => {
  it('greets by the first word of the trimmed name', () => {
    expect(firstName('  Ada   Lovelace ')).toBe('Ada');
    expect(firstName('Cher')).toBe('Cher');
  });
});
