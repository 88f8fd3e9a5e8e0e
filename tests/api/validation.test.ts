/**
 * Every validation message through the API: 400, the exact message on its field, nothing
 * stored, nothing queued. Plus the past-date and time-slot rules and the honeypot.
 */
import { describe, expect, it } from 'vitest';
import {
  boardGameBody,
  dayFromToday,
  eventBody,
  influencerBody,
  inquiryBody,
  passBody,
  post,
  expectRefused,
  venuePerFile,
} from '../support/api-fixtures';
import { MESSAGES, TIME_SLOTS } from '../../src/lib/rules/limits';

const v = venuePerFile({ smtp: false, meta: false, relaxed: true });

async function count(collection: string) {
  return (await v.su.collection(collection).getList(1, 1)).totalItems;
}

const long = (n: number) => 'x'.repeat(n);
const yesterday = () => dayFromToday(-1);

type Row = [collection: string, label: string, field: string, message: string, body: () => Record<string, unknown>];

const rows: Row[] = [
  // Board game night (SPEC §5)
  ['reservations', 'empty name', 'name', MESSAGES.nameRequired, () => boardGameBody({ name: '' })],
  ['reservations', 'blank name', 'name', MESSAGES.nameRequired, () => boardGameBody({ name: '   ' })],
  ['reservations', 'long name', 'name', MESSAGES.nameTooLong, () => boardGameBody({ name: long(101) })],
  ['reservations', 'bad email', 'email', MESSAGES.emailInvalid, () => boardGameBody({ email: 'not-an-email' })],
  ['reservations', 'long email', 'email', MESSAGES.emailTooLong, () => boardGameBody({ email: `${long(250)}@example.com` })],
  ['reservations', 'party of 0', 'party_size', MESSAGES.partySizeMin, () => boardGameBody({ party_size: 0 })],
  ['reservations', 'party of 21', 'party_size', MESSAGES.partySizeMax, () => boardGameBody({ party_size: 21 })],
  ['reservations', 'party of 2.5', 'party_size', MESSAGES.partySizeWhole, () => boardGameBody({ party_size: 2.5 })],
  ['reservations', 'date format', 'event_date', MESSAGES.dateInvalid, () => boardGameBody({ event_date: '12/05/2026' })],
  ['reservations', 'impossible date', 'event_date', MESSAGES.dateInvalid, () => boardGameBody({ event_date: '2027-02-30' })],
  ['reservations', 'past date', 'event_date', MESSAGES.dateInPast, () => boardGameBody({ event_date: yesterday() })],
  ['reservations', 'no time', 'event_time', MESSAGES.timeRequired, () => boardGameBody({ event_time: '' })],
  ['reservations', 'long time', 'event_time', MESSAGES.timeTooLong, () => boardGameBody({ event_time: long(51) })],
  ['reservations', 'time not a slot', 'event_time', MESSAGES.timeNotSlot, () => boardGameBody({ event_time: '6pm' })],
  ['reservations', 'time after the last slot', 'event_time', MESSAGES.timeNotSlot, () => boardGameBody({ event_time: '12:00 AM' })],
  ['reservations', 'bad phone', 'phone', MESSAGES.phoneInvalid, () => boardGameBody({ phone: 'call me' })],
  ['reservations', 'long phone', 'phone', MESSAGES.phoneTooLong, () => boardGameBody({ phone: '1'.repeat(31) })],
  // Event reservation
  ['reservations', 'event: no date', 'event_date', MESSAGES.dateRequired, () => eventBody({ event_date: '' })],
  ['reservations', 'event: past date', 'event_date', MESSAGES.dateInPast, () => eventBody({ event_date: yesterday() })],
  ['reservations', 'event: no name', 'name', MESSAGES.nameRequired, () => eventBody({ name: '' })],
  ['reservations', 'event: bad email', 'email', MESSAGES.emailInvalid, () => eventBody({ email: 'a@b' })],
  ['reservations', 'event: no event', 'event_name', MESSAGES.eventNameRequired, () => eventBody({ event_name: '' })],
  ['reservations', 'event: long event', 'event_name', MESSAGES.eventNameTooLong, () => eventBody({ event_name: long(201) })],
  ['reservations', 'event: no time', 'event_time', MESSAGES.timeRequired, () => eventBody({ event_time: '  ' })],
  ['reservations', 'event: long time', 'event_time', MESSAGES.timeTooLong, () => eventBody({ event_time: long(51) })],
  // Private event inquiry
  ['private_event_inquiries', 'no name', 'name', MESSAGES.nameRequired, () => inquiryBody({ name: '' })],
  ['private_event_inquiries', 'bad email', 'email', MESSAGES.emailInvalid, () => inquiryBody({ email: 'x' })],
  ['private_event_inquiries', 'no phone', 'phone', MESSAGES.phoneRequired, () => inquiryBody({ phone: '' })],
  ['private_event_inquiries', 'bad phone', 'phone', MESSAGES.phoneInvalid, () => inquiryBody({ phone: '12' })],
  ['private_event_inquiries', 'unknown event type', 'event_type', MESSAGES.eventTypeInvalid, () => inquiryBody({ event_type: 'rave' })],
  ['private_event_inquiries', 'absurd guest count', 'number_of_people', MESSAGES.guestsMax, () => inquiryBody({ number_of_people: 10001 })],
  ['private_event_inquiries', 'fractional guests', 'number_of_people', MESSAGES.guestsWhole, () => inquiryBody({ number_of_people: 2.5 })],
  ['private_event_inquiries', 'negative guests', 'number_of_people', MESSAGES.guestsMin, () => inquiryBody({ number_of_people: -3 })],
  ['private_event_inquiries', 'unknown budget', 'budget', MESSAGES.budgetInvalid, () => inquiryBody({ budget: 'lots' })],
  ['private_event_inquiries', 'past date', 'preferred_date', MESSAGES.dateInPast, () => inquiryBody({ preferred_date: yesterday() })],
  ['private_event_inquiries', 'date format', 'preferred_date', MESSAGES.dateInvalid, () => inquiryBody({ preferred_date: 'next week' })],
  ['private_event_inquiries', 'long time', 'preferred_time', MESSAGES.timeTooLong, () => inquiryBody({ preferred_time: long(51) })],
  ['private_event_inquiries', 'no details', 'message', MESSAGES.detailsRequired, () => inquiryBody({ message: ' ' })],
  ['private_event_inquiries', 'long details', 'message', MESSAGES.detailsTooLong, () => inquiryBody({ message: long(2001) })],
  // Influencer application
  ['influencer_applications', 'no name', 'name', MESSAGES.nameRequired, () => influencerBody({ name: '' })],
  ['influencer_applications', 'long name', 'name', MESSAGES.nameTooLong, () => influencerBody({ name: long(101) })],
  ['influencer_applications', 'bad email', 'email', MESSAGES.emailInvalid, () => influencerBody({ email: 'hedy@' })],
  ['influencer_applications', 'long email', 'email', MESSAGES.emailTooLong, () => influencerBody({ email: `${long(250)}@example.com` })],
  ['influencer_applications', 'short message', 'message', MESSAGES.messageTooShort, () => influencerBody({ message: 'hi there' })],
  ['influencer_applications', 'long message', 'message', MESSAGES.messageTooLong, () => influencerBody({ message: long(2001) })],
  // Monthly pass receipt
  ['pass_confirmations', 'no date', 'date', MESSAGES.passTextRequired, () => passBody({ date: '' })],
  ['pass_confirmations', 'no people', 'people', MESSAGES.partySizeMin, () => passBody({ people: 0 })],
  ['pass_confirmations', 'negative cost', 'cost', MESSAGES.amountInvalid, () => passBody({ cost: -1, total: 2.55 })],
  ['pass_confirmations', 'total mismatch', 'total', MESSAGES.totalMismatch, () => passBody({ total: 50 })],
];

describe('every validation message through the API', () => {
  it.each(rows)('%s: %s → 400 on %s', async (collection, _label, field, message, make) => {
    const res = await expectRefused(v, collection, make(), field, message);
    expect(Object.keys(res.json.data)).toEqual([field]);
  });

  it('reports one message per field, in the spec order, for a body with many mistakes', async () => {
    const res = await post(`${v.url}/api/collections/reservations/records`, {
      name: '',
      email: 'nope',
      party_size: 30,
      event_name: 'Board Game Night',
      event_date: 'tomorrow',
      event_time: '',
    });
    expect(res.status).toBe(400);
    // (JSON objects from the server come with sorted keys; the message is the first in spec order.)
    expect(Object.keys(res.json.data).sort()).toEqual(['email', 'event_date', 'event_time', 'name', 'party_size']);
    expect(res.json.message).toBe(MESSAGES.nameRequired);
  });
});

describe('dates, slots and stored values', () => {
  it('accepts today (venue time) and stores trimmed values', async () => {
    const body = boardGameBody({ event_date: dayFromToday(0), name: '  Ada  ', email: ' ada@example.test ' });
    const res = await post(`${v.url}/api/collections/reservations/records`, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Ada', email: 'ada@example.test', status: 'confirmed', source: 'web' });
  });

  it('accepts every one of the 12 slots', async () => {
    expect(TIME_SLOTS).toHaveLength(12);
    for (const [i, slot] of TIME_SLOTS.entries()) {
      const res = await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ event_time: slot, party_size: 1, event_date: dayFromToday(20 + i) }));
      expect(res.status, slot).toBe(200);
    }
  });

  it('treats any spelling of board game night as board game night (slots and cap apply)', async () => {
    const res = await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ event_name: 'board game night', event_time: '7pm' }));
    expect(res.status).toBe(400);
    expect(res.json.data.event_time.message).toBe(MESSAGES.timeNotSlot);
    const ok = await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ event_name: ' board GAME night ' }));
    expect(ok.json.event_name).toBe('Board Game Night');
  });

  it("stores event reservations with party_size 1 and the schedule's name and time, not the sent ones", async () => {
    const res = await post(`${v.url}/api/collections/reservations/records`, eventBody({ party_size: 6, event_name: ' Magic Commander Night ', event_time: '7pm-11pm' }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ party_size: 1, event_name: 'Magic Commander Night', event_time: '6pm', source: 'event' });
  });

  it('accepts an inquiry with only the required fields', async () => {
    const res = await post(`${v.url}/api/collections/private_event_inquiries/records`, {
      name: 'Min',
      email: 'min@example.test',
      phone: '718 555 0101',
      message: 'Just asking.',
      event_type: '',
      budget: '',
      preferred_date: '',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ number_of_people: 0, event_type: '', preferred_date: '' });
  });

  it('accepts an inquiry for more than the 60 guests the room holds (the team talks options)', async () => {
    const res = await post(`${v.url}/api/collections/private_event_inquiries/records`, inquiryBody({ number_of_people: 80 }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ number_of_people: 80 });
  });
});

describe('honeypot', () => {
  it('answers like a create but stores and queues nothing', async () => {
    for (const [collection, body] of [
      ['reservations', boardGameBody()],
      ['private_event_inquiries', inquiryBody()],
      ['influencer_applications', influencerBody()],
      ['pass_confirmations', passBody()],
    ] as const) {
      const before = await count(collection);
      const outboxBefore = await count('outbox');
      const res = await post(`${v.url}/api/collections/${collection}/records`, { ...body, website: 'http://spam.example' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: body.id, collectionName: collection, name: body.name });
      expect(await count(collection)).toBe(before);
      expect(await count('outbox')).toBe(outboxBefore);
    }
  });

  it('ignores an empty honeypot', async () => {
    const res = await post(`${v.url}/api/collections/influencer_applications/records`, { ...influencerBody(), website: '' });
    expect(res.status).toBe(200);
    await v.su.collection('influencer_applications').getOne(res.json.id);
  });
});
