/**
 * Staff sessions bound to devices (issue 32 item 2; server/staffsession.go): ending one device's
 * session refuses that tablet's next request (401, SESSION_ENDED_CODE) while another tablet of the
 * same account keeps working; dropping or swapping the X-Staff-Device header gains a thief nothing
 * (the session is signed into the token);
 * a new sign-in on the tablet opens a new session and the old token stays dead; the device's name
 * is asked once per tablet; last_seen is written at most once per STAFF_SEEN_SECONDS. Signing out on
 * a tablet ends its session on the server: the Staff view stops listing it, its token is refused,
 * and the next sign-in there opens a fresh one (in either order: sign-out first, or a second
 * sign-in first).
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { DEVICE_NAME_MAX, SESSION_ENDED_CODE, STAFF_ACCOUNT_MESSAGES, STAFF_DEVICE_HEADER } from '../../src/lib/rules/staffAccounts';
import { newRecordId } from '../../src/lib/recordId';
import { boardGameBody, client, post, venuePerFile } from '../support/api-fixtures';
import { subscribeRealtime } from '../support/realtime.mjs';
import { receiverInbox, signInStaff } from '../support/staff-sign-in.mjs';

const v = venuePerFile({ relaxed: true, env: { STAFF_SEEN_SECONDS: '2' } });

interface Device {
  id: string;
  name: string;
  lastSeen: string;
  current: boolean;
}
interface List {
  thisDevice: { id: string; name: string } | null;
  accounts: { id: string; email: string; devices: Device[] }[];
}

/** A tablet: a client that sends its device id with every request, as the staff pages do. */
function tablet(device: string | null): PocketBase {
  const pb = client(v.url);
  pb.beforeSend = (url, options) => {
    if (device) options.headers = { ...options.headers, [STAFF_DEVICE_HEADER]: device };
    return { url, options };
  };
  return pb;
}

async function signInOn(device: string | null, email: string): Promise<PocketBase> {
  const pb = tablet(device);
  await signInStaff(pb, email, 'password-123', receiverInbox(v.smtp!));
  return pb;
}

/** Another client holding the same token (copied off the tablet), sending `device` as its header. */
function copyOf(pb: PocketBase, device: string | null): PocketBase {
  const copy = tablet(device);
  copy.authStore.save(pb.authStore.token, pb.authStore.record);
  return copy;
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => ({ status: 200, message: '', code: '' }),
    (e: ClientResponseError) => ({ status: e.status, message: String(e.response?.message ?? ''), code: String((e.response?.data as { code?: string })?.code ?? '') }),
  );
const list = (pb: PocketBase) => pb.send<List>('/api/staff/accounts', {});
const reservations = (pb: PocketBase) => pb.collection('reservations').getList(1, 1);
const ENDED = { status: 401, message: STAFF_ACCOUNT_MESSAGES.sessionEnded, code: SESSION_ENDED_CODE };

describe('ending one device', () => {
  it('refuses that tablet at its next request, keeps the other working, and a thief gains nothing from the header', async () => {
    const owner = await v.user('owner@example.test', { owner: true });
    await v.admin('host@example.test');
    const [idA, idB] = [newRecordId(), newRecordId()];
    const a = await signInOn(idA, 'host@example.test');
    const b = await signInOn(idB, 'host@example.test');
    expect((await status(reservations(a))).status).toBe(200);
    // Dropping the header changes nothing while the session is open: the token names it.
    expect((await status(reservations(copyOf(a, null)))).status).toBe(200);
    // Another tablet's id with this token: still this token's session (the header is not what binds it).
    const rowA = (await list(a)).thisDevice!.id;
    expect((await list(copyOf(a, idB))).thisDevice!.id).toBe(rowA);

    const host = (await list(owner)).accounts.find((x) => x.email === 'host@example.test')!;
    expect(host.devices).toHaveLength(2);
    const ended = await status(owner.send(`/api/staff/accounts/${host.id}/devices/${rowA}/end`, { method: 'POST' }));
    expect(ended.status).toBe(200);

    for (const attempt of [a, copyOf(a, null), copyOf(a, idB), copyOf(a, newRecordId())]) {
      expect(await status(reservations(attempt))).toEqual(ENDED);
      expect(await status(list(attempt))).toEqual(ENDED);
    }
    expect(await status(a.collection('users').authRefresh())).toEqual(ENDED);
    expect((await status(reservations(b))).status).toBe(200);
    expect((await list(owner)).accounts.find((x) => x.id === host.id)!.devices.map((d) => d.id)).toEqual([(await list(b)).thisDevice!.id]);

    const row = await v.su.collection('activity').getFirstListItem(`kind = "device.end" && target_id = "${rowA}"`);
    expect(row.actor).toBe(owner.authStore.record!.id);
    // Ending it again: it is no longer signed in.
    expect((await status(owner.send(`/api/staff/accounts/${host.id}/devices/${rowA}/end`, { method: 'POST' }))).status).toBe(404);

    // The tablet signs in again: a new session works, the old token stays refused.
    const again = await signInOn(idA, 'host@example.test');
    expect((await status(reservations(again))).status).toBe(200);
    expect(await status(reservations(copyOf(a, idA)))).toEqual(ENDED);
  });

  it('refuses a device of another account, and an owner ends only the devices of the account named', async () => {
    const owner = await v.user('owner2@example.test', { owner: true });
    const one = await signInOn(newRecordId(), (await v.admin('one@example.test')).email as string);
    await v.admin('two@example.test');
    const two = await signInOn(newRecordId(), 'two@example.test');
    const rowOne = (await list(one)).thisDevice!.id;
    const twoId = two.authStore.record!.id;
    const refused = await status(owner.send(`/api/staff/accounts/${twoId}/devices/${rowOne}/end`, { method: 'POST' }));
    expect(refused).toMatchObject({ status: 404, message: STAFF_ACCOUNT_MESSAGES.noDevice });
    // A device row that does not exist: the same 404.
    const missing = await status(owner.send(`/api/staff/accounts/${twoId}/devices/${newRecordId()}/end`, { method: 'POST' }));
    expect(missing).toMatchObject({ status: 404, message: STAFF_ACCOUNT_MESSAGES.noDevice });
    expect((await status(reservations(one))).status).toBe(200);
  });

  it('a session without a device (issued before devices were bound) is refused; a new sign-in binds one', async () => {
    const pb = await signInOn(null, (await v.admin('old@example.test')).email as string);
    expect((await status(reservations(pb))).status).toBe(200);
    await v.su.collection('staff_devices').getFullList({ filter: `user = "${pb.authStore.record!.id}"` }).then((rows) =>
      Promise.all(rows.map((r) => v.su.collection('staff_devices').delete(r.id))),
    );
    expect(await status(reservations(pb))).toEqual(ENDED);
    // Non-staff accounts are not concerned.
    const guest = await v.user('guest@example.test');
    expect((await status(guest.collection('users').authRefresh())).status).toBe(200);
  });
});

describe('realtime', () => {
  it('an ended device stops receiving staff records at once; the other device still does', async () => {
    const owner = await v.user('owner3@example.test', { owner: true });
    const hostId = (await v.admin('live@example.test')).id;
    const a = await signInOn(newRecordId(), 'live@example.test');
    const b = await signInOn(newRecordId(), 'live@example.test');
    const liveA = await subscribeRealtime(v.url, ['reservations/*'], { token: a.authStore.token });
    const liveB = await subscribeRealtime(v.url, ['reservations/*'], { token: b.authStore.token });
    const ids = (live: typeof liveA) => live.messages.map((m) => String(m.data.record?.id));
    const first = boardGameBody({ email: 'first@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, first)).status).toBe(200);
    await expect.poll(() => ids(liveA).includes(first.id as string) && ids(liveB).includes(first.id as string)).toBe(true);

    await owner.send(`/api/staff/accounts/${hostId}/devices/${(await list(a)).thisDevice!.id}/end`, { method: 'POST' });
    const second = boardGameBody({ email: 'second@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, second)).status).toBe(200);
    await expect.poll(() => ids(liveB).includes(second.id as string)).toBe(true);
    expect(ids(liveA)).not.toContain(second.id);
    liveA.close();
    liveB.close();
  });

  it('a tablet that signs out stops receiving staff records at once; the other device still does', async () => {
    await v.admin('live-out@example.test');
    const a = await signInOn(newRecordId(), 'live-out@example.test');
    const b = await signInOn(newRecordId(), 'live-out@example.test');
    const liveA = await subscribeRealtime(v.url, ['reservations/*'], { token: a.authStore.token });
    const liveB = await subscribeRealtime(v.url, ['reservations/*'], { token: b.authStore.token });
    const ids = (live: typeof liveA) => live.messages.map((m) => String(m.data.record?.id));
    const first = boardGameBody({ email: 'first-out@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, first)).status).toBe(200);
    await expect.poll(() => ids(liveA).includes(first.id as string) && ids(liveB).includes(first.id as string)).toBe(true);

    expect((await status(a.send('/api/staff/accounts/this-device/sign-out', { method: 'POST' }))).status).toBe(200);
    const second = boardGameBody({ email: 'second-out@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, second)).status).toBe(200);
    await expect.poll(() => ids(liveB).includes(second.id as string)).toBe(true);
    expect(ids(liveA)).not.toContain(second.id);
    liveA.close();
    liveB.close();
  });
});

describe('signing out on a tablet', () => {
  const signOut = (pb: PocketBase | null) => status((pb ?? client(v.url)).send('/api/staff/accounts/this-device/sign-out', { method: 'POST' }));
  const devicesOf = async (owner: PocketBase, email: string) => (await list(owner)).accounts.find((x) => x.email === email)!.devices.map((d) => d.id);

  it('ends that session: the Staff view drops it, its token is refused, the other tablet stays, a new sign-in opens a fresh one', async () => {
    const owner = await v.user('owner-out@example.test', { owner: true });
    await v.admin('out@example.test');
    const [idA, idB] = [newRecordId(), newRecordId()];
    const a = await signInOn(idA, 'out@example.test');
    const b = await signInOn(idB, 'out@example.test');
    const [rowA, rowB] = [(await list(a)).thisDevice!.id, (await list(b)).thisDevice!.id];
    expect((await devicesOf(owner, 'out@example.test')).sort()).toEqual([rowA, rowB].sort());

    expect(await signOut(a)).toMatchObject({ status: 200 });
    expect(await devicesOf(owner, 'out@example.test')).toEqual([rowB]);
    expect(await status(reservations(a))).toEqual(ENDED);
    expect(await status(a.collection('users').authRefresh())).toEqual(ENDED);
    expect(await signOut(a)).toEqual(ENDED); // the second time: already over
    expect((await status(reservations(b))).status).toBe(200);
    const logged = await v.su.collection('activity').getFullList({ filter: `kind = "staff.signout" && target_id = "${rowA}"` });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor: a.authStore.record!.id, target_collection: 'staff_devices' });

    const again = await signInOn(idA, 'out@example.test');
    expect((await status(reservations(again))).status).toBe(200);
    expect(await status(reservations(copyOf(a, idA)))).toEqual(ENDED);
    expect((await devicesOf(owner, 'out@example.test')).sort()).toEqual([rowA, rowB].sort());
  });

  it('after a second sign-in on the same tablet, signing out ends the newer session and the older token stays dead', async () => {
    const owner = await v.user('owner-out2@example.test', { owner: true });
    await v.admin('twice@example.test');
    const id = newRecordId();
    const first = await signInOn(id, 'twice@example.test');
    const second = await signInOn(id, 'twice@example.test');
    expect(await status(reservations(first))).toEqual(ENDED);
    expect(await devicesOf(owner, 'twice@example.test')).toHaveLength(1);

    expect(await signOut(second)).toMatchObject({ status: 200 });
    expect(await devicesOf(owner, 'twice@example.test')).toEqual([]);
    for (const pb of [first, second]) expect(await status(reservations(pb))).toEqual(ENDED);
    const third = await signInOn(id, 'twice@example.test');
    expect((await status(reservations(third))).status).toBe(200);
    expect(await devicesOf(owner, 'twice@example.test')).toHaveLength(1);
  });

  it('is refused to anyone without a staff session: anonymous, a guest account, a stale token', async () => {
    expect((await signOut(null)).status).toBe(401);
    expect((await signOut(await v.user('not-staff-out@example.test'))).status).toBe(403);
    const stale = await signInOn(newRecordId(), (await v.admin('stale-out@example.test')).email as string);
    await v.su.collection('users').update(stale.authStore.record!.id, { password: 'password-456', passwordConfirm: 'password-456' });
    expect((await signOut(stale)).status).toBe(401);
    // A superuser has no device session to end.
    expect(await signOut(v.su)).toMatchObject({ status: 400, message: STAFF_ACCOUNT_MESSAGES.noDeviceSession });
  });
});

describe('naming a device', () => {
  it('is asked once per tablet: the name is stored for every account that signs in on it', async () => {
    await v.admin('namer@example.test');
    await v.admin('other@example.test');
    const device = newRecordId();
    const pb = await signInOn(device, 'namer@example.test');
    expect((await list(pb)).thisDevice).toEqual({ id: expect.any(String), name: '' });
    for (const bad of [42, null, '   ', 'x'.repeat(DEVICE_NAME_MAX + 1)]) {
      expect((await status(pb.send('/api/staff/accounts/this-device', { method: 'PUT', body: { name: bad } }))).status).toBe(400);
    }
    const named = await pb.send('/api/staff/accounts/this-device', { method: 'PUT', body: { name: '  Door   tablet ' } });
    expect(named).toMatchObject({ name: 'Door tablet' });
    // The same name again records nothing more.
    await pb.send('/api/staff/accounts/this-device', { method: 'PUT', body: { name: 'Door tablet' } });
    const rows = await v.su.collection('activity').getFullList({ filter: `kind = "device.name" && actor = "${pb.authStore.record!.id}"` });
    expect(rows.map((r) => r.summary)).toEqual(['Named this device "Door tablet"']);

    const other = await signInOn(device, 'other@example.test');
    expect((await list(other)).thisDevice!.name).toBe('Door tablet');
  });
});

describe('last seen', () => {
  it('is written at most once per interval, not once per request', async () => {
    const pb = await signInOn(newRecordId(), (await v.admin('seen@example.test')).email as string);
    const rowId = (await list(pb)).thisDevice!.id;
    const seen = async () => String((await v.su.collection('staff_devices').getOne(rowId)).last_seen);
    const first = await seen();
    for (let i = 0; i < 5; i++) await reservations(pb);
    expect(await seen()).toBe(first);
    await new Promise((r) => setTimeout(r, 2100));
    await reservations(pb);
    await expect.poll(seen, { timeout: 3000 }).not.toBe(first);
  });
});
