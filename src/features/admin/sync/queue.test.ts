/**
 * The change queue against the contract's answers (a fake server behind a stubbed fetch):
 * order, exactly once across a reload and a lost answer, one flush at a time, and what each
 * outcome does to the queue and the local copy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteStaffDb, reopenStaffDbForTests, staffDb } from './db';
import { FakeSyncServer } from '../../../../tests/support/fake-sync-server';
import { overlay } from './overlay';
import { pullChanges } from './pull';
import { cancelRetry, dropChange, flushChanges, recordChange, resendChange, RETRY_FIRST_MS } from './queue';
import { syncWindow } from './syncWindow';
import { PUSH_BATCH_MAX } from './http';
import { REQUEST_LIMITS } from '../../../lib/rules/requests';
import { LIMITS } from '../../../lib/rules/limits';
import { SYNC_MESSAGES } from '../../../lib/rules/staffSync';

let server: FakeSyncServer;
const tonight = syncWindow().from;
const guest = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, email: `${id}@example.com`, phone: '', event_name: 'Board Game Night', event_date: tonight, event_time: '7:00 PM', party_size: 2, source: 'web', status: 'confirmed', created: '2026-11-20 10:00:00.000Z', ...extra });
const arrive = (id: string, from = 'confirmed', to = 'arrived') => ({ collection: 'reservations' as const, op: 'update' as const, record_id: id, fields: { status: to }, base: { status: from }, label: `${id} · ${to}` });

/** Records changes while the network is down (nothing is sent), as a host does offline. */
async function offline<T>(work: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

beforeEach(async () => {
  await deleteStaffDb();
  server = new FakeSyncServer(syncWindow());
  vi.stubGlobal('fetch', server.fetch);
  for (const id of ['ada', 'alan', 'grace']) server.put('reservations', guest(id));
  await pullChanges();
});
afterEach(() => {
  cancelRetry();
  vi.unstubAllGlobals();
});

describe('the staff change queue', () => {
  it('shows a change at once, marked waiting, and sends the changes in the order staff made them', async () => {
    await offline(async () => {
      await recordChange(arrive('grace'));
      await recordChange(arrive('ada'));
      await recordChange(arrive('ada', 'arrived', 'no_show'));
    });
    const rows = overlay(await staffDb().reservations.toArray(), await staffDb().changes.toArray(), 'reservations');
    expect(rows.find((r) => r.id === 'ada')).toMatchObject({ status: 'no_show', waiting: true });
    expect(rows.find((r) => r.id === 'alan')).toMatchObject({ status: 'confirmed', waiting: false });

    await flushChanges();
    expect(server.received.map((c) => `${c.record_id}:${String(c.fields.status)}`)).toEqual(['grace:arrived', 'ada:arrived', 'ada:no_show']);
    expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect(await staffDb().changes.count()).toBe(0);
    // The server's record replaced the local one.
    expect(await staffDb().reservations.get('ada')).toMatchObject({ status: 'no_show', updated: server.rows.get('reservations')!.get('ada')!.updated });
  });

  it('applies each change exactly once across a lost answer and a reload (a new Dexie instance)', async () => {
    await offline(async () => {
      for (const id of ['ada', 'alan', 'grace']) await recordChange(arrive(id));
    });
    const ids = (await staffDb().changes.orderBy('seq').toArray()).map((c) => c.id);
    server.failNext.push('lose'); // the server applied them, the answer never arrived
    await flushChanges();
    expect(await staffDb().changes.count()).toBe(3);

    reopenStaffDbForTests(); // the tab reloads: the queue is read back from IndexedDB
    await flushChanges();
    expect(server.received.map((c) => c.id)).toEqual([...ids, ...ids]);
    expect([...server.effects.values()]).toEqual([1, 1, 1]);
    expect(await staffDb().changes.count()).toBe(0);
    await flushChanges();
    expect(server.received).toHaveLength(6); // nothing is sent again once answered
  });

  it('runs one flush at a time; a change made meanwhile goes in the next pass', async () => {
    let release!: () => void;
    server.gate = new Promise((resolve) => (release = resolve));
    await recordChange(arrive('ada')); // starts a flush, held at the server
    const second = flushChanges();
    const third = flushChanges();
    await recordChange(arrive('alan'));
    await vi.waitFor(() => expect(server.inFlight).toBe(1));
    release();
    await Promise.all([second, third]);
    await flushChanges();
    expect(server.maxInFlight).toBe(1);
    expect(server.received.map((c) => c.record_id)).toEqual(['ada', 'alan']);
    expect([...server.effects.values()]).toEqual([1, 1]);
  });

  it('keeps the queue when the network fails and sends it later', async () => {
    await recordChange(arrive('ada'));
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(1));
    server.failNext.push('network');
    await recordChange(arrive('alan'));
    await flushChanges();
    await flushChanges();
    expect(await staffDb().changes.count()).toBe(0);
    expect([...server.effects.keys()]).toHaveLength(2);
  });

  it('tries again by itself after a failed send, with no online event (navigator.onLine stayed true)', async () => {
    server.failNext.push('network', 'network');
    const started = Date.now();
    await recordChange(arrive('ada')); // fails, then its first retry fails too
    await vi.waitFor(() => expect(server.effects.size).toBe(1), { timeout: 3 * RETRY_FIRST_MS + 2000, interval: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * RETRY_FIRST_MS - 50); // 1 s, then 2 s: not spinning
    expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(3);
    // The server applied it; the tablet drops it from its queue once it has read the answer.
    await vi.waitFor(async () => expect(await staffDb().changes.count()).toBe(0));
  });

  it('stops trying again once the copy is wiped (sign-out)', async () => {
    server.failNext.push('network');
    await recordChange(arrive('ada'));
    await vi.waitFor(() => expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1));
    await deleteStaffDb();
    await new Promise((resolve) => setTimeout(resolve, RETRY_FIRST_MS + 500));
    expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('staff-sync');
  });

  it('treats a replayed answer like an applied one', async () => {
    const change = await offline(() => recordChange(arrive('ada')));
    server.apply({ ...change, fields: change.fields, base: change.base }); // another path already delivered it
    await flushChanges();
    expect(await staffDb().changes.count()).toBe(0);
    expect(server.effects.get(change.id)).toBe(1);
  });

  it('lists a conflict under Not applied with both values, the server value standing, until "Apply anyway"', async () => {
    await offline(() => recordChange({ collection: 'reservations', op: 'update', record_id: 'ada', fields: { party_size: 6 }, base: { party_size: 2 }, label: 'Ada · party size' }));
    server.put('reservations', guest('ada', { party_size: 4 })); // another tablet, meanwhile
    await flushChanges();
    const [held] = await staffDb().changes.toArray();
    expect(held).toMatchObject({ state: 'not_applied', outcome: 'conflict', conflicts: [{ field: 'party_size', yours: 6, theirs: 4 }] });
    const shown = overlay(await staffDb().reservations.toArray(), [held!], 'reservations');
    expect(shown.find((r) => r.id === 'ada')).toMatchObject({ party_size: 4, waiting: false });

    await resendChange(held!, true);
    await flushChanges();
    const forced = server.received.at(-1)!;
    expect(forced).toMatchObject({ force: true, base: { party_size: 4 }, fields: { party_size: 6 } });
    expect(forced.id).not.toBe(held!.id);
    expect(await staffDb().changes.count()).toBe(0);
    expect(await staffDb().reservations.get('ada')).toMatchObject({ party_size: 6 });
  });

  it('lists a refusal with the server’s reason; Retry sends it again under a new id, Drop forgets it', async () => {
    server.refuse = () => 'Only 2 seats are left on Thursday, November 26. Please choose a smaller party or another night.';
    await offline(async () => {
      await recordChange({ collection: 'reservations', op: 'update', record_id: 'ada', fields: { party_size: 8 }, base: { party_size: 2 }, label: 'Ada · party size' });
      await recordChange({ collection: 'reservations', op: 'update', record_id: 'alan', fields: { party_size: 9 }, base: { party_size: 2 }, label: 'Alan · party size' });
    });
    await flushChanges();
    const [ada, alan] = await staffDb().changes.orderBy('seq').toArray();
    expect(ada).toMatchObject({ state: 'not_applied', outcome: 'refused', code: 'capacity', message: expect.stringContaining('Only 2 seats') });

    server.refuse = null; // seats were freed
    await resendChange(ada!, false);
    await flushChanges();
    expect(server.received.at(-1)).toMatchObject({ record_id: 'ada', force: false });
    expect(await staffDb().reservations.get('ada')).toMatchObject({ party_size: 8 });

    await dropChange(alan!);
    expect(await staffDb().changes.count()).toBe(0);
    expect(await staffDb().reservations.get('alan')).toMatchObject({ party_size: 2 });
  });

  it('adds a walk-in with the id the tablet chose and deletes a task', async () => {
    server.put('tasks', { id: 'task00000000001', title: 'Count kegs', category: 'food_beverage', order_index: 0 });
    await pullChanges();
    await offline(async () => {
      await recordChange({ collection: 'reservations', op: 'create', record_id: 'walkin000000001', fields: { name: 'Walk In', email: '', phone: '', party_size: 3, event_date: tonight, event_time: '9:00 PM' }, label: 'Walk-in' });
      await recordChange({ collection: 'tasks', op: 'delete', record_id: 'task00000000001', label: 'Count kegs' });
    });
    await flushChanges();
    expect(server.rows.get('reservations')!.get('walkin000000001')).toMatchObject({ name: 'Walk In', party_size: 3 });
    expect(await staffDb().reservations.get('walkin000000001')).toMatchObject({ name: 'Walk In' });
    expect(await staffDb().tasks.get('task00000000001')).toBeUndefined();
  });

  describe('under the request cap', () => {
    const cap = REQUEST_LIMITS.bodyMaxBytes;
    // A task's notes at their limit, in a script of three UTF-8 bytes a character, as staff edit them.
    const longNotes = (n: number) => `${n} ${'記'.repeat(LIMITS.taskTextMax - String(n).length - 1)}`;
    const notesEdit = (n: number, base: string | null = null) => ({ collection: 'tasks' as const, op: 'update' as const, record_id: `task${String(n).padStart(11, '0')}`, fields: { notes: longNotes(n) }, base: { notes: base }, label: `Task ${n}` });
    const putTasks = async (count: number) => {
      for (let n = 0; n < count; n++) server.put('tasks', { id: `task${String(n).padStart(11, '0')}`, title: `Task ${n}`, category: 'food_beverage', notes: null, order_index: n });
      await pullChanges();
    };

    it('cuts 200 waiting changes into calls under the cap, sent in order, each applied once', async () => {
      server.maxBodyBytes = cap;
      await putTasks(PUSH_BATCH_MAX);
      await offline(async () => {
        for (let n = 0; n < PUSH_BATCH_MAX; n++) await recordChange(notesEdit(n));
      });
      await flushChanges();
      expect(server.pushBytes.length).toBeGreaterThan(1);
      expect(Math.max(...server.pushBytes)).toBeLessThanOrEqual(cap);
      expect(server.received.map((c) => c.record_id)).toEqual(Array.from({ length: PUSH_BATCH_MAX }, (_, n) => `task${String(n).padStart(11, '0')}`));
      expect([...server.effects.values()]).toEqual(Array(PUSH_BATCH_MAX).fill(1));
      expect(await staffDb().changes.count()).toBe(0);
    });

    it('lists a change too large to send under Not applied and sends the ones after it', async () => {
      server.maxBodyBytes = cap;
      await putTasks(1);
      const huge = { ...notesEdit(0), fields: { notes: '記'.repeat(cap / 3) } };
      await offline(async () => {
        await recordChange(huge);
        await recordChange(arrive('ada'));
      });
      await flushChanges();
      expect(server.received.map((c) => c.record_id)).toEqual(['ada']); // the big one never went out
      const [held] = await staffDb().changes.toArray();
      expect(held).toMatchObject({ state: 'not_applied', outcome: 'refused', code: 'too_large', message: SYNC_MESSAGES.changeTooLarge, record_id: huge.record_id });
      expect(SYNC_MESSAGES.changeTooLarge).toContain(`${cap / 1024} KB`);
      await flushChanges(); // nothing else to send, and no spinning on it
      expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    });

    it('splits a call the server answers 413 (a smaller cap than the tablet knows), losing and doubling nothing', async () => {
      await putTasks(20);
      await offline(async () => {
        for (let n = 0; n < 20; n++) await recordChange({ ...notesEdit(n), fields: { notes: longNotes(n).slice(0, 1000) } });
      });
      server.maxBodyBytes = 20_000; // 6 of these changes (3 KB each); the tablet cuts at the shared 64 KB
      await flushChanges();
      expect(server.requests.filter((r) => r.startsWith('POST')).length).toBeLessThan(40);
      expect(new Set(server.received.map((c) => c.id)).size).toBe(20);
      expect([...server.effects.values()]).toEqual(Array(20).fill(1));
      expect(await staffDb().changes.count()).toBe(0);
    });

    it('lists a single change the server answers 413 under Not applied', async () => {
      server.maxBodyBytes = 1_000;
      await putTasks(1);
      await offline(() => recordChange({ ...notesEdit(0), fields: { notes: 'x'.repeat(2_000) } }));
      await flushChanges();
      expect(await staffDb().changes.toArray()).toMatchObject([{ state: 'not_applied', code: 'too_large', message: SYNC_MESSAGES.changeTooLarge }]);
      expect(server.effects.size).toBe(0);
    });

    it('keeps the queue on a 503 (nothing applied) and sends it once on the next flush', async () => {
      await offline(async () => {
        for (const id of ['ada', 'alan']) await recordChange(arrive(id));
      });
      server.failNext.push(503);
      await flushChanges();
      expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1); // no spinning
      expect(await staffDb().changes.where('state').equals('pending').count()).toBe(2);
      await flushChanges();
      expect([...server.effects.values()]).toEqual([1, 1]);
      expect(await staffDb().changes.count()).toBe(0);
    });
  });
});
