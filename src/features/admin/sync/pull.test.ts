/**
 * Filling and catching up the local copy from the contract's pull (a fake server behind a
 * stubbed fetch): the whole window, deltas with deletions, rows leaving the window, out-of-order
 * answers, and the wipe (sign-out, or a 401 when "sign out everywhere" reaches the tablet).
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../lib/venueTime';
import { pb } from '../../../lib/api/client';
import { currentEpoch, deleteStaffDb, readMeta, staffDb, STAFF_SYNC_DB } from './db';
import { FakeSyncServer } from '../../../../tests/support/fake-sync-server';
import { pullChanges } from './pull';
import { cancelRetry, flushChanges, recordChange } from './queue';
import { applyPull, applyRecord, applyRecords } from './store';
import { syncWindow } from './syncWindow';
import { wipeOnSignOut, wipeStaffCopy } from './wipe';

let server: FakeSyncServer;
const window = syncWindow();
const night = (n: number) => addDays(window.from, n);
const booking = (id: string, date: string, extra: Record<string, unknown> = {}) => ({ id, name: id, email: '', phone: '', event_name: 'Board Game Night', event_date: date, event_time: '7:00 PM', party_size: 2, source: 'web', status: 'confirmed', created: '', ...extra });

/** How many reservation rows IndexedDB holds, read from a fresh connection (what is on disk). */
async function storedReservations(): Promise<number> {
  if (!(await Dexie.exists(STAFF_SYNC_DB))) return 0;
  const raw = new Dexie(STAFF_SYNC_DB);
  await raw.open();
  try {
    return raw.tables.some((t) => t.name === 'reservations') ? await raw.table('reservations').count() : 0;
  } finally {
    raw.close();
  }
}

beforeEach(async () => {
  await deleteStaffDb();
  server = new FakeSyncServer(window);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('the local copy', () => {
  it('after a restore on the server (a new data generation) is the whole window again, and the queued changes are sent again', async () => {
    server.generation = 1;
    for (const id of ['kept', 'made-after-the-backup']) server.put('reservations', booking(id, night(1)));
    await pullChanges();
    const cursor = await readMeta<string>('cursor');
    expect(await readMeta('generation')).toBe(1);
    // A change the server refused with the restore's 503: still queued on the tablet.
    server.failNext.push(503);
    await recordChange({ collection: 'reservations', op: 'update', record_id: 'kept', fields: { status: 'arrived' }, base: { status: 'confirmed' }, label: 'kept · arrived' });
    await vi.waitFor(() => expect(server.requests.some((r) => r.startsWith('POST /api/admin/changes'))).toBe(true));
    expect(server.effects.size).toBe(0);
    // The restore: a row made after the backup is gone (no tombstone), and the generation goes up.
    server.rows.get('reservations')!.delete('made-after-the-backup');
    server.generation = 2;
    await pullChanges();
    expect(server.requests).toContain(`GET /api/admin/sync?since=${encodeURIComponent(cursor!)}&generation=1`);
    expect((await staffDb().reservations.toArray()).map((r) => r.id)).toEqual(['kept']);
    expect(await readMeta('generation')).toBe(2);
    // Sent by the pull that saw the new generation, before the 503's retry (1 s) would have.
    await vi.waitFor(() => expect(server.effects.size).toBe(1), { timeout: 800 });
    cancelRetry();
  });

  it('is filled with the window by the first pull, secrets left out', async () => {
    server.put('reservations', booking('tonight', night(0), { cancel_token: 'secret' }));
    server.put('reservations', booking('lastnight', night(14)));
    server.put('capacity', { id: 'cap', date: night(0), seats: 30, note: '' });
    server.put('capacity', { id: 'def', date: 'default', seats: 40, note: '' });
    server.put('tasks', { id: 'task', title: 'Count kegs' });
    await pullChanges();
    expect(server.requests).toEqual(['GET /api/admin/sync']);
    expect((await staffDb().reservations.toArray()).map((r) => r.id).sort()).toEqual(['lastnight', 'tonight']);
    expect(await staffDb().reservations.get('tonight')).not.toHaveProperty('cancel_token');
    expect(await staffDb().capacity.count()).toBe(2);
    expect(await staffDb().tasks.count()).toBe(1);
    expect(await readMeta('cursor')).toBeTruthy();
  });

  it('catches up by the cursor: changes, deletions, and a reservation moved out of the window', async () => {
    for (const id of ['a', 'b', 'c']) server.put('reservations', booking(id, night(1)));
    server.put('tasks', { id: 'task', title: 'Count kegs' });
    await pullChanges();
    const cursor = await readMeta<string>('cursor');

    server.put('reservations', booking('a', night(1), { status: 'arrived' }));
    server.put('reservations', booking('b', night(20))); // moved to a night beyond the window
    server.remove('reservations', 'c');
    server.remove('tasks', 'task');
    server.put('reservations', booking('d', night(2)));
    await pullChanges();

    expect(server.requests[1]).toBe(`GET /api/admin/sync?since=${encodeURIComponent(cursor!)}`);
    expect((await staffDb().reservations.toArray()).map((r) => [r.id, r.status])).toEqual([
      ['a', 'arrived'],
      ['d', 'confirmed'],
    ]);
    expect(await staffDb().tasks.count()).toBe(0);
  });

  it('drops the nights the window has left behind, and pulls the whole window again on a new venue night', async () => {
    await applyPull({ cursor: '2026-11-20 10:00:00.000Z', window: { from: night(-2), to: night(12) }, full: true, reservations: [booking('old', night(-2)), booking('kept', night(0))], waitlist: [], capacity: [{ id: 'oldcap', date: night(-2), seats: 1, note: '' }], events: [], tasks: [], priorities: [], deleted: [] }, currentEpoch());
    expect(await staffDb().reservations.count()).toBe(2);
    server.put('reservations', booking('kept', night(0)));
    await pullChanges();
    expect(server.requests).toEqual(['GET /api/admin/sync']); // not a delta: the stored window is another night's
    expect((await staffDb().reservations.toArray()).map((r) => r.id)).toEqual(['kept']);
    expect(await staffDb().capacity.count()).toBe(0);
  });

  it('keeps a newer row over an older answer (a realtime event overtook a pull)', async () => {
    await applyRecord('reservations', 'a', booking('a', night(0), { status: 'arrived', updated: '2026-11-26 22:00:00.000Z' }), window, currentEpoch());
    await applyPull({ cursor: '2026-11-26 21:59:00.000Z', window, full: true, reservations: [booking('a', night(0), { updated: '2026-11-26 21:00:00.000Z' })], waitlist: [], capacity: [], events: [], tasks: [], priorities: [], deleted: [] }, currentEpoch());
    expect(await staffDb().reservations.get('a')).toMatchObject({ status: 'arrived' });
  });

  it('writes nothing from an answer that arrives after a wipe', async () => {
    const epoch = currentEpoch();
    await wipeStaffCopy();
    expect(await applyPull({ cursor: 'x', window, full: true, reservations: [booking('a', night(0))], waitlist: [], capacity: [], events: [], tasks: [], priorities: [], deleted: [] }, epoch)).toBe(false);
    expect(await storedReservations()).toBe(0);
  });
});

describe('personal data on a shared tablet', () => {
  beforeEach(() => {
    pb.authStore.save('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig', { id: 'staff1', collectionName: 'users' } as never);
  });

  it('is deleted on sign-out: IndexedDB then holds no reservation rows, nor the queue', async () => {
    wipeOnSignOut();
    server.put('reservations', booking('a', night(0)));
    await pullChanges();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(false);
    await recordChange({ collection: 'reservations', op: 'update', record_id: 'a', fields: { status: 'arrived' }, base: { status: 'confirmed' }, label: 'a' });
    expect(await storedReservations()).toBe(1);
    pb.authStore.clear();
    await vi.waitFor(async () => expect(await Dexie.exists(STAFF_SYNC_DB)).toBe(false));
    expect(await storedReservations()).toBe(0);
  });

  // 401: the token no longer counts ("sign out everywhere"); 403: no longer an admin session.
  it.each([401, 403] as const)('is deleted, and the session forgotten, when a pull meets a %i', async (status) => {
    server.put('reservations', booking('a', night(0)));
    await pullChanges();
    server.failNext.push(status);
    await pullChanges();
    expect(pb.authStore.token).toBe('');
    expect(await storedReservations()).toBe(0);
  });

  it('is deleted when a push meets a 401', async () => {
    server.put('reservations', booking('a', night(0)));
    await pullChanges();
    server.failNext.push(401);
    await recordChange({ collection: 'reservations', op: 'update', record_id: 'a', fields: { status: 'arrived' }, base: { status: 'confirmed' }, label: 'a' });
    await flushChanges();
    expect(pb.authStore.token).toBe('');
    expect(await storedReservations()).toBe(0);
  });
});

describe('a tablet whose calls get no answer while the browser says online', () => {
  it('is offline since its last contact after a pull or a send gets no answer, and back in contact on the next answer', async () => {
    await pullChanges();
    const contact = await readMeta<number>('lastContact');
    expect(contact).toBeTypeOf('number');
    expect(await readMeta('offlineSince')).toBeUndefined();

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch'))); // wifi up, no way out
    await pullChanges();
    expect(await readMeta('offlineSince')).toBe(contact);
    await recordChange({ collection: 'tasks', op: 'create', record_id: 'task00000000001', fields: { title: 'Wipe the tables' }, base: {}, label: 'Task: Wipe the tables' });
    await flushChanges();
    expect(await readMeta('offlineSince')).toBe(contact); // a second failure keeps the first time

    vi.stubGlobal('fetch', server.fetch);
    await flushChanges();
    expect(await readMeta('offlineSince')).toBeUndefined();
    expect(await readMeta<number>('lastContact')).toBeGreaterThanOrEqual(contact!);
  });
});

describe('realtime events written a burst at a time', () => {
  it('keeps their order inside one write, and writes nothing after a wipe', async () => {
    const events = [
      { collection: 'reservations', id: 'burst0000000001', record: booking('burst0000000001', night(0), { updated: '2026-11-26 21:00:00.000Z' }) },
      { collection: 'reservations', id: 'burst0000000002', record: booking('burst0000000002', night(1), { updated: '2026-11-26 21:00:00.000Z' }) },
      { collection: 'reservations', id: 'burst0000000001', record: null }, // then deleted
      { collection: 'not_synced', id: 'other0000000001', record: { id: 'other0000000001' } },
    ];
    await applyRecords(events, window, currentEpoch());
    expect((await staffDb().rows('reservations').toArray()).map((r) => r.id)).toEqual(['burst0000000002']);

    const before = currentEpoch();
    await wipeStaffCopy();
    await applyRecords([{ collection: 'reservations', id: 'late00000000001', record: booking('late00000000001', night(0)) }], window, before);
    expect(await storedReservations()).toBe(0);
  });
});
