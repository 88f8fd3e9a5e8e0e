import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { isCapacityCode, refusalCodeOf, seatsRefusal } from './refusals';
import { formatNight } from '../venueTime';

describe('refusal codes', () => {
  it('say which night cannot seat the party, with the spec’s words', () => {
    const night = formatNight('2026-11-21');
    expect(seatsRefusal('2026-11-21', 0)).toEqual({ code: 'night_full', message: MESSAGES.nightFull(night), fields: { event_date: MESSAGES.nightFull(night) } });
    expect(seatsRefusal('2026-11-21', 3)).toEqual({ code: 'not_enough_seats', message: MESSAGES.notEnoughSeats(night, 3), fields: { party_size: MESSAGES.notEnoughSeats(night, 3) } });
  });

  it('count as capacity only for night_full and not_enough_seats', () => {
    expect(isCapacityCode('night_full')).toBe(true);
    expect(isCapacityCode('not_enough_seats')).toBe(true);
    for (const other of ['date_in_past', 'event_unknown', 'validation_invalid_value', '', undefined, null, 1]) expect(isCapacityCode(other)).toBe(false);
  });

  it('are read from an answer’s top level only', () => {
    expect(refusalCodeOf({ status: 400, message: 'x', code: 'night_full', data: {} })).toBe('night_full');
    expect(refusalCodeOf({ status: 400, message: 'x', data: { event_date: { code: 'validation_invalid_value', message: 'x' } } })).toBe('');
    expect(refusalCodeOf({ code: 7 })).toBe('');
    expect(refusalCodeOf(undefined)).toBe('');
  });
});
