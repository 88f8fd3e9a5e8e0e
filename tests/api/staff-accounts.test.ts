/**
 * The Staff view's routes (issue 32 items 1–2) on a real PocketBase: who may call each route, owner
 * implies admin both ways, the last owner stays, a role change ends the account's sessions (the old
 * token stops working and the next sign-in asks for the emailed code), and a removed account's
 * history keeps its name.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { STAFF_ACCOUNT_MESSAGES } from '../../src/lib/rules/staffAccounts';
import { client, venuePerFile } from '../support/api-fixtures';

const v = venuePerFile({ relaxed: true });

interface Account {
  id: string;
  email: string;
  roles: string[];
  role: string;
  lastSignIn: string;
  devices: { id: string; name: string; lastSeen: string; current: boolean }[];
}
interface List {
  owner: boolean;
  me: string;
  accounts: Account[];
}

const answer = (p: Promise<unknown>) =>
  p.then(
    (body) => ({ status: 200, body: body as Record<string, unknown>, message: '' }),
    (e: ClientResponseError) => ({ status: e.status, body: e.response as Record<string, unknown>, message: String(e.response?.message ?? '') }),
  );

const list = (pb: PocketBase) => pb.send<List>('/api/staff/accounts', {});
const setRole = (pb: PocketBase, id: string, role: unknown, grant: unknown) => pb.send(`/api/staff/accounts/${id}/roles`, { method: 'POST', body: { role, grant } });
const remove = (pb: PocketBase, id: string) => pb.send(`/api/staff/accounts/${id}`, { method: 'DELETE' });
const endDevice = (pb: PocketBase, id: string, device: string) => pb.send(`/api/staff/accounts/${id}/devices/${device}/end`, { method: 'POST' });
const nameDevice = (pb: PocketBase, name: unknown) => pb.send('/api/staff/accounts/this-device', { method: 'PUT', body: { name } });

async function rolesOf(id: string): Promise<string[]> {
  return (await v.su.collection('user_roles').getFullList({ filter: `user_id = "${id}"` })).map((r) => r.role as string).sort();
}

/** A stale token: the account signed out everywhere since (its key renewed). */
async function staleAdmin(email: string): Promise<PocketBase> {
  const pb = await v.user(email, { admin: true });
  await v.su.collection('users').update(pb.authStore.record!.id, { tokenKey: 'k'.repeat(50) });
  return pb;
}

describe('who may call the staff routes', () => {
  it('anonymous 401, a signed-up non-admin 403, an admin sees only itself and changes nothing, a stale token 401, an owner everything', async () => {
    const owner = await v.user('boss@example.test', { owner: true });
    const door = await v.user('door1@example.test', { admin: true });
    const guest = await v.user('signup@example.test');
    const stale = await staleAdmin('former@example.test');
    const doorId = door.authStore.record!.id;

    const routes = [
      (pb: PocketBase) => list(pb),
      (pb: PocketBase) => setRole(pb, doorId, 'owner', true),
      (pb: PocketBase) => remove(pb, doorId),
      (pb: PocketBase) => endDevice(pb, doorId, 'aaaaaaaaaaaaaaa'),
    ];
    for (const route of routes) {
      expect((await answer(route(v.anon))).status).toBe(401);
      expect((await answer(route(stale))).status).toBe(401);
      const signedUp = await answer(route(guest));
      expect(signedUp.status).toBe(403);
      expect(signedUp.message).toBe(STAFF_ACCOUNT_MESSAGES.staffOnly);
    }
    for (const route of routes.slice(1)) {
      const refused = await answer(route(door));
      expect(refused.status).toBe(403);
      expect(refused.message).toBe(STAFF_ACCOUNT_MESSAGES.ownersOnly);
    }
    expect((await answer(nameDevice(v.anon, 'Door tablet'))).status).toBe(401);
    expect((await answer(nameDevice(guest, 'Door tablet'))).status).toBe(403);
    expect((await answer(nameDevice(stale, 'Door tablet'))).status).toBe(401);
    expect(await rolesOf(doorId)).toEqual(['admin']);

    const own = await list(door);
    expect(own.owner).toBe(false);
    expect(own.accounts.map((a) => a.email)).toEqual(['door1@example.test']);
    expect(own.accounts[0]!.devices).toHaveLength(1);
    expect(own.accounts[0]!.devices[0]!.current).toBe(true);

    const all = await list(owner);
    expect(all.owner).toBe(true);
    const byEmail = Object.fromEntries(all.accounts.map((a) => [a.email, a]));
    expect(byEmail['boss@example.test']!.role).toBe('owner');
    expect(byEmail['door1@example.test']!.role).toBe('admin');
    expect(byEmail['signup@example.test']!.role).toBe('none');
    expect(byEmail['door1@example.test']!.lastSignIn).not.toBe('');
    // The tablets' own ids never leave the server: only the session rows' ids.
    expect(JSON.stringify(all)).not.toMatch(/"(device|session)":/);
  });
});

describe('roles', () => {
  it('granting owner adds both rows; revoking admin from an owner takes both; each change is one activity row', async () => {
    const owner = await v.user('boss2@example.test', { owner: true });
    const host = await v.user('host2@example.test', { admin: true });
    const id = host.authStore.record!.id;

    const granted = await answer(setRole(owner, id, 'owner', true));
    expect(granted.status).toBe(200);
    expect(granted.body.message).toBe(STAFF_ACCOUNT_MESSAGES.granted('owner', 'host2@example.test'));
    expect(await rolesOf(id)).toEqual(['admin', 'owner']);
    // The second time changes nothing and records nothing.
    expect((await answer(setRole(owner, id, 'owner', true))).body.changed).toBe(false);

    await setRole(owner, id, 'admin', false);
    expect(await rolesOf(id)).toEqual([]);
    const rows = await v.su.collection('activity').getFullList({ filter: `target_id = "${id}" && kind ~ "role."`, sort: 'created' });
    expect(rows.map((r) => r.kind)).toEqual(['role.grant', 'role.revoke']);
    expect(rows[0]!.actor).toBe(owner.authStore.record!.id);
    expect(rows[0]!.before).toEqual({ roles: ['admin'] });
    expect(rows[0]!.after).toEqual({ roles: ['admin', 'owner'] });
  });

  it('refuses wrong types and unknown accounts, changing nothing', async () => {
    const owner = await v.user('boss3@example.test', { owner: true });
    const host = await v.user('host3@example.test', { admin: true });
    const id = host.authStore.record!.id;
    for (const [role, grant] of [['admin', 'true'], ['superuser', true], [1, false], ['owner', null]] as const) {
      expect((await answer(setRole(owner, id, role, grant))).status).toBe(400);
    }
    const unknown = await answer(setRole(owner, 'zzzzzzzzzzzzzzz', 'admin', true));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(STAFF_ACCOUNT_MESSAGES.noAccount);
    expect(await rolesOf(id)).toEqual(['admin']);
  });

  it('a role change ends the account sessions: the old token stops working and the next sign-in asks for the code', async () => {
    const owner = await v.user('boss4@example.test', { owner: true });
    const host = await v.user('host4@example.test', { admin: true });
    const id = host.authStore.record!.id;
    expect((await answer(host.collection('reservations').getList(1, 1))).status).toBe(200);

    await setRole(owner, id, 'owner', true);
    // PocketBase reads a token it no longer accepts as none: the admin collections answer nothing.
    expect((await answer(list(host))).status).toBe(401);
    expect((await answer(host.collection('users').authRefresh())).status).toBe(401);
    const again = await answer(client(v.url).collection('users').authWithPassword('host4@example.test', 'password-123'));
    expect(again.status).toBe(401);
    expect(again.body.mfaId).toEqual(expect.any(String));
    // Its devices are no longer listed as signed in.
    const mine = (await list(owner)).accounts.find((a) => a.id === id)!;
    expect(mine.devices).toEqual([]);
    const fresh = await v.signIn('host4@example.test');
    expect((await list(fresh)).owner).toBe(true);
  });
});

describe('the last owner', () => {
  it('cannot be demoted or removed, by itself or anyone; with a second owner it can', async () => {
    // A venue of its own: every other test here adds owners.
    const owners = (await v.su.collection('user_roles').getFullList({ filter: 'role = "owner"' })).map((r) => r.user_id as string);
    for (const o of owners) await v.su.collection('users').delete(o);
    const only = await v.user('only@example.test', { owner: true });
    const id = only.authStore.record!.id;
    for (const attempt of [() => setRole(only, id, 'owner', false), () => setRole(only, id, 'admin', false), () => remove(only, id)]) {
      const refused = await answer(attempt());
      expect(refused.status).toBe(409);
      expect(refused.message).toBe(STAFF_ACCOUNT_MESSAGES.lastOwner);
    }
    expect(await rolesOf(id)).toEqual(['admin', 'owner']);
    expect((await list(only)).owner).toBe(true); // nothing changed: the session goes on

    const second = await v.user('second@example.test', { owner: true });
    expect((await answer(setRole(second, id, 'owner', false))).status).toBe(200);
    expect(await rolesOf(id)).toEqual(['admin']);
    const self = await answer(remove(second, second.authStore.record!.id));
    expect(self.status).toBe(409);
  });
});

describe('removing an account', () => {
  it('keeps its history with its name on it; its roles and devices go', async () => {
    const owner = await v.user('boss5@example.test', { owner: true });
    const host = await v.user('leaver@example.test', { admin: true });
    const id = host.authStore.record!.id;
    await nameDevice(host, 'Bar tablet');
    const before = await v.su.collection('activity').getFullList({ filter: `actor = "${id}" && kind = "device.name"` });
    expect(before.map((r) => r.kind)).toEqual(['device.name']);

    const removed = await answer(remove(owner, id));
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(STAFF_ACCOUNT_MESSAGES.removed('leaver@example.test'));
    await expect(v.su.collection('users').getOne(id)).rejects.toMatchObject({ status: 404 });
    expect(await rolesOf(id)).toEqual([]);
    expect(await v.su.collection('staff_devices').getFullList({ filter: `user = "${id}"` })).toEqual([]);
    const kept = await v.su.collection('activity').getOne(before[0]!.id);
    expect(kept.actor).toBe('');
    expect(kept.actor_name).toBe('leaver@example.test');
    const removal = await v.su.collection('activity').getFirstListItem(`kind = "account.remove" && target_id = "${id}"`);
    expect(removal.summary).toBe('Removed leaver@example.test');
    expect((await answer(remove(owner, id))).status).toBe(404);
  });
});
