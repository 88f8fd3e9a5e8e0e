/**
 * Who did what (issue 32 item 4, hooks/lib/activity-log.ts): every staff write adds exactly one
 * `activity` row, in its own transaction, with who, when it was made and the fields before and
 * after; a replayed, refused or conflicting change, a no-op, a guest's or a superuser's write adds
 * none. Through the tablet's queue (POST /api/admin/changes) and through PocketBase's REST API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { boardGameBody, dayFromToday, inquiryBody, post, venuePerFile } from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { venueNight } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true, meta: false });
let admin: PocketBase;
let adminId: string;

beforeAll(async () => {
  admin = await v.user('log-admin@example.test', { admin: true });
  adminId = admin.authStore.record!.id;
});

const auth = (pb: PocketBase): Record<string, string> => ({ Authorization: pb.authStore.token });
const push = async (pb: PocketBase, changes: unknown[]) => {
  const res = await post(`${v.url}/api/admin/changes`, { changes }, auth(pb));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { results: { outcome: string; replayed: boolean }[] }).results;
};
function change(c: { collection: string; op: string; record_id: string; fields?: object; base?: object; made_at?: string }) {
  return { id: newRecordId(), fields: {}, base: {}, force: false, made_at: new Date().toISOString(), ...c };
}
/** The rows about one record, oldest first. */
const rowsOf = (id: string) => v.su.collection('activity').getFullList({ filter: `target_id = "${id}"`, sort: 'created' });
const allRows = () => v.su.collection('activity').getFullList();

async function book(overrides: Record<string, unknown> = {}): Promise<string> {
  const body = boardGameBody({ event_date: dayFromToday(2), ...overrides });
  const res = await post(`${v.url}/api/collections/reservations/records`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return body.id as string;
}

describe('the tablet queue', () => {
  it('an offline Arrived adds one row with who, made_at kept, before and after; its replay, a refusal and a conflict add none', async () => {
    const id = await book({ party_size: 2 });
    expect(await rowsOf(id)).toEqual([]); // a guest's booking is no staff write
    const madeAt = new Date(Date.now() - 9 * 60_000).toISOString();
    const arrived = change({ collection: 'reservations', op: 'update', record_id: id, fields: { status: 'arrived' }, base: { status: 'confirmed' }, made_at: madeAt });
    expect((await push(admin, [arrived]))[0]).toMatchObject({ outcome: 'applied' });
    const [row, ...more] = await rowsOf(id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actor: adminId,
      actor_name: 'log-admin@example.test',
      kind: 'reservation.status',
      target_collection: 'reservations',
      summary: 'Arrived',
      before: { status: 'confirmed' },
      after: { status: 'arrived' },
      made_at: madeAt,
    });
    expect(new Date(row!.created.replace(' ', 'T')).getTime() - Date.parse(madeAt)).toBeGreaterThan(8 * 60_000);

    // The same change id again (the tablet never heard the answer): replayed, no second row.
    expect((await push(admin, [arrived]))[0]).toMatchObject({ outcome: 'applied', replayed: true });
    const refused = change({ collection: 'reservations', op: 'update', record_id: id, fields: { party_size: 99 }, base: { party_size: 2 } });
    expect((await push(admin, [refused]))[0]).toMatchObject({ outcome: 'refused' });
    const stale = change({ collection: 'reservations', op: 'update', record_id: id, fields: { status: 'no_show' }, base: { status: 'confirmed' } });
    expect((await push(admin, [stale]))[0]).toMatchObject({ outcome: 'conflict' });
    // Already arrived: applied, but nothing changed, so nothing to log.
    const again = change({ collection: 'reservations', op: 'update', record_id: id, fields: { status: 'arrived' }, base: { status: 'arrived' } });
    expect((await push(admin, [again]))[0]).toMatchObject({ outcome: 'applied' });
    expect((await rowsOf(id)).length).toBe(1);
  });

  it('a party size and time change keeps only those fields; a cancellation says so', async () => {
    const id = await book({ party_size: 2, event_time: '7:00 PM' });
    const resize = change({ collection: 'reservations', op: 'update', record_id: id, fields: { party_size: 4, event_time: '8:00 PM' }, base: { party_size: 2, event_time: '7:00 PM' } });
    const cancel = change({ collection: 'reservations', op: 'update', record_id: id, fields: { status: 'cancelled' }, base: { status: 'confirmed' } });
    expect((await push(admin, [resize, cancel])).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.kind, r.summary, r.before, r.after])).toEqual([
      ['reservation.change', 'Party 2 → 4, Time 7:00 PM → 8:00 PM', { party_size: 2, event_time: '7:00 PM' }, { party_size: 4, event_time: '8:00 PM' }],
      ['reservation.status', 'Cancelled', { status: 'confirmed' }, { status: 'cancelled' }],
    ]);
  });

  it('a walk-in, a task, a priority and a waitlist removal each add one row', async () => {
    const walkIn = newRecordId();
    const fields = { name: 'Walk In', email: '', phone: '', party_size: 3, event_date: venueNight(), event_time: '9:00 PM' };
    const taskId = newRecordId();
    const priorityId = newRecordId();
    const results = await push(admin, [
      change({ collection: 'reservations', op: 'create', record_id: walkIn, fields }),
      change({ collection: 'tasks', op: 'create', record_id: taskId, fields: { title: 'Sweep', category: 'maintenance_construction', order_index: 0, is_completed: false, status: 'unchecked' } }),
      change({ collection: 'tasks', op: 'update', record_id: taskId, fields: { status: 'complete', is_completed: true }, base: { status: 'unchecked', is_completed: false } }),
      change({ collection: 'tasks', op: 'delete', record_id: taskId }),
      change({ collection: 'priorities', op: 'create', record_id: priorityId, fields: { priority_text: 'Call the plumber', priority_date: venueNight(), order_index: 0 } }),
      change({ collection: 'priorities', op: 'update', record_id: priorityId, fields: { is_completed: true }, base: { is_completed: false } }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('applied'));
    expect((await rowsOf(walkIn)).map((r) => [r.kind, r.summary, r.after.status, r.after.party_size])).toEqual([['reservation.walk_in', 'Walk-in, party of 3', 'arrived', 3]]);
    expect((await rowsOf(taskId)).map((r) => [r.kind, r.summary])).toEqual([
      ['task.create', 'Added task “Sweep”'],
      ['task.update', 'Checked off task “Sweep”'],
      ['task.delete', 'Deleted task “Sweep”'],
    ]);
    expect((await rowsOf(taskId))[2]!.before).toMatchObject({ title: 'Sweep', status: 'complete' });
    expect((await rowsOf(priorityId)).map((r) => r.kind)).toEqual(['priority.create', 'priority.update']);

    const night = dayFromToday(8);
    await v.su.collection('capacity').create({ date: night, seats: 0 });
    const entryId = newRecordId();
    expect((await post(`${v.url}/api/collections/waitlist/records`, { ...boardGameBody({ event_date: night, email: 'line@example.test', party_size: 2 }), id: entryId })).status).toBe(200);
    const leave = change({ collection: 'waitlist', op: 'update', record_id: entryId, fields: { status: 'left' }, base: { status: 'waiting' } });
    await push(admin, [leave]);
    expect((await rowsOf(entryId)).map((r) => [r.kind, r.summary, r.after])).toEqual([['waitlist.status', 'Removed from the waitlist', { status: 'left' }]]);
  });
});

describe('PocketBase REST writes', () => {
  it('the events editor: create, hide and delete add one row each; a refused event adds none', async () => {
    const before = (await allRows()).length;
    const refused = await admin.collection('events').create({ kind: 'special', title: 'Past', date: '2020-01-01', time: '7pm' }).catch((e: { status: number }) => e);
    expect(refused).toMatchObject({ status: 400 });
    expect((await allRows()).length).toBe(before);
    const event: RecordModel = await admin.collection('events').create({ kind: 'special', title: 'Cosy Marathon', date: dayFromToday(9), time: '7pm', price: '$10', description: 'Long games.', open_tables: false });
    await admin.collection('events').update(event.id, { active: false });
    // The same edit a second time (a double tap): saved, but nothing changed, so no second row.
    await admin.collection('events').update(event.id, { active: false });
    await admin.collection('events').delete(event.id);
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => [r.kind, r.summary, r.actor])).toEqual([
      ['event.create', 'Added “Cosy Marathon”', adminId],
      ['event.update', 'Hid “Cosy Marathon”', adminId],
      ['event.delete', 'Deleted “Cosy Marathon”', adminId],
    ]);
    expect(rows[1]).toMatchObject({ before: { active: true }, after: { active: false }, made_at: '' });
  });

  it('seats, a reservation and a request: one row each; a refused seat change none; superusers none', async () => {
    const night = dayFromToday(5);
    const seats = await admin.collection('capacity').create({ date: night, seats: 40, note: '' });
    await admin.collection('capacity').update(seats.id, { seats: 36 });
    expect((await rowsOf(seats.id)).map((r) => r.summary)).toEqual([`Seats for ${night}: 40`, `Seats for ${night}: 40 → 36`]);

    const id = await book({ party_size: 2, event_date: night });
    await admin.collection('reservations').update(id, { status: 'no_show' });
    // Over the night's seats: refused by the guard inside the logged transaction.
    await admin.collection('capacity').update(seats.id, { seats: 0 });
    const refused = await admin.collection('reservations').update(id, { status: 'confirmed', party_size: 20 }).catch((e: { status: number }) => e);
    expect(refused).toMatchObject({ status: 400 });
    expect((await rowsOf(id)).map((r) => [r.kind, r.summary, r.before, r.after])).toEqual([['reservation.status', 'No-show', { status: 'confirmed' }, { status: 'no_show' }]]);

    const inquiry = await post(`${v.url}/api/collections/private_event_inquiries/records`, inquiryBody());
    const inquiryId = (inquiry.json as { id: string }).id;
    await admin.collection('private_event_inquiries').update(inquiryId, { status: 'replied' });
    expect((await rowsOf(inquiryId)).map((r) => [r.kind, r.summary])).toEqual([['request.update', 'Request marked replied']]);

    const count = (await allRows()).length;
    await v.su.collection('reservations').update(id, { status: 'cancelled' });
    expect((await allRows()).length).toBe(count);
  });
});

describe('sign-ins', () => {
  it('a sign-in with the code adds a row; the password step alone and a token refresh none; sign out everywhere adds one', async () => {
    await v.admin('log-door@example.test');
    const signIns = () => v.su.collection('activity').getFullList({ filter: 'kind = "staff.signin" && actor_name = "log-door@example.test"' });
    const door = v.anon; // the password step alone answers with an mfaId, no token
    await expect(door.collection('users').authWithPassword('log-door@example.test', 'password-123')).rejects.toMatchObject({ status: 401 });
    expect(await signIns()).toEqual([]);
    const tablet = await v.signIn('log-door@example.test');
    expect((await signIns()).map((r) => [r.summary, r.target_collection])).toEqual([['Signed in', 'users']]);
    await tablet.collection('users').authRefresh();
    expect((await signIns()).length).toBe(1);

    const res = await post(`${v.url}/api/admin/sign-out-everywhere`, { email: 'log-door@example.test' }, auth(admin));
    expect(res.status).toBe(200);
    const ended = await v.su.collection('activity').getFullList({ filter: 'kind = "staff.signout_everywhere"' });
    expect(ended.map((r) => [r.actor, r.summary])).toEqual([[adminId, 'Ended every session of log-door@example.test']]);
  });
});
