/**
 * The browser's zod schemas and the server's validators accept and reject the same inputs
 * with the same first message per field. One row per message (plus valid rows).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES, TIME_SLOTS } from './limits';
import {
  firstErrors,
  influencerSchema,
  loginSchema,
  makeBoardGameReservationSchema,
  makeEventReservationSchema,
  makeInquirySchema,
  makePassConfirmationSchema,
} from './schemas';
import {
  validateBoardGameReservation,
  validateEventReservation,
  validateInfluencerApplication,
  validateInquiry,
  validateLogin,
  validatePassConfirmation,
  checkScheduledEvent,
  type ScheduledEvent,
} from './validate';
import { type FieldErrors, type Input } from './fieldChecks';

const TODAY = '2026-11-22';
const today = () => TODAY;
const x = (n: number) => 'x'.repeat(n);

interface Pair {
  schema: z.ZodType;
  validate: (input: Input) => FieldErrors;
  base: Input;
}

const pairs: Record<string, Pair> = {
  boardGame: {
    schema: makeBoardGameReservationSchema(today),
    validate: (i) => validateBoardGameReservation(i, TODAY).errors,
    base: { name: 'Ada', email: 'ada@example.com', party_size: 4, event_date: '2026-12-05', event_time: '7:30 PM' },
  },
  event: {
    schema: makeEventReservationSchema(today),
    validate: (i) => validateEventReservation(i, TODAY).errors,
    base: { name: 'Ada', email: 'ada@example.com', event_name: 'Pokemon TCG', event_date: '2026-11-24', event_time: '6:45pm' },
  },
  inquiry: {
    schema: makeInquirySchema(today),
    validate: (i) => validateInquiry(i, TODAY).errors,
    base: { name: 'Kat', email: 'kat@example.com', phone: '718-555-0199', message: 'Birthday for 20.' },
  },
  influencer: {
    schema: influencerSchema,
    validate: (i) => validateInfluencerApplication(i).errors,
    base: { name: 'Hedy', email: 'hedy@example.com', message: 'Board game reels weekly.' },
  },
  login: {
    schema: loginSchema,
    validate: (i) => validateLogin(i).errors,
    base: { email: 'staff@example.com', password: 'secret1' },
  },
  pass: {
    schema: makePassConfirmationSchema(today),
    validate: (i) => validatePassConfirmation(i, TODAY).errors,
    base: { name: 'Alan', email: 'alan@example.com', date: 'December 5, 2026', time: '7:00 PM', people: 2, cost: 40, tax: 3.55, total: 43.55 },
  },
};

type Row = [pair: keyof typeof pairs, label: string, patch: Input, expected: FieldErrors];

const rows: Row[] = [
  // valid
  ['boardGame', 'valid', {}, {}],
  ['boardGame', 'valid with padding and phone', { name: '  Ada  ', email: ' ada@example.com ', phone: '(347) 555-0100' }, {}],
  ['boardGame', 'today is fine', { event_date: TODAY }, {}],
  ['boardGame', 'last slot', { event_time: TIME_SLOTS[11] }, {}],
  ['event', 'valid', {}, {}],
  ['inquiry', 'valid minimal', {}, {}],
  ['inquiry', 'valid full', { event_type: 'wedding', number_of_people: 60, budget: 'over-10000', preferred_date: TODAY, preferred_time: '7pm' }, {}],
  ['inquiry', 'blank optionals', { event_type: '', number_of_people: '', budget: '', preferred_date: '', preferred_time: '' }, {}],
  ['inquiry', 'numeric string guests', { number_of_people: '12' }, {}],
  ['influencer', 'valid', {}, {}],
  ['login', 'valid', {}, {}],
  ['pass', 'valid', {}, {}],
  // name
  ['boardGame', 'empty name', { name: '' }, { name: MESSAGES.nameRequired }],
  ['boardGame', 'blank name', { name: '   ' }, { name: MESSAGES.nameRequired }],
  ['boardGame', 'missing name', { name: undefined }, { name: MESSAGES.nameRequired }],
  ['boardGame', '100 chars ok', { name: x(100) }, {}],
  ['boardGame', '101 chars', { name: x(101) }, { name: MESSAGES.nameTooLong }],
  ['event', 'event name missing', { name: '' }, { name: MESSAGES.nameRequired }],
  ['influencer', 'long name', { name: x(101) }, { name: MESSAGES.nameTooLong }],
  // email
  ['boardGame', 'bad email', { email: 'nope' }, { email: MESSAGES.emailInvalid }],
  ['boardGame', 'no tld', { email: 'a@b' }, { email: MESSAGES.emailInvalid }],
  ['boardGame', 'double dot', { email: 'a..b@example.com' }, { email: MESSAGES.emailInvalid }],
  ['boardGame', 'space inside', { email: 'a b@example.com' }, { email: MESSAGES.emailInvalid }],
  ['boardGame', 'long email', { email: `${x(250)}@example.com` }, { email: MESSAGES.emailTooLong }],
  ['login', 'login bad email', { email: 'staff' }, { email: MESSAGES.emailInvalid }],
  // phone
  ['boardGame', 'bad optional phone', { phone: 'call me' }, { phone: MESSAGES.phoneInvalid }],
  ['boardGame', 'long phone', { phone: '1'.repeat(31) }, { phone: MESSAGES.phoneTooLong }],
  ['inquiry', 'missing phone', { phone: '' }, { phone: MESSAGES.phoneRequired }],
  ['inquiry', 'short phone', { phone: '555' }, { phone: MESSAGES.phoneInvalid }],
  // party size
  ['boardGame', 'party 0', { party_size: 0 }, { party_size: MESSAGES.partySizeMin }],
  ['boardGame', 'party missing', { party_size: undefined }, { party_size: MESSAGES.partySizeMin }],
  ['boardGame', 'party 20 ok', { party_size: 20 }, {}],
  ['boardGame', 'party 21', { party_size: 21 }, { party_size: MESSAGES.partySizeMax }],
  ['boardGame', 'party 1.5', { party_size: 1.5 }, { party_size: MESSAGES.partySizeWhole }],
  ['boardGame', 'party as text', { party_size: '4' }, { party_size: MESSAGES.numberExpected }],
  // wrong JSON types are refused with a type message, never coerced
  ['boardGame', 'party as true', { party_size: true }, { party_size: MESSAGES.numberExpected }],
  ['boardGame', 'party as a list', { party_size: [4] }, { party_size: MESSAGES.numberExpected }],
  ['event', 'event party as true', { party_size: true }, { party_size: MESSAGES.numberExpected }],
  ['boardGame', 'name as a number', { name: 42 }, { name: MESSAGES.textExpected }],
  ['boardGame', 'name as true', { name: true }, { name: MESSAGES.textExpected }],
  ['boardGame', 'email as a list', { email: ['ada@example.com'] }, { email: MESSAGES.textExpected }],
  ['event', 'event name as an object', { event_name: {} }, { event_name: MESSAGES.textExpected }],
  ['inquiry', 'guests as text', { number_of_people: '<script>alert(1)</script>' }, { number_of_people: MESSAGES.guestsWhole }],
  ['inquiry', 'guests as true', { number_of_people: true }, { number_of_people: MESSAGES.numberExpected }],
  ['inquiry', 'guests as a list', { number_of_people: [] }, { number_of_people: MESSAGES.numberExpected }],
  ['inquiry', 'guests as an object', { number_of_people: {} }, { number_of_people: MESSAGES.numberExpected }],
  ['inquiry', 'event type as an object', { event_type: {} }, { event_type: MESSAGES.textExpected }],
  ['inquiry', 'budget as a list', { budget: [] }, { budget: MESSAGES.textExpected }],
  ['pass', 'people as true', { people: true }, { people: MESSAGES.numberExpected }],
  ['pass', 'cost as text', { cost: '40' }, { cost: MESSAGES.numberExpected }],
  // control characters and letters
  ['boardGame', 'name of NUL', { name: '\u0000' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with a bidi override', { name: 'Ada \u202Eevil' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with a newline', { name: 'Ada\nLovelace' }, { name: MESSAGES.controlCharacters }],
  // issue 33: the C1 controls (U+0080–U+009F, NEL among them) and the line and paragraph separators
  ['boardGame', 'name with a NEL', { name: 'Ada\u0085Lovelace' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with U+0080', { name: 'Ada\u0080' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with U+009F', { name: '\u009FAda' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with a line separator', { name: 'Ada\u2028Lovelace' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with a paragraph separator', { name: 'Ada\u2029' }, { name: MESSAGES.controlCharacters }],
  ['pass', 'pass name with a NEL', { name: 'Alan\u0085' }, { name: MESSAGES.controlCharacters }],
  ['boardGame', 'name with U+00A0 and U+00FF (past the C1 block)', { name: 'Ada\u00A0Lovelace\u00FF' }, {}],
  ['inquiry', 'details with a NEL', { message: 'Birthday\u0085 for 20.' }, { message: MESSAGES.controlCharacters }],
  ['influencer', 'message with a line separator (a line break where newlines are allowed)', { message: 'Line one.\u2028Line two.' }, {}],
  ['boardGame', 'name without a letter', { name: '12345' }, { name: MESSAGES.nameNeedsLetter }],
  ['boardGame', 'name with accents and an apostrophe', { name: "Zoë O'Connor-Núñez" }, {}],
  ['boardGame', 'name in another script', { name: '山田 花子' }, {}],
  ['influencer', 'message with newlines and a tab', { message: 'Line one.\nLine two.\r\n\tIndented.' }, {}],
  ['influencer', 'message with NUL', { message: 'Board game reels\u0000 weekly.' }, { message: MESSAGES.controlCharacters }],
  ['inquiry', 'details with a bidi isolate', { message: 'Birthday \u2066for 20.' }, { message: MESSAGES.controlCharacters }],
  // dates
  ['boardGame', 'bad date format', { event_date: '12/05/2026' }, { event_date: MESSAGES.dateInvalid }],
  ['boardGame', 'impossible date', { event_date: '2026-02-30' }, { event_date: MESSAGES.dateInvalid }],
  ['boardGame', 'empty board date', { event_date: '' }, { event_date: MESSAGES.dateInvalid }],
  ['boardGame', 'past date', { event_date: '2026-11-21' }, { event_date: MESSAGES.dateInPast }],
  ['event', 'event no date', { event_date: '' }, { event_date: MESSAGES.dateRequired }],
  ['event', 'event past date', { event_date: '2025-10-01' }, { event_date: MESSAGES.dateInPast }],
  ['inquiry', 'inquiry past date', { preferred_date: '2026-11-01' }, { preferred_date: MESSAGES.dateInPast }],
  ['inquiry', 'inquiry bad date', { preferred_date: 'soon' }, { preferred_date: MESSAGES.dateInvalid }],
  ['inquiry', 'inquiry in a year', { preferred_date: '2027-11-22' }, {}],
  ['inquiry', 'inquiry beyond a year', { preferred_date: '2027-11-23' }, { preferred_date: MESSAGES.inquiryDateTooFar }],
  ['inquiry', 'inquiry 9999', { preferred_date: '9999-12-31' }, { preferred_date: MESSAGES.inquiryDateTooFar }],
  ['boardGame', 'last day of the horizon', { event_date: '2027-03-22' }, {}],
  ['boardGame', 'a day beyond the horizon', { event_date: '2027-03-23' }, { event_date: MESSAGES.dateBeyondHorizon }],
  ['event', 'event 9999', { event_date: '9999-12-31' }, { event_date: MESSAGES.dateBeyondHorizon }],
  // times
  ['boardGame', 'no time', { event_time: '' }, { event_time: MESSAGES.timeRequired }],
  ['boardGame', 'long time', { event_time: x(51) }, { event_time: MESSAGES.timeTooLong }],
  ['boardGame', 'not a slot', { event_time: '7pm' }, { event_time: MESSAGES.timeNotSlot }],
  ['event', 'event long time', { event_time: x(51) }, { event_time: MESSAGES.timeTooLong }],
  ['event', 'event no time', { event_time: ' ' }, { event_time: MESSAGES.timeRequired }],
  ['event', 'event no event', { event_name: '' }, { event_name: MESSAGES.eventNameRequired }],
  ['event', 'event long event', { event_name: x(201) }, { event_name: MESSAGES.eventNameTooLong }],
  ['inquiry', 'inquiry long time', { preferred_time: x(51) }, { preferred_time: MESSAGES.timeTooLong }],
  // inquiry choices and numbers
  ['inquiry', 'unknown event type', { event_type: 'rave' }, { event_type: MESSAGES.eventTypeInvalid }],
  ['inquiry', 'unknown budget', { budget: 'a lot' }, { budget: MESSAGES.budgetInvalid }],
  ['inquiry', 'guests 0', { number_of_people: 0 }, { number_of_people: MESSAGES.guestsMin }],
  ['inquiry', 'guests 61 (a note in the form, never a rejection)', { number_of_people: 61 }, {}],
  ['inquiry', 'guests 10001', { number_of_people: 10001 }, { number_of_people: MESSAGES.guestsMax }],
  ['inquiry', 'guests 2.5', { number_of_people: 2.5 }, { number_of_people: MESSAGES.guestsWhole }],
  ['inquiry', 'no details', { message: '' }, { message: MESSAGES.detailsRequired }],
  ['inquiry', 'long details', { message: x(2001) }, { message: MESSAGES.detailsTooLong }],
  // influencer message
  ['influencer', 'short message', { message: 'too short' }, { message: MESSAGES.messageTooShort }],
  ['influencer', 'padded short message', { message: '   123456789   ' }, { message: MESSAGES.messageTooShort }],
  ['influencer', 'long message', { message: x(2001) }, { message: MESSAGES.messageTooLong }],
  // password
  ['login', 'short password', { password: '12345' }, { password: MESSAGES.passwordTooShort }],
  // pass
  ['pass', 'no date', { date: '' }, { date: MESSAGES.passTextRequired }],
  ['pass', 'ISO date', { date: '2026-12-05' }, {}],
  ['pass', 'date with its weekday', { date: 'Saturday, December 5, 2026' }, {}],
  ['pass', 'date with the wrong weekday', { date: 'Friday, December 5, 2026' }, { date: MESSAGES.passDateInvalid }],
  ['pass', 'date NaN', { date: 'NaN' }, { date: MESSAGES.passDateInvalid }],
  ['pass', 'date script', { date: '<script>alert(1)</script>' }, { date: MESSAGES.passDateInvalid }],
  ['pass', 'date 31 days ago', { date: '2026-10-22' }, { date: MESSAGES.passDateOutsideValidity }],
  ['pass', 'date 30 days ago', { date: '2026-10-23' }, {}],
  ['pass', 'time 0', { time: '0' }, { time: MESSAGES.passTimeInvalid }],
  ['pass', 'time NaN', { time: 'NaN' }, { time: MESSAGES.passTimeInvalid }],
  ['pass', 'time 7pm', { time: '7pm' }, {}],
  ['pass', 'long time', { time: x(101) }, { time: MESSAGES.passTextTooLong }],
  ['pass', 'negative tax', { tax: -1, total: 39 }, { tax: MESSAGES.amountInvalid }],
  ['pass', 'total mismatch', { total: 44 }, { total: MESSAGES.totalMismatch }],
  // several fields at once, first message each
  ['boardGame', 'many mistakes', { name: '', email: 'x', party_size: 50, event_date: 'tomorrow', event_time: '' }, {
    name: MESSAGES.nameRequired,
    email: MESSAGES.emailInvalid,
    party_size: MESSAGES.partySizeMax,
    event_date: MESSAGES.dateInvalid,
    event_time: MESSAGES.timeRequired,
  }],
];

describe('zod schemas and server validators agree', () => {
  it('covers every form message of SPEC §5 and ours', () => {
    const covered = new Set(rows.flatMap(([, , , expected]) => Object.values(expected)));
    const formMessages = Object.entries(MESSAGES)
      .filter(([key, value]) => typeof value === 'string' && !['taskTitleRequired', 'cancelNotFound', 'cancelTooLate', 'eventUnknown', 'eventNotOnDate', 'outboxServerField', 'outboxRequeueOnly'].includes(key))
      .map(([, value]) => value as string);
    for (const m of formMessages) expect(covered, m).toContain(m);
  });

  it.each(rows)('%s: %s', (pairName, _label, patch, expected) => {
    const pair = pairs[pairName]!;
    const input: Input = { ...pair.base, ...patch };
    for (const [k, val] of Object.entries(patch)) if (val === undefined) delete input[k];
    const server = pair.validate(input);
    const parsed = pair.schema.safeParse(input);
    const browser = parsed.success ? {} : firstErrors(parsed.error);
    expect(server).toEqual(expected);
    expect(browser).toEqual(expected);
    // same field order as well
    expect(Object.keys(browser)).toEqual(Object.keys(server));
  });

  it('an event reservation names an event that runs on its date (the server reads the events)', () => {
    const events: ScheduledEvent[] = [
      { title: 'Pokemon TCG', time: '6:45pm', kind: 'weekly', weekday: 2 },
      { title: "New Year's Eve Game Night", time: '8pm', kind: 'special', date: '2026-12-31' },
    ];
    expect(checkScheduledEvent(events, 'Pokemon TCG', '2026-11-24')).toEqual({ event: events[0], error: '' }); // a Tuesday
    expect(checkScheduledEvent(events, 'Pokemon TCG', '2026-11-25').error).toBe(MESSAGES.eventNotOnDate);
    expect(checkScheduledEvent(events, "New Year's Eve Game Night", '2026-12-31').event).toBe(events[1]);
    expect(checkScheduledEvent(events, "New Year's Eve Game Night", '2027-12-31').error).toBe(MESSAGES.eventNotOnDate);
    expect(checkScheduledEvent(events, 'Movie Trivia', '2026-11-27').event).toMatchObject({ title: 'Movie Trivia', time: '10PM' }); // a Friday
    expect(checkScheduledEvent(events, 'Music Trivia', '2026-11-27').error).toBe(MESSAGES.eventNotOnDate);
    for (const name of ['0', '<script>alert(1)</script>', "'; DROP TABLE x;--", 'You won $500, claim it at http://evil.example/claim']) {
      expect(checkScheduledEvent(events, name, '2026-11-24').error).toBe(MESSAGES.eventUnknown);
    }
  });

  it('the zod schemas trim what they keep', () => {
    const parsed = pairs.boardGame!.schema.parse({ ...pairs.boardGame!.base, name: '  Ada  ', email: ' ada@example.com ' }) as Record<string, unknown>;
    expect(parsed.name).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
  });
});
