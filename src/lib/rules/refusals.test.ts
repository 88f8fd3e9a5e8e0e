import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { REFUSALS, isCapacityCode, refusalCode, refusalCodeOf, seatsRefusal } from './refusals';
import { validateBoardGameReservation, validateEventReservation } from './validate';
import { formatNight } from '../venueTime';

const today = '2026-11-20';
const valid = { name: 'Ada', email: 'ada@example.test', party_size: 2, event_name: 'Board Game Night', event_date: '2026-11-21', event_time: '7:30 PM' };

describe('refusal codes', () => {
  it('say which night cannot seat the party, with the spec’s words', () => {
    const night = formatNight('2026-11-21');
    expect(seatsRefusal('2026-11-21', 0)).toEqual({ code: 'night_full', message: MESSAGES.nightFull(night), fields: { event_date: MESSAGES.nightFull(night) } });
    expect(seatsRefusal('2026-11-21', 3)).toEqual({ code: 'not_enough_seats', message: MESSAGES.notEnoughSeats(night, 3), fields: { party_size: MESSAGES.notEnoughSeats(night, 3) } });
  });

  it('name a validator’s past date, far date and unknown event', () => {
    expect(refusalCode(validateBoardGameReservation({ ...valid, event_date: '2026-11-19' }, today))).toBe('date_in_past');
    expect(refusalCode(validateBoardGameReservation({ ...valid, event_date: '2027-11-19' }, today))).toBe('date_beyond_horizon');
    expect(refusalCode({ event_name: REFUSALS.event_unknown })).toBe('event_unknown');
    expect(refusalCode({ event_date: REFUSALS.event_not_on_date })).toBe('event_not_on_date');
    // the first coded field, whatever comes before it
    expect(refusalCode(validateEventReservation({ ...valid, email: 'nope', event_date: '2026-11-01', event_name: 'Trivia' }, today))).toBe('date_in_past');
  });

  it('leave other refusals without a code', () => {
    expect(refusalCode(validateBoardGameReservation({ ...valid, email: 'nope' }, today))).toBe('');
    expect(refusalCode({})).toBe('');
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
