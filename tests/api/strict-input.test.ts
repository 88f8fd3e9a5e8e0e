/**
 * Wrong input is refused, never coerced: wrong JSON types, control characters, names without a
 * letter, events that do not exist or do not run on the date, dates beyond the horizons, pass
 * dates and times that do not parse. Each answers 400 with the shared message on its field and
 * stores and queues nothing. The edge cases a real guest hits keep working.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boardGameBody,
  dayFromToday,
  eventBody,
  influencerBody,
  inquiryBody,
  nextWeekday,
  passBody,
  post,
  expectRefused,
  venuePerFile,
} from '../support/api-fixtures';
import { LIMITS, MESSAGES } from '../../src/lib/rules/limits';
import { formatLongDate } from '../../src/lib/venueTime';

const v = venuePerFile({ smtp: false, meta: false, relaxed: true });
let special = { title: '', date: '' };
beforeAll(async () => {
  special = { title: 'Strict Input Test Special', date: dayFromToday(12) };
  await v.su.collection('events').create({ kind: 'special', title: special.title, date: special.date, time: '8pm', active: true });
  await v.su.collection('events').create({ kind: 'weekly', title: 'Retired Weekly Night', weekday: 2, time: '7pm', active: false });
});

const SPAM_SUBJECT = 'You won $500, claim it at http://evil.example/claim';
const horizonEnd = () => dayFromToday(LIMITS.bookingHorizonDays);

type Row = [collection: string, label: string, field: string, message: string, body: () => Record<string, unknown>];

const refused: Row[] = [
  // wrong JSON types
  ['reservations', 'party_size true', 'party_size', MESSAGES.numberExpected, () => boardGameBody({ party_size: true })],
  ['reservations', 'party_size as text', 'party_size', MESSAGES.numberExpected, () => boardGameBody({ party_size: '4' })],
  ['reservations', 'party_size as a list', 'party_size', MESSAGES.numberExpected, () => boardGameBody({ party_size: [4] })],
  ['reservations', 'event party_size true', 'party_size', MESSAGES.numberExpected, () => eventBody({ party_size: true })],
  ['reservations', 'name as an object', 'name', MESSAGES.textExpected, () => boardGameBody({ name: {} })],
  ['reservations', 'email as a list', 'email', MESSAGES.textExpected, () => boardGameBody({ email: ['ada@example.test'] })],
  ['reservations', 'event_name as a number', 'event_name', MESSAGES.textExpected, () => eventBody({ event_name: 0 })],
  ['reservations', 'utm_source as an object', 'utm_source', MESSAGES.textExpected, () => boardGameBody({ utm_source: { a: 1 } })],
  ['private_event_inquiries', 'guests as script text', 'number_of_people', MESSAGES.guestsWhole, () => inquiryBody({ number_of_people: '<script>alert(1)</script>' })],
  ['private_event_inquiries', 'guests as xxxx', 'number_of_people', MESSAGES.guestsWhole, () => inquiryBody({ number_of_people: 'x'.repeat(200) })],
  ['private_event_inquiries', 'guests 0 (refused as in the browser, not read as "not given")', 'number_of_people', MESSAGES.guestsMin, () => inquiryBody({ number_of_people: 0 })],
  ['private_event_inquiries', 'guests true', 'number_of_people', MESSAGES.numberExpected, () => inquiryBody({ number_of_people: true })],
  ['private_event_inquiries', 'guests []', 'number_of_people', MESSAGES.numberExpected, () => inquiryBody({ number_of_people: [] })],
  ['private_event_inquiries', 'guests {}', 'number_of_people', MESSAGES.numberExpected, () => inquiryBody({ number_of_people: {} })],
  ['private_event_inquiries', 'event_type {}', 'event_type', MESSAGES.textExpected, () => inquiryBody({ event_type: {} })],
  ['private_event_inquiries', 'event_type []', 'event_type', MESSAGES.textExpected, () => inquiryBody({ event_type: [] })],
  ['private_event_inquiries', 'budget {}', 'budget', MESSAGES.textExpected, () => inquiryBody({ budget: {} })],
  ['private_event_inquiries', 'budget []', 'budget', MESSAGES.textExpected, () => inquiryBody({ budget: [] })],
  ['pass_confirmations', 'people true', 'people', MESSAGES.numberExpected, () => passBody({ people: true })],
  ['pass_confirmations', 'people 21', 'people', MESSAGES.partySizeMax, () => passBody({ people: 21 })],
  ['pass_confirmations', 'people 1.5', 'people', MESSAGES.partySizeWhole, () => passBody({ people: 1.5 })],
  // control characters and letters
  ['reservations', 'name of NUL', 'name', MESSAGES.controlCharacters, () => boardGameBody({ name: '\u0000' })],
  ['reservations', 'name of a right-to-left override', 'name', MESSAGES.controlCharacters, () => boardGameBody({ name: '\u202E' })],
  ['reservations', 'name with a newline', 'name', MESSAGES.controlCharacters, () => boardGameBody({ name: 'Ada\nLovelace' })],
  ['reservations', 'name without a letter', 'name', MESSAGES.nameNeedsLetter, () => boardGameBody({ name: '!!! 123' })],
  ['private_event_inquiries', 'name of NUL', 'name', MESSAGES.controlCharacters, () => inquiryBody({ name: '\u0000\u0000' })],
  ['private_event_inquiries', 'details with NUL', 'message', MESSAGES.controlCharacters, () => inquiryBody({ message: 'Birthday\u0000 party' })],
  ['influencer_applications', 'message with a bidi override', 'message', MESSAGES.controlCharacters, () => influencerBody({ message: 'Weekly reels \u202Egnp.exe' })],
  ['pass_confirmations', 'attribution as a list', 'utm_source', MESSAGES.textExpected, () => passBody({ utm_source: ['x'] })],
  ['pass_confirmations', 'name with a bell', 'name', MESSAGES.controlCharacters, () => passBody({ name: 'Alan\u0007' })],
  // events that are not on the schedule, or not on that date
  ['reservations', 'event 0', 'event_name', MESSAGES.eventUnknown, () => eventBody({ event_name: '0' })],
  ['reservations', 'event script', 'event_name', MESSAGES.eventUnknown, () => eventBody({ event_name: '<script>alert(1)</script>' })],
  ['reservations', 'event SQL', 'event_name', MESSAGES.eventUnknown, () => eventBody({ event_name: "'; DROP TABLE x;--" })],
  ['reservations', 'event spam subject', 'event_name', MESSAGES.eventUnknown, () => eventBody({ event_name: SPAM_SUBJECT, email: 'victim@example.test' })],
  ['reservations', 'inactive event', 'event_name', MESSAGES.eventUnknown, () => eventBody({ event_name: 'Retired Weekly Night', event_date: nextWeekday(2) })],
  ['reservations', 'weekly event on the wrong weekday', 'event_date', MESSAGES.eventNotOnDate, () => eventBody({ event_date: nextWeekday(4, 3) })],
  ['reservations', 'trivia on the wrong night', 'event_date', MESSAGES.eventNotOnDate, () => eventBody({ event_name: 'Movie Trivia', event_date: nextWeekday(6) })],
  ['reservations', 'special event on another date', 'event_date', MESSAGES.eventNotOnDate, () => eventBody({ event_name: special.title, event_date: dayFromToday(13) })],
  // dates beyond the horizons
  ['reservations', 'board game night 9999-12-31', 'event_date', MESSAGES.dateBeyondHorizon, () => boardGameBody({ event_date: '9999-12-31' })],
  ['reservations', 'board game night a day past the horizon', 'event_date', MESSAGES.dateBeyondHorizon, () => boardGameBody({ event_date: dayFromToday(LIMITS.bookingHorizonDays + 1) })],
  ['reservations', 'event 9999-12-31', 'event_date', MESSAGES.dateBeyondHorizon, () => eventBody({ event_date: '9999-12-31' })],
  ['private_event_inquiries', 'preferred date 9999-12-31', 'preferred_date', MESSAGES.inquiryDateTooFar, () => inquiryBody({ preferred_date: '9999-12-31' })],
  // pass dates and times
  ['pass_confirmations', 'date NaN', 'date', MESSAGES.passDateInvalid, () => passBody({ date: 'NaN' })],
  ['pass_confirmations', 'date 0', 'date', MESSAGES.passDateInvalid, () => passBody({ date: '0' })],
  ['pass_confirmations', 'date script', 'date', MESSAGES.passDateInvalid, () => passBody({ date: '<script>alert(1)</script>' })],
  ['pass_confirmations', 'date outside the 30 days', 'date', MESSAGES.passDateOutsideValidity, () => passBody({ date: formatLongDate(dayFromToday(-31)) })],
  ['pass_confirmations', 'time NaN', 'time', MESSAGES.passTimeInvalid, () => passBody({ time: 'NaN' })],
  ['pass_confirmations', 'time 0', 'time', MESSAGES.passTimeInvalid, () => passBody({ time: '0' })],
  ['pass_confirmations', 'time script', 'time', MESSAGES.passTimeInvalid, () => passBody({ time: '<script>' })],
];

describe('refused, with the field message, storing and queueing nothing', () => {
  it.each(refused)('%s: %s → 400 on %s', async (collection, _label, field, message, make) => {
    await expectRefused(v, collection, make(), field, message);
  });
});

describe('accepted edge cases', () => {
  const create = (collection: string, body: Record<string, unknown>) => post(`${v.url}/api/collections/${collection}/records`, body);

  it('a name with accents and an apostrophe', async () => {
    const res = await create('reservations', boardGameBody({ name: "Zoë O'Connor-Núñez" }));
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("Zoë O'Connor-Núñez");
  });

  it('a message with newlines', async () => {
    const message = 'A 30th birthday.\nAbout 25 people.\n\nCan we bring a cake?';
    const res = await create('private_event_inquiries', inquiryBody({ message }));
    expect(res.status).toBe(200);
    expect((await v.su.collection('private_event_inquiries').getOne(res.json.id)).message).toBe(message);
  });

  it("a party of 20, today's date and the last day of the horizon", async () => {
    expect((await create('reservations', boardGameBody({ party_size: 20, event_date: dayFromToday(2) }))).status).toBe(200);
    expect((await create('reservations', boardGameBody({ event_date: dayFromToday(0) }))).status).toBe(200);
    expect((await create('reservations', boardGameBody({ event_date: horizonEnd() }))).status).toBe(200);
  });

  it("an event stores the schedule's name and time: weekly, trivia and a special on its date", async () => {
    const weekly = await create('reservations', eventBody({ event_time: 'whenever' }));
    expect(weekly.json).toMatchObject({ event_name: 'Magic Commander Night', event_time: '6pm', party_size: 1 });
    const trivia = await create('reservations', eventBody({ event_name: 'Music Trivia', event_date: nextWeekday(6), event_time: '9pm' }));
    expect(trivia.json).toMatchObject({ event_name: 'Music Trivia', event_time: '10PM' });
    const one = await create('reservations', eventBody({ event_name: special.title, event_date: special.date, event_time: '' }));
    expect(one.status).toBe(400); // a time is still required from the form…
    const res = await create('reservations', eventBody({ event_name: special.title, event_date: special.date, event_time: '7pm' }));
    expect(res.json).toMatchObject({ event_name: special.title, event_time: '8pm' }); // …but the stored one is the schedule's
  });

  it('a pass dated today, in ISO or long form, with a 24-hour time', async () => {
    expect((await create('pass_confirmations', passBody({ date: dayFromToday(0), time: '19:00' }))).status).toBe(200);
    expect((await create('pass_confirmations', passBody({ date: formatLongDate(dayFromToday(-30)) }))).status).toBe(200);
  });
});
