/**
 * Issue 24, items 6, 8 and 9 on a real PocketBase: request bodies over the cap are refused with
 * 413 before they are read (with a length, and chunked without one), public creates and the
 * manage link take JSON only (415), a record id is text, and the bodies a fuzzer sends (numbers
 * no double holds, wrong types, fields only the venue writes, a waitlist source it cannot hold)
 * are refused with a message on their field, never PocketBase's generic ones. Nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, client, eventBody, influencerBody, inquiryBody, passBody, post, type Venue, venuePerFile } from '../support/api-fixtures';
import { MESSAGES } from '../../src/lib/rules/limits';
import { REQUEST_LIMITS, REQUEST_MESSAGES } from '../../src/lib/rules/requests';

const v = venuePerFile({ smtp: false, meta: false, relaxed: true });

const GENERIC = ['Something went wrong while processing your request.', 'Failed to create record.', 'Failed to read the submitted data.'];
const CREATES: Array<[string, () => Record<string, unknown>]> = [
  ['reservations', () => boardGameBody()],
  ['waitlist', () => boardGameBody()],
  ['private_event_inquiries', () => inquiryBody()],
  ['influencer_applications', () => influencerBody()],
  ['pass_confirmations', () => passBody()],
];

const recordsUrl = (collection: string) => `${v.url}/api/collections/${collection}/records`;

async function send(url: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** The JSON text of `body` with `field`'s value replaced by `literal` (JSON.stringify cannot write 1e400). */
function withLiteral(body: Record<string, unknown>, field: string, literal: string): string {
  return JSON.stringify({ ...body, [field]: '__LITERAL__' }).replace('"__LITERAL__"', literal);
}

async function counts(venue: Venue) {
  const all: Record<string, number> = {};
  for (const name of ['reservations', 'waitlist', 'private_event_inquiries', 'influencer_applications', 'pass_confirmations', 'outbox']) {
    all[name] = (await venue.su.collection(name).getList(1, 1)).totalItems;
  }
  return all;
}

/** A chunked body (no Content-Length): the stream is read as it comes. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
}

describe('bodies over the cap (item 6)', () => {
  const oversize = (body: Record<string, unknown>) => JSON.stringify({ ...body, padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes) });

  it.each(CREATES)('%s: 413 with the limit named, by Content-Length and chunked, nothing stored', async (collection, make) => {
    const before = await counts(v);
    const json = { 'content-type': 'application/json' };
    for (const res of [await send(recordsUrl(collection), oversize(make()), json), await send(recordsUrl(collection), chunked(oversize(make())), json)]) {
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ status: 413, message: REQUEST_MESSAGES.bodyTooLarge, data: {} });
    }
    expect(await counts(v)).toEqual(before);
    // Just under the cap, chunked: read to its end and handed to the create as sent.
    const body = make();
    const res = await send(recordsUrl(collection), chunked(JSON.stringify({ ...body, padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes - 2000) })), json);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.id).toBe(body.id);
  });

  it('caps the manage link, a signed-up non-admin and a stale token; a superuser keeps PocketBase’s own limit', async () => {
    const manage = await post(`${v.url}/api/reservations/manage/${'a'.repeat(48)}`, { party_size: 2, padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes) });
    expect(manage.status).toBe(413);
    expect(manage.json.message).toBe(REQUEST_MESSAGES.bodyTooLarge);

    await v.su.collection('users').create({ email: 'member@example.test', password: 'password-123', passwordConfirm: 'password-123' });
    const member = client(v.url);
    await member.collection('users').authWithPassword('member@example.test', 'password-123');
    const signedIn = await post(recordsUrl('influencer_applications'), { ...influencerBody(), padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes) }, { authorization: member.authStore.token });
    expect(signedIn.status).toBe(413);
    // A token that no longer verifies (here a superuser's, altered) signs nobody in: capped too.
    const stale = `${v.su.authStore.token.slice(0, -4)}AAAA`;
    const staleAnswer = await post(recordsUrl('influencer_applications'), { ...influencerBody(), padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes) }, { authorization: stale });
    expect(staleAnswer.status).toBe(413);

    const body = influencerBody();
    const su = await post(recordsUrl('influencer_applications'), { ...body, padding: 'x'.repeat(REQUEST_LIMITS.bodyMaxBytes * 2) }, { authorization: v.su.authStore.token });
    expect(su.status, JSON.stringify(su.json)).toBe(200);
  });
});

describe('JSON only, and a text id (item 8)', () => {
  it.each(CREATES)('%s: form-encoded and multipart creates answer 415, nothing stored', async (collection, make) => {
    const before = await counts(v);
    const fields = Object.entries(make()).map(([k, value]) => [k, String(value)] as [string, string]);
    const form = await send(recordsUrl(collection), new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const multipart = new FormData();
    fields.forEach(([k, value]) => multipart.append(k, value));
    const parts = await send(recordsUrl(collection), multipart);
    for (const res of [form, parts]) {
      expect(res.status).toBe(415);
      expect(res.json).toEqual({ status: 415, message: REQUEST_MESSAGES.jsonOnly, data: {} });
    }
    expect(await counts(v)).toEqual(before);
  });

  it.each(CREATES)('%s: a number id is refused on the id field, not stored as its digits', async (collection, make) => {
    const before = await counts(v);
    const res = await post(recordsUrl(collection), { ...make(), id: 123456789012345 });
    expect(res.status).toBe(400);
    expect(res.json.data.id).toEqual({ code: 'validation_invalid_value', message: REQUEST_MESSAGES.idInvalid });
    expect(res.json.message).toBe(REQUEST_MESSAGES.idInvalid);
    expect(await counts(v)).toEqual(before);
  });

  it('the manage link takes JSON only', async () => {
    const res = await send(`${v.url}/api/reservations/manage/${'a'.repeat(48)}`, 'party_size=2', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(res.json.message).toBe(REQUEST_MESSAGES.jsonOnly);
  });
});

type Fuzz = [collection: string, label: string, make: () => string, field: string, message: string];

const fuzz: Fuzz[] = [
  ['waitlist', 'source "admin"', () => JSON.stringify(boardGameBody({ source: 'admin' })), 'source', REQUEST_MESSAGES.waitlistSourceInvalid],
  ['waitlist', 'party_size 1e400', () => withLiteral(boardGameBody(), 'party_size', '1e400'), 'party_size', MESSAGES.partySizeMax],
  ['waitlist', 'party_size -1e400', () => withLiteral(boardGameBody(), 'party_size', '-1e400'), 'party_size', MESSAGES.partySizeMin],
  ['waitlist', 'party_size -0', () => withLiteral(boardGameBody(), 'party_size', '-0'), 'party_size', MESSAGES.partySizeMin],
  ['waitlist', 'party_size "NaN"', () => JSON.stringify(boardGameBody({ party_size: 'NaN' })), 'party_size', MESSAGES.numberExpected],
  ['waitlist', 'status sent', () => JSON.stringify(boardGameBody({ status: 'claimed' })), 'status', REQUEST_MESSAGES.serverSetField('status')],
  ['waitlist', 'token sent', () => JSON.stringify(boardGameBody({ token: 'x'.repeat(48) })), 'token', REQUEST_MESSAGES.serverSetField('token')],
  ['reservations', 'source "admin"', () => JSON.stringify(boardGameBody({ source: 'admin' })), 'source', REQUEST_MESSAGES.reservationSourceInvalid],
  ['reservations', 'event source "NaN"', () => JSON.stringify(eventBody({ source: 'NaN' })), 'source', REQUEST_MESSAGES.reservationSourceInvalid],
  ['waitlist', 'source "event"', () => JSON.stringify(boardGameBody({ source: 'event' })), 'source', REQUEST_MESSAGES.waitlistSourceInvalid],
  ['reservations', 'party_size 1e400', () => withLiteral(boardGameBody(), 'party_size', '1e400'), 'party_size', MESSAGES.partySizeMax],
  ['reservations', 'party_size [1e400]', () => withLiteral(boardGameBody(), 'party_size', '[1e400]'), 'party_size', MESSAGES.numberExpected],
  ['reservations', 'name 1e400', () => withLiteral(boardGameBody(), 'name', '1e400'), 'name', MESSAGES.textExpected],
  ['reservations', 'id 1e400', () => withLiteral(boardGameBody(), 'id', '1e400'), 'id', REQUEST_MESSAGES.idInvalid],
  ['reservations', 'id of capitals', () => JSON.stringify(boardGameBody({ id: 'ABCDEFGHIJKLMNO' })), 'id', REQUEST_MESSAGES.idInvalid],
  ['reservations', 'event party_size 1e400', () => withLiteral(eventBody(), 'party_size', '1e400'), 'party_size', REQUEST_MESSAGES.numberOutOfRange],
  ['reservations', 'ics_sequence -1', () => JSON.stringify(boardGameBody({ ics_sequence: -1 })), 'ics_sequence', REQUEST_MESSAGES.serverSetField('ics_sequence')],
  ['reservations', 'reminded_at sent', () => JSON.stringify(boardGameBody({ reminded_at: '2020-01-01' })), 'reminded_at', REQUEST_MESSAGES.serverSetField('reminded_at')],
  ['reservations', 'cancel_token 1e400', () => withLiteral(boardGameBody(), 'cancel_token', '1e400'), 'cancel_token', REQUEST_MESSAGES.serverSetField('cancel_token')],
  ['private_event_inquiries', 'guests 1e400', () => withLiteral(inquiryBody(), 'number_of_people', '1e400'), 'number_of_people', MESSAGES.guestsMax],
  ['private_event_inquiries', 'guests -1e400', () => withLiteral(inquiryBody(), 'number_of_people', '-1e400'), 'number_of_people', MESSAGES.guestsMin],
  ['private_event_inquiries', 'guests "NaN"', () => JSON.stringify(inquiryBody({ number_of_people: 'NaN' })), 'number_of_people', MESSAGES.guestsWhole],
  ['private_event_inquiries', 'guests -0', () => withLiteral(inquiryBody(), 'number_of_people', '-0'), 'number_of_people', MESSAGES.guestsMin],
  ['private_event_inquiries', 'note sent', () => JSON.stringify(inquiryBody({ note: 'VIP' })), 'note', REQUEST_MESSAGES.serverSetField('note')],
  ['private_event_inquiries', 'status sent', () => JSON.stringify(inquiryBody({ status: 'done' })), 'status', REQUEST_MESSAGES.serverSetField('status')],
  ['influencer_applications', 'message 1e400', () => withLiteral(influencerBody(), 'message', '1e400'), 'message', MESSAGES.textExpected],
  ['influencer_applications', 'created sent', () => JSON.stringify(influencerBody({ created: '2020-01-01 00:00:00.000Z' })), 'created', REQUEST_MESSAGES.serverSetField('created')],
  ['pass_confirmations', 'people 1e400', () => withLiteral(passBody(), 'people', '1e400'), 'people', MESSAGES.partySizeMax],
  ['pass_confirmations', 'cost 1e400', () => withLiteral(passBody(), 'cost', '1e400'), 'cost', MESSAGES.amountInvalid],
  ['pass_confirmations', 'tax -1e400', () => withLiteral(passBody(), 'tax', '-1e400'), 'tax', MESSAGES.amountInvalid],
  ['pass_confirmations', 'total "NaN"', () => JSON.stringify(passBody({ total: 'NaN' })), 'total', MESSAGES.numberExpected],
  ['pass_confirmations', 'status sent', () => JSON.stringify(passBody({ status: 'new' })), 'status', REQUEST_MESSAGES.serverSetField('status')],
];

describe('refusals name their field (item 9)', () => {
  it.each(fuzz)('%s: %s → 400 on %s', async (collection, _label, make, field, message) => {
    const before = await counts(v);
    const res = await send(recordsUrl(collection), make(), { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.data[field]).toEqual({ code: 'validation_invalid_value', message });
    expect(GENERIC).not.toContain(res.json.message);
    expect(await counts(v)).toEqual(before);
  });

  it('a manage change of party_size 1e400 names the limit; a staff route names the field', async () => {
    const body = boardGameBody();
    expect((await post(recordsUrl('reservations'), body)).status).toBe(200);
    const token = (await v.su.collection('reservations').getOne(body.id as string)).cancel_token as string;
    const res = await send(`${v.url}/api/reservations/manage/${token}`, '{"party_size":1e400}', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.data.party_size).toEqual({ code: 'validation_invalid_value', message: MESSAGES.partySizeMax });
    expect((await v.su.collection('reservations').getOne(body.id as string)).party_size).toBe(body.party_size);

    // Elsewhere (a sign-up here) no hook reads the number: the field is named with the range.
    const signUp = await send(recordsUrl('users'), '{"email":"n@example.test","password":1e400,"passwordConfirm":"x"}', { 'content-type': 'application/json' });
    expect(signUp.status).toBe(400);
    expect(signUp.json.data.password.message).toBe(REQUEST_MESSAGES.numberOutOfRange);
  });
});
