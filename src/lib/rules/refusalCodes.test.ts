/**
 * The validators name their refusals (issue 33): each coded refusal comes back with its code from
 * the check that made it, with the words REFUSALS pairs with that code; other refusals carry none.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { REFUSALS } from './refusals';
import { CHECK_REFUSALS, type CheckRefusalCode } from './refusalCodes';
import { checkScheduledEvent, validateBoardGameReservation, validateEventReservation, validateInquiry, validatePassConfirmation, type Validated } from './validate';
import { validateWaitlistJoin } from './waitlist';

const today = '2026-11-20';
const PAST = '2026-11-19';
const FAR = '2027-11-19';
const board = { name: 'Ada', email: 'ada@example.test', party_size: 2, event_name: 'Board Game Night', event_date: '2026-11-21', event_time: '7:30 PM' };
const event = { ...board, party_size: 1, event_name: 'Trivia' };
const inquiry = { name: 'Kat', email: 'kat@example.com', phone: '718-555-0199', message: 'Birthday for 20.' };
const pass = { name: 'Alan', email: 'alan@example.com', date: '2026-12-05', time: '7:00 PM', people: 2, cost: 40, tax: 3.55, total: 43.55 };

type Coded = [label: string, validated: Validated, field: string, code: CheckRefusalCode];

const coded: Coded[] = [
  ['board game night, a past date', validateBoardGameReservation({ ...board, event_date: PAST }, today), 'event_date', 'date_in_past'],
  ['board game night, past the horizon', validateBoardGameReservation({ ...board, event_date: FAR }, today), 'event_date', 'date_beyond_horizon'],
  ['the kiosk, a past date', validateBoardGameReservation({ ...board, event_date: PAST, source: 'kiosk' }, today), 'event_date', 'date_in_past'],
  ['an event, a past date', validateEventReservation({ ...event, event_date: PAST }, today), 'event_date', 'date_in_past'],
  ['an event, past the horizon', validateEventReservation({ ...event, event_date: FAR }, today), 'event_date', 'date_beyond_horizon'],
  ['the waitlist, a past date', validateWaitlistJoin({ ...board, event_date: PAST }, today), 'event_date', 'date_in_past'],
  ['the waitlist, past the horizon', validateWaitlistJoin({ ...board, event_date: FAR }, today), 'event_date', 'date_beyond_horizon'],
  ['the waitlist, a past date and its own source refusal', validateWaitlistJoin({ ...board, event_date: PAST, source: 'admin' }, today), 'event_date', 'date_in_past'],
  ['an inquiry, a past preferred date', validateInquiry({ ...inquiry, preferred_date: PAST }, today), 'preferred_date', 'date_in_past'],
  ['a pass, dated before its validity', validatePassConfirmation({ ...pass, date: 'October 1, 2026' }, today), 'date', 'pass_date_outside_validity'],
  ['a pass, dated after its validity', validatePassConfirmation({ ...pass, date: '2027-01-01' }, today), 'date', 'pass_date_outside_validity'],
  // the first coded field's code, whatever is refused before it
  ['a past date behind other refusals', validateBoardGameReservation({ ...board, name: '', email: 'nope', event_date: PAST }, today), 'event_date', 'date_in_past'],
];

describe('a validator’s refusal code', () => {
  it.each(coded)('%s', (_label, validated, field, code) => {
    expect(validated.code).toBe(code);
    expect(validated.errors[field]).toBe(CHECK_REFUSALS[code]);
  });

  it('is absent when nothing refused has one', () => {
    expect(validateBoardGameReservation(board, today)).toEqual({ errors: {} });
    expect(validateBoardGameReservation({ ...board, email: 'nope' }, today)).toEqual({ errors: { email: MESSAGES.emailInvalid } });
    expect(validateBoardGameReservation({ ...board, event_date: 'tomorrow' }, today)).toEqual({ errors: { event_date: MESSAGES.dateInvalid } });
    expect(validateWaitlistJoin({ ...board, source: 'admin' }, today).code).toBeUndefined();
    expect(validateInquiry({ ...inquiry, preferred_date: '2030-01-01' }, today)).toEqual({ errors: { preferred_date: MESSAGES.inquiryDateTooFar } });
    expect(validatePassConfirmation({ ...pass, date: 'NaN' }, today)).toEqual({ errors: { date: MESSAGES.passDateInvalid } });
  });

  it('comes from the schedule check for an unknown or unscheduled event', () => {
    // Movie Trivia is one of the fixed weekly events, on Fridays.
    expect(checkScheduledEvent([], 'Midnight Croquet', '2026-11-27')).toEqual({ event: null, error: REFUSALS.event_unknown, code: 'event_unknown' });
    expect(checkScheduledEvent([], 'Movie Trivia', '2026-11-26')).toEqual({ event: null, error: REFUSALS.event_not_on_date, code: 'event_not_on_date' });
    expect(checkScheduledEvent([], 'Movie Trivia', '2026-11-27')).toMatchObject({ error: '' });
  });

  it('is one of REFUSALS’ codes, with the same words', () => {
    for (const [code, words] of Object.entries(CHECK_REFUSALS)) expect(REFUSALS[code as CheckRefusalCode]).toBe(words);
  });
});
