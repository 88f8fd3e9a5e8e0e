/**
 * Issue 31 defect 2 on a real PocketBase: two tablets, one reservation. One cancels it, the other
 * changes its party size (made on the confirmed booking, before either knew of the other), and
 * the server gets them in either order. Cancel first: the change is not applied (code
 * `cancelled`, the sentence staff read under "Not applied"), the booking keeps its party and the
 * guest gets one cancellation. Change first: both apply, and the guest gets one cancellation.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { boardGameBody, dayFromToday, post, venuePerFile } from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { SYNC_MESSAGES } from '../../src/lib/rules/staffSync';

const v = venuePerFile({ relaxed: true, meta: false });

const push = (pb: PocketBase, changes: unknown[]) => post(`${v.url}/api/admin/changes`, { changes }, { Authorization: pb.authStore.token });
const update = (id: string, fields: object, base: object) => ({ id: newRecordId(), collection: 'reservations', op: 'update', record_id: id, fields, base, force: false, made_at: new Date().toISOString() });
const subjects = (email: string, prefix: string) => v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith(prefix));

async function book(email: string, days: number) {
  const body = boardGameBody({ event_date: dayFromToday(days), email, party_size: 2 });
  expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
  await v.settle(`record_id = "${body.id as string}"`);
  return body.id as string;
}

/** Tablet A's cancel and tablet B's party of 4, both made on the confirmed party of 2. */
const changesFor = (id: string) => ({ cancel: update(id, { status: 'cancelled' }, { status: 'confirmed' }), resize: update(id, { party_size: 4 }, { party_size: 2 }) });

describe('a cancel and a party size change from two tablets', () => {
  it('cancel first: the change comes back not applied (cancelled), the booking keeps its party, one cancellation mail', async () => {
    const admin = await v.user('tablets-a@example.test', { admin: true });
    const email = 'cancel-first@example.test';
    const id = await book(email, 6);
    const { cancel, resize } = changesFor(id);
    expect((await push(admin, [cancel])).json.results[0]).toMatchObject({ outcome: 'applied', record: { status: 'cancelled' } });
    const [late] = (await push(admin, [resize])).json.results;
    expect(late).toEqual({
      id: resize.id,
      outcome: 'refused',
      replayed: false,
      code: 'cancelled',
      message: SYNC_MESSAGES.cancelledMeanwhile,
      record: expect.objectContaining({ id, status: 'cancelled', party_size: 2 }),
    });
    // Sent again (a lost answer): the same answer, replayed, and still nothing changed.
    expect((await push(admin, [resize])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'cancelled', replayed: true });
    expect(await v.su.collection('reservations').getOne(id)).toMatchObject({ status: 'cancelled', party_size: 2 });
    await v.settle(`record_id = "${id}"`);
    expect(subjects(email, 'Cancelled:')).toHaveLength(1);
    expect(subjects(email, 'Updated:')).toHaveLength(0);
  });

  it('change first: both apply, and the guest gets one cancellation', async () => {
    const admin = await v.user('tablets-b@example.test', { admin: true });
    const email = 'change-first@example.test';
    const id = await book(email, 7);
    const { cancel, resize } = changesFor(id);
    const results = (await push(admin, [resize, cancel])).json.results;
    expect(results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'applied']);
    expect(await v.su.collection('reservations').getOne(id)).toMatchObject({ status: 'cancelled', party_size: 4 });
    await v.settle(`record_id = "${id}"`);
    expect(subjects(email, 'Cancelled:')).toHaveLength(1);
  });
});
