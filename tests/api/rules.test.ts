/**
 * Server from a clean data dir: migrations, seed, health; then every collection's API rules
 * for the four callers (anonymous, signed-in non-admin, admin, superuser).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import {
  boardGameBody,
  dayFromToday,
  get,
  inquiryBody,
  influencerBody,
  passBody,
  startVenue,
  type Venue,
} from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { REQUEST_MESSAGES } from '../../src/lib/rules/requests';

let v: Venue;
const callers: Record<'anon' | 'user' | 'admin' | 'su', PocketBase> = {} as never;
let userId = '';
let adminId = '';

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  callers.anon = v.anon;
  callers.user = await v.user('user@example.test');
  callers.admin = await v.user('admin@example.test', { admin: true });
  callers.su = v.su;
  userId = callers.user.authStore.record!.id;
  adminId = callers.admin.authStore.record!.id;
  // A second admin, so rules that look at user_roles see more than one row.
  await v.user('admin2@example.test', { admin: true });
});

afterAll(async () => {
  await v?.stop();
});

describe('clean start', () => {
  it('answers /api/health and has applied the migrations and seed', async () => {
    const health = await get(`${v.url}/api/health`);
    expect(health.status).toBe(200);
    const collections = await v.su.collections.getFullList();
    const names = collections.map((c) => c.name);
    for (const name of [
      'reservations',
      'events',
      'capacity',
      'private_event_inquiries',
      'influencer_applications',
      'pass_confirmations',
      'outbox',
      'user_roles',
      'tasks',
      'priorities',
      'waitlist',
    ]) {
      expect(names).toContain(name);
      const c = collections.find((x) => x.name === name)!;
      const fields = c.fields.map((f: { name: string }) => f.name);
      expect(fields).toEqual(expect.arrayContaining(['created', 'updated']));
    }
    const weekly = await v.anon.collection('events').getFullList({ filter: 'kind = "weekly"' });
    expect(weekly.length).toBe(13);
    const monday = weekly.find((e) => e.title === 'Magic Monday Night Draft')!;
    expect(monday).toMatchObject({ weekday: 1, time: '6pm', price: '$25 at the door' });
    expect(weekly.find((e) => e.title === 'Magic Commander Night')).toMatchObject({ weekday: 3, price: '$10 at the door' });
    const special = await v.anon.collection('events').getFullList({ filter: 'kind = "special"' });
    expect(special.map((e) => e.date)).toEqual(expect.arrayContaining(['2024-10-28', '2024-11-22', '2025-03-22']));
    expect(special.some((e) => e.date > '2026-11-22')).toBe(true);
    const cap = await v.su.collection('capacity').getFirstListItem('date = "default"');
    expect(cap.seats).toBe(40);
  });

  it('sets security headers, with a CSP everywhere but the dashboard', async () => {
    const api = await get(`${v.url}/api/health`);
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(api.headers.get('permissions-policy')).toContain('camera=()');
    const dash = await fetch(`${v.url}/_/`);
    await dash.text();
    // The dashboard keeps PocketBase's own policy (its UI needs it), not the app's.
    expect(dash.headers.get('content-security-policy') ?? '').not.toContain('manifest-src');
    expect(dash.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

let capacityDates = 0;

type Op = 'list' | 'view' | 'create' | 'update' | 'delete';
type Who = keyof typeof callers;

/** true when the caller could do it, false when PocketBase refused (or hid the record). */
async function can(who: Who, collection: string, op: Op, make: () => Record<string, unknown>, update: Record<string, unknown>) {
  const pb = callers[who];
  // A fresh target record, created by the superuser, for every check.
  const target = op === 'create' ? null : await v.su.collection(collection).create(make());
  try {
    switch (op) {
      case 'list': {
        const res = await pb.collection(collection).getList(1, 200);
        return res.items.some((r) => r.id === target!.id);
      }
      case 'view':
        await pb.collection(collection).getOne(target!.id);
        return true;
      case 'create':
        await pb.collection(collection).create(make());
        return true;
      case 'update':
        await pb.collection(collection).update(target!.id, update);
        return true;
      case 'delete':
        await pb.collection(collection).delete(target!.id);
        return true;
    }
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 400 || status === 403 || status === 404) return false;
    throw err;
  }
}

const ALL: Who[] = ['anon', 'user', 'admin', 'su'];
const STAFF: Who[] = ['admin', 'su'];
const SU: Who[] = ['su'];

// Spread over many nights with one guest each, so the nightly cap never gets in the way here.
let night = 0;
const bgn = () => boardGameBody({ id: newRecordId(), party_size: 1, event_date: dayFromToday(1 + (night++ % 90)) });
const matrix: Array<{ collection: string; label?: string; make: () => Record<string, unknown>; update: Record<string, unknown>; rules: Record<Op, Who[]> }> = [
  { collection: 'reservations', make: bgn, update: { status: 'arrived' }, rules: { create: ALL, list: STAFF, view: STAFF, update: STAFF, delete: STAFF } },
  { collection: 'private_event_inquiries', make: () => inquiryBody(), update: { status: 'replied' }, rules: { create: ALL, list: STAFF, view: STAFF, update: STAFF, delete: STAFF } },
  { collection: 'influencer_applications', make: () => influencerBody(), update: { note: 'Replied by email' }, rules: { create: ALL, list: STAFF, view: STAFF, update: STAFF, delete: STAFF } },
  { collection: 'pass_confirmations', make: () => passBody(), update: { status: 'booked', note: 'Seen at the door' }, rules: { create: ALL, list: STAFF, view: STAFF, update: STAFF, delete: SU } },
  {
    collection: 'events',
    make: () => ({ kind: 'special', title: 'Test night', date: dayFromToday(40), time: '7pm', active: true }),
    update: { title: 'Renamed' },
    rules: { create: STAFF, list: ALL, view: ALL, update: STAFF, delete: STAFF },
  },
  // A hidden event (issue 24): guests, signed up or not, neither list nor view it; staff see it.
  {
    collection: 'events',
    label: 'events (hidden)',
    make: () => ({ kind: 'special', title: 'Hidden night', date: dayFromToday(41), time: '7pm', active: false }),
    update: { title: 'Renamed' },
    rules: { create: STAFF, list: STAFF, view: STAFF, update: STAFF, delete: STAFF },
  },
  {
    collection: 'capacity',
    // a date of its own each time (the date is unique; random dates could collide)
    make: () => ({ date: `${2100 + capacityDates++}-01-01`, seats: 12 }),
    update: { seats: 15 },
    rules: { create: STAFF, list: STAFF, view: STAFF, update: STAFF, delete: STAFF },
  },
  {
    collection: 'tasks',
    make: () => ({ title: 'Count the meeples', category: 'games_customer_experience', order_index: 1, is_completed: false, status: 'unchecked' }),
    update: { status: 'waiting' },
    rules: { create: STAFF, list: STAFF, view: STAFF, update: STAFF, delete: STAFF },
  },
  {
    collection: 'priorities',
    make: () => ({ priority_text: 'Restock dice', priority_date: '2026-11-22', is_completed: false, order_index: 0 }),
    update: { is_completed: true },
    rules: { create: STAFF, list: STAFF, view: STAFF, update: STAFF, delete: STAFF },
  },
  {
    collection: 'outbox',
    make: () => ({ kind: 'mail', template: `test_${newRecordId()}`, recipient: 'x@example.test', status: 'skipped', payload: {}, record_collection: 'test', record_id: newRecordId() }),
    update: { status: 'skipped' },
    rules: { create: SU, list: STAFF, view: STAFF, update: STAFF, delete: SU },
  },
  // Last: its creates queue mails, and the outbox rows above list the first 200 jobs.
  { collection: 'waitlist', make: bgn, update: { status: 'left' }, rules: { create: ALL, list: STAFF, view: STAFF, update: STAFF, delete: STAFF } },
];

describe('API rules for the four callers', () => {
  for (const row of matrix) {
    for (const op of ['create', 'list', 'view', 'update', 'delete'] as Op[]) {
      it(`${row.label ?? row.collection} ${op}: ${row.rules[op].join(', ')} only`, async () => {
        const result: Record<string, boolean> = {};
        for (const who of ALL) result[who] = (await can(who, row.collection, op, row.make, row.update)) as boolean;
        const expected = Object.fromEntries(ALL.map((w) => [w, row.rules[op].includes(w)]));
        expect(result).toEqual(expected);
      });
    }
  }

  it('user_roles: each account reads only its own row; only superusers write', async () => {
    const adminView = await callers.admin.collection('user_roles').getFullList();
    expect(adminView.map((r) => r.user_id)).toEqual([adminId]);
    expect(await callers.user.collection('user_roles').getFullList()).toEqual([]);
    expect(await callers.anon.collection('user_roles').getFullList()).toEqual([]);
    expect((await v.su.collection('user_roles').getFullList()).length).toBe(2);

    for (const who of ['anon', 'user', 'admin'] as Who[]) {
      await expect(callers[who].collection('user_roles').create({ user_id: userId, role: 'admin' })).rejects.toMatchObject({ status: 403 });
      await expect(callers[who].collection('user_roles').update(adminView[0]!.id, { role: 'admin' })).rejects.toMatchObject({ status: 403 });
      await expect(callers[who].collection('user_roles').delete(adminView[0]!.id)).rejects.toMatchObject({ status: 403 });
    }
    const created = await v.su.collection('user_roles').create({ user_id: userId, role: 'admin' });
    // unique (user_id, role)
    await expect(v.su.collection('user_roles').create({ user_id: userId, role: 'admin' })).rejects.toMatchObject({ status: 400 });
    await v.su.collection('user_roles').delete(created.id);
  });

  it('hides the cancel token from everyone but superusers', async () => {
    const r = await callers.anon.collection('reservations').create(bgn());
    expect(r.cancel_token).toBeUndefined();
    const asAdmin = await callers.admin.collection('reservations').getOne(r.id);
    expect(asAdmin.cancel_token).toBeUndefined();
    expect(asAdmin.status).toBe('confirmed');
  });

  it('anonymous creates cannot choose status or cancel token', async () => {
    const body = bgn();
    const sent = callers.anon.collection('reservations').create({ ...body, status: 'arrived', cancel_token: 'x'.repeat(48) });
    await expect(sent).rejects.toMatchObject({
      status: 400,
      response: { data: { status: { message: REQUEST_MESSAGES.serverSetField('status') }, cancel_token: { message: REQUEST_MESSAGES.serverSetField('cancel_token') } } },
    });
    const r = await callers.anon.collection('reservations').create(body);
    const stored = await v.su.collection('reservations').getOne(r.id);
    expect(stored.status).toBe('confirmed');
    expect(stored.cancel_token).not.toBe('x'.repeat(48));
    expect(stored.cancel_token).toMatch(/^[A-Za-z0-9]{48}$/);
  });
});
