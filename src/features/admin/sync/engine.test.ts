/**
 * The sync run's realtime path (realtime itself stood in for: live.ts is what subscribes), against
 * the fake sync server: events land in the copy a burst at a time, and a sign-out in the middle
 * of a burst neither puts the guests' rows back nor throws into the page.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../lib/venueTime';
import { FakeSyncServer } from '../../../../tests/support/fake-sync-server';
import { deleteStaffDb, staffDb, STAFF_SYNC_DB } from './db';
import { syncWindow } from './syncWindow';
import { wipeStaffCopy } from './wipe';

type OnChange = (action: string, record: { id: string }) => void;
const realtime = new Map<string, OnChange>();
vi.mock('../live', () => ({
  subscribeLive: (collection: string, onChange: OnChange, onSynced: () => void) => {
    realtime.set(collection, onChange);
    onSynced();
    return () => realtime.delete(collection);
  },
}));

const { REALTIME_BATCH_MS, startSync } = await import('./engine');

const night = addDays(syncWindow().from, 1);
const booking = (id: string) => ({ id, name: id, email: `${id}@example.test`, phone: '', event_name: 'Board Game Night', event_date: night, event_time: '7:00 PM', party_size: 2, source: 'web', status: 'confirmed', created: '', updated: '2026-11-26 20:00:00.000Z' });
/** A loaded CI machine is slow with IndexedDB: wait up to 5 s for what must happen. */
const WAIT = { timeout: 5000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, REALTIME_BATCH_MS * 3));

/** Reservation rows on disk, read through a fresh connection (none when the database is gone). */
async function rowsOnDisk(): Promise<string[]> {
  if (!(await Dexie.exists(STAFF_SYNC_DB))) return [];
  const raw = new Dexie(STAFF_SYNC_DB);
  await raw.open();
  try {
    return raw.tables.some((t) => t.name === 'reservations') ? (await raw.table('reservations').toArray()).map((r: { id: string }) => r.id) : [];
  } finally {
    raw.close();
  }
}

let server: FakeSyncServer;
let unhandled: unknown[];
const noteUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);

beforeEach(async () => {
  await deleteStaffDb();
  server = new FakeSyncServer(syncWindow());
  vi.stubGlobal('fetch', server.fetch);
  unhandled = [];
  window.addEventListener('unhandledrejection', noteUnhandled);
});
afterEach(() => {
  window.removeEventListener('unhandledrejection', noteUnhandled);
  vi.unstubAllGlobals();
});

describe('the sync run', () => {
  it('writes a burst of realtime events into the copy', async () => {
    const stop = startSync('staff-1');
    await vi.waitFor(() => expect(realtime.size).toBeGreaterThan(0), WAIT);
    await settle();
    realtime.get('reservations')!('create', booking('a'));
    realtime.get('reservations')!('create', booking('b'));
    await vi.waitFor(async () => expect((await staffDb().reservations.toArray()).map((r) => r.id).sort()).toEqual(['a', 'b']), WAIT);
    stop();
  });

  it('writes nothing back after a sign-out in the middle of a burst, and throws nothing into the page', async () => {
    for (let round = 1; round <= 2; round++) {
      const stop = startSync('staff-1');
      await vi.waitFor(() => expect(realtime.size).toBeGreaterThan(0), WAIT);
      await settle();
      realtime.get('reservations')!('create', booking(`kept-${round}`));
      await vi.waitFor(async () => expect(await staffDb().reservations.get(`kept-${round}`)).toBeDefined(), WAIT);

      // Events still in the burst's buffer when the copy is wiped, and one arriving just after.
      realtime.get('reservations')!('update', booking(`late-${round}`));
      const wiped = wipeStaffCopy();
      realtime.get('reservations')!('update', booking(`later-${round}`));
      await wiped;
      await settle();
      stop();
      await settle();

      expect(await rowsOnDisk()).toEqual([]);
      expect(unhandled).toEqual([]);
    }
  });
});
