/**
 * An owner's "Export this guest" and "Forget this guest" (issue 32 item 7, hooks/lib/guest-data.ts):
 * owners only (anonymous, a signed-up non-admin, an admin who is not an owner and a stale token
 * are refused and change nothing); the export is JSON of all the guest's records, as a download;
 * a forget erases the guest matched by email (and phone when given) and nobody else, records an
 * activity row that counts without naming, and re-sends the records to the tablets' next pull;
 * a second forget is a clean no-op. The retention run's route is for superusers only.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, inquiryBody, post, startVenue, type Venue } from '../support/api-fixtures';
import { ERASED, GUEST_DATA_MESSAGES } from '../../src/lib/rules/guestData';

let v: Venue;
let owner: PocketBase;
let admin: PocketBase;
let user: PocketBase;
let stale: PocketBase;
const ADA = { email: 'ada@example.test' };
const ids: Record<string, string> = {};

const call = (pb: PocketBase | null, route: string, body: unknown) =>
  post(`${v.url}/api/admin/guests/${route}`, body, pb ? { Authorization: pb.authStore.token } : {});

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  owner = await v.user('owner@example.test', { owner: true });
  admin = await v.user('door@example.test', { admin: true });
  user = await v.user('someone@example.test');
  stale = await v.user('former@example.test', { owner: true });
  await v.su.collection('users').update(stale.authStore.record!.id, { tokenKey: 'k'.repeat(50) });
  // Ada: two bookings and an inquiry under her email; the same Ada under her work email, with her phone.
  ids.tomorrow = (await v.anon.collection('reservations').create(boardGameBody({ event_date: dayFromToday(1) }))).id;
  ids.later = (await v.anon.collection('reservations').create(boardGameBody({ email: ' ADA@example.test ', event_date: dayFromToday(20) }))).id;
  ids.inquiry = (await v.anon.collection('private_event_inquiries').create(inquiryBody({ name: 'Ada Lovelace', email: ADA.email }))).id;
  ids.work = (await v.anon.collection('reservations').create(boardGameBody({ email: 'ada.work@example.test', event_date: dayFromToday(2) }))).id;
  await v.settle();
});

afterAll(async () => {
  await v?.stop();
});

describe('who may export or forget a guest', () => {
  it('anonymous, a signed-up non-admin, an admin who is not an owner and a stale token get 403, and nothing changes', async () => {
    for (const caller of [null, user, admin, stale]) {
      for (const route of ['preview', 'export', 'forget']) {
        const res = await call(caller, route, ADA);
        expect(res.status, `${route}`).toBe(403);
        expect(res.json.message).toBe(GUEST_DATA_MESSAGES.ownersOnly);
      }
    }
    expect((await v.su.collection('reservations').getOne(ids.tomorrow!)).email).toBe(ADA.email);
    expect(await v.su.collection('activity').getFullList({ filter: 'kind ~ "guest."' })).toEqual([]);
  });

  it('refuses bad input with a clear message, and a body that is not JSON', async () => {
    expect((await call(owner, 'forget', { email: 42 })).json.message).toBe(GUEST_DATA_MESSAGES.badEmail);
    expect((await call(owner, 'forget', {})).status).toBe(400);
    expect((await call(owner, 'forget', { email: ADA.email, phone: 3475550100 })).json.message).toBe(GUEST_DATA_MESSAGES.badPhone);
    expect((await call(owner, 'forget', { email: ADA.email, phone: '12' })).json.message).toBe(GUEST_DATA_MESSAGES.badPhone);
    const text = await fetch(`${v.url}/api/admin/guests/forget`, { method: 'POST', headers: { Authorization: owner.authStore.token, 'content-type': 'text/plain' }, body: 'ada@example.test' });
    expect(text.status).toBe(415);
    expect((await v.su.collection('reservations').getOne(ids.tomorrow!)).email).toBe(ADA.email);
  });
});

describe('export', () => {
  it('gives all the guest’s records as a JSON download, without secrets, and logs that it happened without naming them', async () => {
    const res = await call(owner, 'export', ADA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="guest-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text);
    expect(data.counts).toEqual({ reservations: 2, waitlist: 0, private_event_inquiries: 1, influencer_applications: 0, pass_confirmations: 0 });
    expect(data.reservations.map((r: { id: string }) => r.id).sort()).toEqual([ids.tomorrow, ids.later].sort());
    expect(data.private_event_inquiries[0]).toMatchObject({ id: ids.inquiry, message: expect.stringContaining('birthday') });
    expect(data.mails.length).toBeGreaterThan(0);
    expect(res.text).not.toContain('cancel_token');
    expect(res.text).not.toContain('ada.work');
    const [row] = await v.su.collection('activity').getFullList({ filter: 'kind = "guest.export"' });
    expect(row).toMatchObject({ summary: 'Exported a guest’s data: 2 reservations, 1 private event inquiry', actor: owner.authStore.record!.id });
    expect(JSON.stringify(row)).not.toMatch(/ada/i);
  });
});

describe('forget', () => {
  let cursor = '';

  it('previews what will be erased', async () => {
    const res = await call(owner, 'preview', ADA);
    expect(res.json).toMatchObject({ total: 3, summary: '2 reservations, 1 private event inquiry' });
  });

  it('erases only the guest with that email, everywhere, and logs counts without naming them', async () => {
    cursor = (await admin.send<{ cursor: string }>('/api/admin/sync', {})).cursor;
    const res = await call(owner, 'forget', ADA);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ forgotten: true, message: 'Forgot a guest: 2 reservations, 1 private event inquiry' });
    for (const id of [ids.tomorrow, ids.later]) {
      expect(await v.su.collection('reservations').getOne(id!)).toMatchObject({ name: ERASED.name, email: ERASED.email, phone: '', party_size: 4, status: 'confirmed' });
    }
    expect(await v.su.collection('private_event_inquiries').getOne(ids.inquiry!)).toMatchObject({ name: ERASED.name, message: ERASED.text });
    // Her other email's booking is hers too, but was not asked for.
    expect(await v.su.collection('reservations').getOne(ids.work!)).toMatchObject({ name: 'Ada Lovelace', email: 'ada.work@example.test' });
    const jobs = await v.su.collection('outbox').getFullList({ filter: `record_id = "${ids.tomorrow}" || record_id = "${ids.inquiry}"` });
    expect(jobs.length).toBeGreaterThan(0);
    expect(JSON.stringify(jobs)).not.toMatch(/ada@|lovelace/i);
    const [row] = await v.su.collection('activity').getFullList({ filter: 'kind = "guest.forget"' });
    expect(row!.summary).toBe('Forgot a guest: 2 reservations, 1 private event inquiry');
    expect(JSON.stringify(row)).not.toMatch(/ada|lovelace|555/i);
  });

  it('re-sends the erased records on the tablets’ next pull', async () => {
    const delta = await admin.send<{ reservations: { id: string; name: string; email: string; phone: string }[] }>('/api/admin/sync', { query: { since: cursor } });
    expect(delta.reservations.find((r) => r.id === ids.tomorrow)).toMatchObject({ name: ERASED.name, email: ERASED.email, phone: '' });
    // (The cursor trails the clock by a few seconds, so the work booking made just before may come too: unchanged.)
    for (const r of delta.reservations.filter((r) => r.id === ids.work)) expect(r.name).toBe('Ada Lovelace');
  });

  it('a second forget is a clean no-op that says so', async () => {
    const before = await v.su.collection('reservations').getOne(ids.tomorrow!);
    const res = await call(owner, 'forget', ADA);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ forgotten: false, message: GUEST_DATA_MESSAGES.nothingLeft });
    expect((await v.su.collection('reservations').getOne(ids.tomorrow!)).updated).toBe(before.updated);
    expect(await v.su.collection('activity').getFullList({ filter: 'kind = "guest.forget"' })).toHaveLength(1);
  });

  it('with a phone, also erases the bookings under another email with that phone', async () => {
    const res = await call(owner, 'forget', { email: 'nobody@example.test', phone: '+1 347-555-0100' });
    expect(res.json).toMatchObject({ forgotten: true, counts: { reservations: 1 } });
    expect((await v.su.collection('reservations').getOne(ids.work!)).email).toBe(ERASED.email);
  });
});

describe('POST /api/admin/retention/run (the benchmark’s trigger)', () => {
  it('is for superusers only: everyone else, owners too, gets 403 and nothing runs', async () => {
    const run = (pb: PocketBase | null, body: unknown = {}) => post(`${v.url}/api/admin/retention/run`, body, pb ? { Authorization: pb.authStore.token } : {});
    for (const caller of [null, user, admin, stale, owner]) expect((await run(caller)).status).toBe(403);
    expect((await run(v.su, { now: 'yesterday' })).status).toBe(400);
    const res = await run(v.su, { now: new Date().toISOString() });
    expect(res.status).toBe(200);
    // Nothing here is two years old.
    expect(Object.values(res.json.erased)).toEqual([0, 0, 0, 0, 0]);
  });
});
