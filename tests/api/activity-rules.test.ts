/**
 * The activity log's rules (issue 32 item 4): append-only for everyone but superusers; owners
 * read every row, an admin only a reservation's history; guests and signed-up non-admins nothing.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenue, type Venue } from '../support/api-fixtures';

let v: Venue;
let owner: PocketBase;
let admin: PocketBase;
let user: PocketBase;
let stale: PocketBase;

const row = (target_collection: string, kind: string) => ({ kind, target_collection, target_id: 'abc', summary: kind, actor_name: 'test' });

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  owner = await v.user('owner@example.test', { owner: true });
  admin = await v.user('door@example.test', { admin: true });
  user = await v.user('guest@example.test');
  // A token that stopped working: that admin signed out everywhere since (its key renewed).
  stale = await v.user('former@example.test', { admin: true });
  await v.su.collection('users').update(stale.authStore.record!.id, { tokenKey: 'k'.repeat(50) });
  await v.su.collection('activity').create(row('reservations', 'reservation.status'));
  await v.su.collection('activity').create(row('events', 'event.update'));
});

afterAll(async () => {
  await v?.stop();
});

describe('activity', () => {
  it('owners read every row; an admin only reservations; others nothing', async () => {
    // Each staff sign-in above wrote its own row too (about the account, not a reservation).
    expect((await owner.collection('activity').getFullList({ filter: 'kind != "staff.signin"' })).map((r) => r.kind).sort()).toEqual(['event.update', 'reservation.status']);
    expect((await owner.collection('activity').getFullList({ filter: 'kind = "staff.signin"' })).length).toBe(3);
    expect((await admin.collection('activity').getFullList()).map((r) => r.kind)).toEqual(['reservation.status']);
    expect(await user.collection('activity').getFullList()).toEqual([]);
    expect(await v.anon.collection('activity').getFullList()).toEqual([]);
    // PocketBase reads a token it no longer accepts as no token at all.
    expect(await stale.collection('activity').getFullList()).toEqual([]);
  });

  it('nobody but a superuser writes, changes or deletes a row', async () => {
    const [first] = await v.su.collection('activity').getFullList({ filter: 'kind != "staff.signin"' });
    for (const caller of [owner, admin, user, stale, v.anon]) {
      await expect(caller.collection('activity').create(row('reservations', 'forged'))).rejects.toMatchObject({ status: 403 });
      await expect(caller.collection('activity').update(first!.id, { summary: 'changed' })).rejects.toMatchObject({ status: expect.any(Number) });
      await expect(caller.collection('activity').delete(first!.id)).rejects.toMatchObject({ status: expect.any(Number) });
    }
    const after = await v.su.collection('activity').getOne(first!.id);
    expect(after.summary).toBe(first!.summary);
    expect((await v.su.collection('activity').getFullList({ filter: 'kind != "staff.signin"' })).length).toBe(2);
  });
});
