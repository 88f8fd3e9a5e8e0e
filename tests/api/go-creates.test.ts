/**
 * Issue 33: the public creates of reservations, inquiries, applications and pass confirmations
 * are served in Go (server/creates.go) with the rules in TypeScript (hooks/lib/create-plan.ts).
 * The rules and answers are the other API tests'; these check what the Go path adds: the events
 * it keeps between creates follow every staff edit, a staff account's create still goes through
 * the activity log's transaction, a superuser's and a signed-up guest's are served like a guest's,
 * and a refusal's retry of a stored create is still PocketBase's duplicate answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { boardGameBody, eventBody, inquiryBody, nextWeekday, post, venuePerFile } from '../support/api-fixtures';

const v = venuePerFile({ meta: false, relaxed: true });
let admin: PocketBase;

beforeAll(async () => {
  admin = await v.user('go-creates-admin@example.test', { admin: true });
});

const reservations = () => `${v.url}/api/collections/reservations/records`;
const auth = (pb: PocketBase): Record<string, string> => ({ Authorization: pb.authStore.token });

describe('the events the Go create path keeps', () => {
  it("follow a staff edit of an event's time, and its hiding, at the next create", async () => {
    const first = await post(reservations(), eventBody());
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.event_time).toBe('6pm');

    const row = await v.su.collection('events').getFirstListItem('title = "Magic Commander Night"');
    await v.su.collection('events').update(row.id, { time: '6:30pm' });
    try {
      const moved = await post(reservations(), eventBody({ email: 'moved@example.test' }));
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
      expect(moved.json.event_time).toBe('6:30pm');

      await v.su.collection('events').update(row.id, { active: false });
      const hidden = await post(reservations(), eventBody({ email: 'hidden@example.test' }));
      expect(hidden.status).toBe(400);
      expect(hidden.json.code).toBe('event_unknown');
    } finally {
      await v.su.collection('events').update(row.id, { time: row.time, active: true });
    }
    const back = await post(reservations(), eventBody({ email: 'back@example.test' }));
    expect(back.json.event_time).toBe('6pm');
  });

  it('see a special added after the first create', async () => {
    const date = nextWeekday(4, 9);
    const body = eventBody({ event_name: 'Go Path Special', event_date: date, event_time: '8pm', email: 'special@example.test' });
    const before = await post(reservations(), body);
    expect(before.status).toBe(400);
    expect(before.json.code).toBe('event_unknown');
    const special = await v.su.collection('events').create({ title: 'Go Path Special', kind: 'special', date, time: '8pm', active: true, sort_order: 99 });
    try {
      const res = await post(reservations(), body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ event_name: 'Go Path Special', event_time: '8pm', party_size: 1 });
    } finally {
      await v.su.collection('events').delete(special.id);
    }
  });
});

describe('who creates', () => {
  it("a staff account's create is logged with the write, in its transaction", async () => {
    const body = inquiryBody({ email: 'staff-typed@example.test' });
    const res = await post(`${v.url}/api/collections/private_event_inquiries/records`, body, auth(admin));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = await v.su.collection('activity').getFullList({ filter: `target_id = "${body.id}"` });
    expect(rows.map((r) => [r.actor_name, r.target_collection])).toEqual([['go-creates-admin@example.test', 'private_event_inquiries']]);
    const jobs = await v.su.collection('outbox').getFullList({ filter: `record_id = "${body.id}"` });
    expect(jobs.map((j) => j.template).sort()).toEqual(['inquiry_ack', 'inquiry_staff', 'meta_lead']);
  });

  it("a staff account's refused create writes neither the record nor a row", async () => {
    const body = boardGameBody({ party_size: 0, email: 'staff-refused@example.test' });
    const res = await post(reservations(), body, auth(admin));
    expect(res.status).toBe(400);
    expect(res.json.data.party_size).toBeTruthy();
    expect(await v.su.collection('activity').getFullList({ filter: `target_id = "${body.id}"` })).toEqual([]);
  });

  it("a superuser's and a signed-up guest's are served like a guest's, and not logged", async () => {
    const guest = await v.user('go-creates-guest@example.test');
    for (const [who, headers] of [
      ['superuser', auth(v.su)],
      ['guest', auth(guest)],
    ] as const) {
      const body = boardGameBody({ email: `${who}@example.test`, party_size: 2 });
      const res = await post(reservations(), body, headers);
      expect(res.status, `${who}: ${JSON.stringify(res.json)}`).toBe(200);
      expect(res.json).toMatchObject({ id: body.id, status: 'confirmed', event_name: 'Board Game Night' });
      // A hidden field shows to a superuser only, as PocketBase answers any read.
      expect(typeof res.json.cancel_token, who).toBe(who === 'superuser' ? 'string' : 'undefined');
      expect(await v.su.collection('activity').getFullList({ filter: `target_id = "${body.id}"` })).toEqual([]);
    }
  });
});

describe('a retry', () => {
  it('of a stored create that is now refused (the night filled since) gets the duplicate answer and changes nothing', async () => {
    const night = nextWeekday(2, 12);
    await v.su.collection('capacity').create({ date: night, seats: 4 });
    const body = boardGameBody({ event_date: night, party_size: 4, email: 'retry@example.test' });
    expect((await post(reservations(), body)).status).toBe(200);
    const retry = await post(reservations(), body);
    expect(retry.status).toBe(400);
    expect(retry.json.data.id.code).toBe('validation_not_unique');
    expect(retry.json.code).toBeUndefined();
    const jobs = await v.su.collection('outbox').getFullList({ filter: `record_id = "${body.id}"` });
    expect(jobs.length).toBe(2);
  });
});
