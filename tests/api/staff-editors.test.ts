/**
 * The events editor and the requests inbox, against a real server: only admins write events, and
 * every write passes the shared rules (same messages as the form); the inbox's status and note
 * are admin-only (anonymous and non-admin callers can neither read nor change them, a public
 * create cannot set them), and staff change nothing else of a guest's request. Deleting an event
 * leaves its reservations in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { dayFromToday, eventBody, inquiryBody, influencerBody, passBody, startVenue, type Venue } from '../support/api-fixtures';
import { EVENT_MESSAGES, INBOX_MESSAGES } from '../../src/lib/rules/staff';
import { MESSAGES } from '../../src/lib/rules/limits';
import { REQUEST_MESSAGES } from '../../src/lib/rules/requests';

let v: Venue;
let user: PocketBase;
let admin: PocketBase;

beforeAll(async () => {
  // With its SMTP receiver: an admin signs in with the code it mails (two-factor sign-in).
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  user = await v.user('user@example.test');
  admin = await v.user('admin@example.test', { admin: true });
});

afterAll(async () => {
  await v?.stop();
});

/** The field messages of a refused SDK call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; fields: Record<string, string> }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; response: { data?: Record<string, { message: string }> } };
    const fields: Record<string, string> = {};
    for (const [k, d] of Object.entries(e.response.data ?? {})) fields[k] = d.message;
    return { status: e.status, fields };
  }
  throw new Error('the call was accepted');
}

const special = () => ({ kind: 'special', title: 'Cosy Games Marathon', date: dayFromToday(9), time: '7pm', price: '$10', description: 'Long games.', open_tables: false });

describe('events editor rules', () => {
  it('lets only admins create, update and delete events', async () => {
    await expect(refusal(v.anon.collection('events').create(special()))).resolves.toMatchObject({ status: 400 });
    await expect(refusal(user.collection('events').create(special()))).resolves.toMatchObject({ status: 400 });
    const created = await admin.collection('events').create(special());
    expect(created).toMatchObject({ title: 'Cosy Games Marathon', active: true, weekday: 0 });
    await expect(refusal(user.collection('events').update(created.id, { title: 'Hijacked' }))).resolves.toMatchObject({ status: 404 });
    await expect(refusal(v.anon.collection('events').delete(created.id))).resolves.toMatchObject({ status: 404 });
    expect((await v.anon.collection('events').getOne(created.id)).title).toBe('Cosy Games Marathon');
    await admin.collection('events').delete(created.id);
  });

  it('refuses an invalid event with the shared messages and stores a valid one in its stored shape', async () => {
    await expect(refusal(admin.collection('events').create({ kind: 'special', title: '  ', date: 'soon', time: '' }))).resolves.toEqual({
      status: 400,
      fields: { title: EVENT_MESSAGES.titleRequired, date: EVENT_MESSAGES.dateRequired, time: MESSAGES.timeRequired },
    });
    await expect(refusal(admin.collection('events').create({ kind: 'weekly', title: 'Chess Club', weekday: '3', time: '6pm' }))).resolves.toEqual({
      status: 400,
      fields: { weekday: EVENT_MESSAGES.weekdayRequired },
    });
    await expect(refusal(admin.collection('events').create({ kind: 'monthly', title: 'X', time: '6pm' }))).resolves.toMatchObject({ fields: { kind: EVENT_MESSAGES.kindInvalid } });

    const weekly = await admin.collection('events').create({ kind: 'weekly', title: '  Chess Club ', weekday: 3, date: dayFromToday(2), time: '6pm', sort_order: 4 });
    expect(weekly).toMatchObject({ title: 'Chess Club', weekday: 3, date: '', sort_order: 4, active: true });
    // A partial update is checked as the whole stored event.
    await expect(refusal(admin.collection('events').update(weekly.id, { kind: 'special' }))).resolves.toMatchObject({ fields: { date: EVENT_MESSAGES.dateRequired } });
    const deactivated = await admin.collection('events').update(weekly.id, { active: false });
    expect(deactivated).toMatchObject({ active: false, title: 'Chess Club', weekday: 3 });
    await expect(refusal(admin.collection('events').update(weekly.id, { active: 'no' }))).resolves.toMatchObject({ fields: { active: EVENT_MESSAGES.flagInvalid } });
  });

  it('refuses a special event dated in the past and a negative price, and keeps an old event editable', async () => {
    await expect(refusal(admin.collection('events').create({ ...special(), date: dayFromToday(-1) }))).resolves.toEqual({ status: 400, fields: { date: EVENT_MESSAGES.datePast } });
    await expect(refusal(admin.collection('events').create({ ...special(), price: '-5' }))).resolves.toEqual({ status: 400, fields: { price: EVENT_MESSAGES.priceNegative } });
    await expect(refusal(admin.collection('events').create({ ...special(), price: '-$5' }))).resolves.toEqual({ status: 400, fields: { price: EVENT_MESSAGES.priceNegative } });
    const event = await admin.collection('events').create(special());
    await expect(refusal(admin.collection('events').update(event.id, { date: dayFromToday(-3) }))).resolves.toEqual({ status: 400, fields: { date: EVENT_MESSAGES.datePast } });
    await expect(refusal(admin.collection('events').update(event.id, { price: '$-5' }))).resolves.toEqual({ status: 400, fields: { price: EVENT_MESSAGES.priceNegative } });
    expect(await v.su.collection('events').getOne(event.id)).toMatchObject({ date: event.date, price: '$10' });
    await admin.collection('events').delete(event.id);

    // A seeded event of 2024: hiding it, or editing its words, keeps its (past) date and is allowed.
    const old = await v.su.collection('events').getFirstListItem("kind = 'special' && date < '2025-01-01'");
    expect(await admin.collection('events').update(old.id, { active: false, description: 'Archived.' })).toMatchObject({ active: false, date: old.date });
    await expect(refusal(admin.collection('events').update(old.id, { price: '-$1' }))).resolves.toMatchObject({ fields: { price: EVENT_MESSAGES.priceNegative } });
    await admin.collection('events').update(old.id, { active: true, description: old.description });
  });

  it('deleting an event leaves its reservations stored', async () => {
    const event = await admin.collection('events').create(special());
    const reservation = await v.anon.collection('reservations').create(eventBody({ event_name: event.title, event_date: event.date, event_time: '7pm' }));
    await admin.collection('events').delete(event.id);
    expect((await v.su.collection('reservations').getOne(reservation.id)).event_name).toBe('Cosy Games Marathon');
  });
});

const INBOX: Array<[string, () => Record<string, unknown>]> = [
  ['private_event_inquiries', inquiryBody],
  ['influencer_applications', influencerBody],
  ['pass_confirmations', passBody],
];

describe.each(INBOX)('requests inbox: %s', (collection, body) => {
  it('a public create starts new with no note; one that sends them is refused on each field', async () => {
    const sent = body();
    await expect(refusal(v.anon.collection(collection).create({ ...sent, status: 'booked', note: 'VIP, no need to reply' }))).resolves.toEqual({
      status: 400,
      fields: { status: REQUEST_MESSAGES.serverSetField('status'), note: REQUEST_MESSAGES.serverSetField('note') },
    });
    await v.anon.collection(collection).create(sent);
    const stored = await v.su.collection(collection).getOne(String(sent.id));
    expect(stored).toMatchObject({ status: 'new', note: '' });
  });

  it('anonymous and non-admin callers can neither read nor change the status and note; an admin can', async () => {
    const sent = body();
    await v.anon.collection(collection).create(sent);
    const id = String(sent.id);
    for (const caller of [v.anon, user]) {
      expect((await caller.collection(collection).getList(1, 50)).items).toEqual([]);
      await expect(refusal(caller.collection(collection).getOne(id))).resolves.toMatchObject({ status: 404 });
      await expect(refusal(caller.collection(collection).update(id, { status: 'replied', note: 'x' }))).resolves.toMatchObject({ status: 404 });
    }
    expect(await v.su.collection(collection).getOne(id)).toMatchObject({ status: 'new', note: '' });

    const updated = await admin.collection(collection).update(id, { status: 'replied', note: 'Sent prices\nand dates' });
    expect(updated).toMatchObject({ status: 'replied', note: 'Sent prices\nand dates' });
    expect(await admin.collection(collection).getOne(id)).toMatchObject({ status: 'replied' });
  });

  it("refuses a bad status, a note of the wrong type and any change to the guest's own fields", async () => {
    const sent = body();
    await v.anon.collection(collection).create(sent);
    const id = String(sent.id);
    await expect(refusal(admin.collection(collection).update(id, { status: 'archived' }))).resolves.toEqual({ status: 400, fields: { status: INBOX_MESSAGES.statusInvalid } });
    await expect(refusal(admin.collection(collection).update(id, { note: 42 }))).resolves.toEqual({ status: 400, fields: { note: MESSAGES.textExpected } });
    await expect(refusal(admin.collection(collection).update(id, { email: 'someone-else@example.test', status: 'replied' }))).resolves.toEqual({
      status: 400,
      fields: { email: INBOX_MESSAGES.guestFieldsLocked },
    });
    expect(await v.su.collection(collection).getOne(id)).toMatchObject({ status: 'new', email: sent.email });
  });
});
