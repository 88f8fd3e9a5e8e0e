/**
 * The rules a JSON number no double holds meets once server/bodies.go hands it on as ±Infinity,
 * and the waitlist's source: each refusal names its field's limit (issue 24 item 9).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { REQUEST_LIMITS, REQUEST_MESSAGES } from './requests';
import { validateBoardGameReservation, validateEventReservation, validatePassConfirmation } from './validate';
import { checkOptionalGuests, checkPartySize } from './fieldChecks';
import { validateWaitlistJoin } from './waitlist';

const today = '2026-11-20';
const join = { name: 'Ada Lovelace', email: 'ada@example.test', party_size: 4, event_name: 'Board Game Night', event_date: '2026-11-27', event_time: '7:30 PM' };

describe('numbers out of range', () => {
  it('a party size of Infinity is over the maximum, -Infinity under the minimum', () => {
    expect(checkPartySize(Infinity)).toBe(MESSAGES.partySizeMax);
    expect(checkPartySize(-Infinity)).toBe(MESSAGES.partySizeMin);
    expect(checkPartySize(-0)).toBe(MESSAGES.partySizeMin);
  });

  it('an inquiry guest count of ±Infinity names the bound it broke', () => {
    expect(checkOptionalGuests(Infinity)).toBe(MESSAGES.guestsMax);
    expect(checkOptionalGuests(-Infinity)).toBe(MESSAGES.guestsMin);
  });

  it('an event party size (no rule of its own) still refuses Infinity', () => {
    const body = { ...join, event_name: 'Magic Commander Night', event_time: '6pm', party_size: Infinity };
    expect(validateEventReservation(body, today).errors.party_size).toBe(REQUEST_MESSAGES.numberOutOfRange);
  });

  it('a pass amount of Infinity is refused', () => {
    expect(validatePassConfirmation({ cost: Infinity }, today).errors.cost).toBe(MESSAGES.amountInvalid);
  });

});

describe('validateWaitlistJoin', () => {
  it('takes the sources the entry can hold, or none', () => {
    expect(validateWaitlistJoin(join, today).errors).toEqual({});
    expect(validateWaitlistJoin({ ...join, source: 'kiosk' }, today).errors).toEqual({});
    expect(validateWaitlistJoin({ ...join, source: '' }, today).errors).toEqual({});
  });

  it('a reservation takes web, event or kiosk; the waitlist names its own two', () => {
    expect(validateBoardGameReservation({ ...join, source: 'event' }, today).errors).toEqual({});
    expect(validateBoardGameReservation({ ...join, source: 'admin' }, today).errors).toEqual({ source: REQUEST_MESSAGES.reservationSourceInvalid });
    expect(REQUEST_MESSAGES.reservationSourceInvalid).toBe('The source must be web, event or kiosk.');
    expect(validateWaitlistJoin({ ...join, source: 'event' }, today).errors).toEqual({ source: 'The source must be web or kiosk.' });
  });

  it('names the source field for any other', () => {
    expect(validateWaitlistJoin({ ...join, source: 'admin' }, today).errors).toEqual({ source: REQUEST_MESSAGES.waitlistSourceInvalid });
    expect(validateWaitlistJoin({ ...join, source: 7 }, today).errors).toEqual({ source: MESSAGES.textExpected });
  });
});

describe('REQUEST_MESSAGES', () => {
  it('name the limit or the field in one sentence', () => {
    expect(REQUEST_MESSAGES.bodyTooLarge).toContain(`${REQUEST_LIMITS.bodyMaxBytes / 1024} KB`);
    expect(REQUEST_MESSAGES.serverSetField('status')).toBe('The status field is set by the venue and cannot be sent.');
    for (const message of [REQUEST_MESSAGES.bodyTooLarge, REQUEST_MESSAGES.jsonOnly, REQUEST_MESSAGES.idInvalid, REQUEST_MESSAGES.numberOutOfRange]) {
      expect(message.match(/\.\s/g) ?? []).toHaveLength(0);
    }
  });
});
