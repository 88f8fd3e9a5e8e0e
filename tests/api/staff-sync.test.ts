/**
 * Issue 25, the server side of the staff tablet's offline sync (docs/staff-sync.md) on a real
 * PocketBase: the pull (full window, deltas, deletions, no secrets), the push (each change id
 * applied at most once, also sent 20 times at once; the per-field overlap rule and force; two
 * tablets checking in one guest; seats checked when a change arrives) and what the guest hears
 * (an updated invitation with the same UID and SEQUENCE + 1, a METHOD:CANCEL, once per change).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { boardGameBody, dayFromToday, get, post, venuePerFile } from '../support/api-fixtures';
import type { ReceivedMail } from '../support/smtp-receiver';
import { icsOf } from '../support/ics-mail';
import { newRecordId } from '../../src/lib/api/client';
import { MESSAGES } from '../../src/lib/rules/limits';
import { SYNC_MESSAGES } from '../../src/lib/rules/staffSync';
import { reservationIcsUid } from '../../hooks/rules/ics';
import { addDays, formatNight, venueNight } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true, meta: false });
let admin: PocketBase;
let user: PocketBase;

beforeAll(async () => {
  admin = await v.user('sync-admin@example.test', { admin: true });
  user = await v.user('sync-user@example.test');
});

const auth = (pb: PocketBase | null): Record<string, string> => (pb ? { Authorization: pb.authStore.token } : {});
const push = (pb: PocketBase | null, changes: unknown[]) => post(`${v.url}/api/admin/changes`, { changes }, auth(pb));
const pull = (pb: PocketBase | null, since?: string) => get(`${v.url}/api/admin/sync${since ? `?since=${encodeURIComponent(since)}` : ''}`, auth(pb));

/** A change as the tablet queues it. */
function change(c: { collection: string; op: string; record_id: string; fields?: object; base?: object; force?: boolean }) {
  return { id: newRecordId(), fields: {}, base: {}, force: false, made_at: new Date().toISOString(), ...c };
}
const reservationUpdate = (id: string, fields: object, base: object, force = false) => change({ collection: 'reservations', op: 'update', record_id: id, fields, base, force });

/** Books through the public create, as a guest does (the confirmation mail is SEQUENCE 0). */
async function book(overrides: Record<string, unknown>) {
  const body = boardGameBody(overrides);
  const res = await post(`${v.url}/api/collections/reservations/records`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  // Its confirmation goes out first: the worker renders a mail from the record when it sends it.
  await v.settle(`record_id = "${body.id as string}"`);
  return { id: body.id as string, email: body.email as string };
}

/** UID, SEQUENCE and METHOD of every calendar file mailed to `email` (holds for .ics attachments and iMIP parts). */
/** Each mail's calendar invitation, read as iMIP (tests/support/ics-mail.ts): one per mail. */
function calendars(email: string) {
  return v.smtp!
    .to(email)
    .filter((m: ReceivedMail) => m.tree.type === 'multipart/mixed')
    .map((m: ReceivedMail) => {
      const { get, method } = icsOf(m);
      return { uid: get('UID')!.value, sequence: Number(get('SEQUENCE')!.value), method };
    });
}
/** A record's mail jobs as 'template' or 'template:key' (the outbox's job identity), sorted. */
const jobs = async (recordId: string) =>
  (await v.su.collection('outbox').getFullList({ filter: `record_id = "${recordId}" && kind = "mail"` }))
    .map((j) => (j.job_key ? `${j.template}:${j.job_key}` : (j.template as string)))
    .sort();

describe('who may sync', () => {
  it('refuses anonymous, a signed-up non-admin and a stale token on both routes, and changes nothing', async () => {
    const r = await book({ event_date: dayFromToday(2), email: 'who@example.test' });
    const stale = await v.user('sync-stale@example.test', { admin: true });
    const token = stale.authStore.token;
    const staleUser = await v.su.collection('users').getFirstListItem('email = "sync-stale@example.test"');
    // A new password invalidates the tokens issued before it (as "sign out everywhere" does).
    await v.su.collection('users').update(staleUser.id, { password: 'another-password-1', passwordConfirm: 'another-password-1' });
    const staleClient = { authStore: { token } } as unknown as PocketBase;
    for (const who of [null, user, staleClient]) {
      const read = await pull(who);
      expect(read.status).toBe(403);
      expect(read.json).toEqual({ status: 403, message: SYNC_MESSAGES.notAdmin, data: {} });
      expect(read.headers.get('cache-control')).toBe('no-store');
      const write = await push(who, [reservationUpdate(r.id, { status: 'arrived' }, { status: 'confirmed' })]);
      expect(write.status).toBe(403);
    }
    expect((await v.su.collection('reservations').getOne(r.id)).status).toBe('confirmed');
    expect((await v.su.collection('staff_changes').getList(1, 1, { filter: `record_id = "${r.id}"` })).totalItems).toBe(0);
  });

  it('refuses a body that is not a list of changes, and more than 200 at once', async () => {
    expect((await post(`${v.url}/api/admin/changes`, { change: [] }, auth(admin))).json.message).toBe(SYNC_MESSAGES.bodyNotJson);
    const many = Array.from({ length: 201 }, () => change({ collection: 'tasks', op: 'delete', record_id: newRecordId() }));
    const res = await push(admin, many);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(SYNC_MESSAGES.tooMany);
    expect((await pull(admin, 'yesterday')).json.message).toBe(SYNC_MESSAGES.badCursor);
  });
});

describe('the pull', () => {
  it('sends the full window without secrets, then deltas after a change, with deleted records', async () => {
    const tonight = venueNight();
    const inside = await book({ event_date: dayFromToday(3), email: 'window@example.test' });
    const outside = await book({ event_date: dayFromToday(40), email: 'later@example.test' });
    const task = await admin.collection('tasks').create({ title: 'Restock dice', category: 'games_customer_experience', order_index: 1, is_completed: false });
    const full = await pull(admin);
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('no-store');
    expect(full.json).toMatchObject({ full: true, window: { from: tonight }, deleted: [] });
    expect(full.json.window.to > dayFromToday(13)).toBe(true);
    const ids = full.json.reservations.map((r: { id: string }) => r.id);
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
    expect(full.json.tasks.map((t: { id: string }) => t.id)).toContain(task.id);
    for (const key of ['waitlist', 'capacity', 'events', 'priorities']) expect(Array.isArray(full.json[key])).toBe(true);
    // No secret leaves: no cancel token, no waitlist token, no outbox.
    expect(full.text).not.toMatch(/cancel_token|"token"|outbox/);
    const token = (await v.su.collection('reservations').getOne(inside.id)).cancel_token as string;
    expect(full.text).not.toContain(token);

    // A delta after the cursor: the changed reservation and the deleted task, nothing unchanged from long ago.
    const since = full.json.cursor as string;
    const changed = await push(admin, [reservationUpdate(inside.id, { status: 'arrived' }, { status: 'confirmed' })]);
    expect(changed.json.results[0].outcome).toBe('applied');
    await admin.collection('tasks').delete(task.id);
    const delta = await pull(admin, since);
    expect(delta.json.full).toBe(false);
    expect(delta.json.reservations.find((r: { id: string }) => r.id === inside.id)).toMatchObject({ status: 'arrived' });
    expect(delta.json.deleted).toContainEqual(expect.objectContaining({ collection: 'tasks', id: task.id }));
    expect(delta.json.tasks.map((t: { id: string }) => t.id)).not.toContain(task.id);
  });
});

describe('exactly once', () => {
  it('applies one change id sent 20 times at once once: one record change, one mail', async () => {
    const r = await book({ event_date: dayFromToday(4), email: 'twenty@example.test', party_size: 2 });
    const one = reservationUpdate(r.id, { party_size: 3 }, { party_size: 2 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => push(admin, [one])));
    const results = answers.map((a) => a.json.results[0]);
    expect(results.every((x) => x.outcome === 'applied' && x.id === one.id)).toBe(true);
    expect(results.filter((x) => !x.replayed)).toHaveLength(1);
    const stored = await v.su.collection('reservations').getOne(r.id);
    expect(stored).toMatchObject({ party_size: 3, ics_sequence: 1 });
    expect(await jobs(r.id)).toEqual(['reservation_confirmation', 'reservation_updated:1']);
    await v.settle(`record_id = "${r.id}"`);
    expect(calendars(r.email).map((c) => c.sequence)).toEqual([0, 1]);
  });
});

describe('conflicts', () => {
  it('keeps the newer value of an overlapping field, lists both values, and applies it when forced', async () => {
    const r = await book({ event_date: dayFromToday(5), email: 'stale@example.test', party_size: 2 });
    expect((await push(admin, [reservationUpdate(r.id, { party_size: 4 }, { party_size: 2 })])).json.results[0].outcome).toBe('applied');
    // Made on the tablet while it still saw 2: the server has 4 since.
    const offline = reservationUpdate(r.id, { party_size: 6, status: 'arrived' }, { party_size: 2, status: 'confirmed' });
    const [res] = (await push(admin, [offline])).json.results;
    expect(res).toMatchObject({ outcome: 'conflict', code: 'conflict', message: SYNC_MESSAGES.conflict, replayed: false, conflicts: [{ field: 'party_size', yours: 6, theirs: 4 }] });
    expect(res.record).toMatchObject({ party_size: 4, status: 'confirmed' });
    // Nothing of it was applied, not even the field that did not overlap.
    expect(await v.su.collection('reservations').getOne(r.id)).toMatchObject({ party_size: 4, status: 'confirmed' });
    // The same id again is its stored answer; "apply anyway" is a new change with force.
    expect((await push(admin, [offline])).json.results[0]).toMatchObject({ outcome: 'conflict', replayed: true });
    const [forced] = (await push(admin, [{ ...offline, id: newRecordId(), force: true }])).json.results;
    expect(forced).toMatchObject({ outcome: 'applied', record: { party_size: 6, status: 'arrived' } });
  });

  it('applies a change whose fields do not overlap a newer one', async () => {
    const r = await book({ event_date: dayFromToday(5), email: 'nooverlap@example.test', party_size: 2 });
    await push(admin, [reservationUpdate(r.id, { event_time: '8:00 PM' }, { event_time: '7:30 PM' })]);
    const [res] = (await push(admin, [reservationUpdate(r.id, { party_size: 3 }, { party_size: 2 })])).json.results;
    expect(res).toMatchObject({ outcome: 'applied', record: { party_size: 3, event_time: '8:00 PM' } });
  });

  it('two tablets checking in one guest: one arrival, both applied, no conflict', async () => {
    const r = await book({ event_date: venueNight(), email: 'twotablets@example.test', party_size: 2 });
    const a = reservationUpdate(r.id, { status: 'arrived' }, { status: 'confirmed' });
    const b = reservationUpdate(r.id, { status: 'arrived' }, { status: 'confirmed' });
    const [first] = (await push(admin, [a])).json.results;
    const [second] = (await push(admin, [b])).json.results;
    expect(first).toMatchObject({ outcome: 'applied', replayed: false, record: { status: 'arrived' } });
    expect(second).toMatchObject({ outcome: 'applied', replayed: false, record: { status: 'arrived' } });
    expect(second.conflicts).toBeUndefined();
    // One arrival: the second found it so and wrote nothing.
    expect(second.record.updated).toBe(first.record.updated);
    expect(await jobs(r.id)).toEqual(['reservation_confirmation']);
  });
});

describe('seats', () => {
  it('refuses an offline party-size increase that no longer fits; after seats are freed a new change applies it', async () => {
    const night = dayFromToday(6);
    await v.su.collection('capacity').create({ date: night, seats: 6 });
    const small = await book({ event_date: night, email: 'grow@example.test', party_size: 2 });
    const other = await book({ event_date: night, email: 'other@example.test', party_size: 4 });
    const grow = reservationUpdate(small.id, { party_size: 4 }, { party_size: 2 });
    const [refused] = (await push(admin, [grow])).json.results;
    // In staff's words (S.staffSeatsMessage): the 2 seats the party holds are counted as left.
    const message = `${formatNight(night)} has 2 seats left: not enough for a party of 4.`;
    expect(refused).toMatchObject({ outcome: 'refused', code: 'capacity', message, record: { party_size: 2 } });
    // Staff cancel the other party (the guest is mailed the cancellation), freeing 4 seats.
    const cancel = reservationUpdate(other.id, { status: 'cancelled' }, { status: 'confirmed' });
    expect((await push(admin, [cancel])).json.results[0]).toMatchObject({ outcome: 'applied', record: { status: 'cancelled' } });
    // The refused id stays refused (its stored answer); the retry is a new change.
    expect((await push(admin, [grow])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'capacity', replayed: true });
    expect((await push(admin, [{ ...grow, id: newRecordId() }])).json.results[0]).toMatchObject({ outcome: 'applied', record: { party_size: 4 } });
    // Restoring the cancelled party needs seats again: 4 of 6 are taken.
    const restore = reservationUpdate(other.id, { status: 'confirmed' }, { status: 'cancelled' });
    expect((await push(admin, [restore])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'capacity' });
  });

  it('adds a walk-in tonight when it fits, and refuses one that does not or has a bad field', async () => {
    const tonight = venueNight();
    await v.su.collection('capacity').create({ date: tonight, seats: 8 });
    const walkIn = (fields: object) => change({ collection: 'reservations', op: 'create', record_id: newRecordId(), fields });
    const fields = { name: 'Walk In', email: '', phone: '', party_size: 3, event_date: tonight, event_time: '9:00 PM' };
    const ok = walkIn(fields);
    const [added] = (await push(admin, [ok])).json.results;
    expect(added).toMatchObject({ outcome: 'applied', record: { id: ok.record_id, status: 'arrived', source: 'kiosk', event_name: 'Board Game Night', party_size: 3 } });
    expect(await jobs(ok.record_id)).toEqual([]);
    const [full] = (await push(admin, [walkIn({ ...fields, party_size: 20 })])).json.results;
    expect(full).toMatchObject({ outcome: 'refused', code: 'capacity' });
    const [bad] = (await push(admin, [walkIn({ ...fields, party_size: '3' })])).json.results;
    expect(bad).toMatchObject({ outcome: 'refused', code: 'invalid', message: `party_size: ${MESSAGES.numberExpected}` });
    const [later] = (await push(admin, [walkIn({ ...fields, event_date: dayFromToday(3) })])).json.results;
    expect(later).toMatchObject({ outcome: 'refused', code: 'invalid', fields: { event_date: SYNC_MESSAGES.walkInTonight } });
    const [over] = (await push(admin, [walkIn({ ...fields, event_date: addDays(tonight, -1) })])).json.results;
    expect(over).toMatchObject({ outcome: 'refused', code: 'too_late' });
  });
});

describe('guests hear about staff changes', () => {
  it('mails an updated invitation for a new party size, a cancellation for a cancel, once per change, replays included; nothing for an arrival', async () => {
    const r = await book({ event_date: dayFromToday(7), email: 'hears@example.test', party_size: 2 });
    const uid = reservationIcsUid(r.id);
    const resize = reservationUpdate(r.id, { party_size: 5 }, { party_size: 2 });
    expect((await push(admin, [resize])).json.results[0].outcome).toBe('applied');
    expect((await push(admin, [resize, resize])).json.results.map((x: { replayed: boolean }) => x.replayed)).toEqual([true, true]);
    await v.settle(`record_id = "${r.id}"`);
    expect(calendars(r.email)).toEqual([expect.objectContaining({ uid, sequence: 0 }), expect.objectContaining({ uid, sequence: 1 })]);

    // A new time: the next invitation.
    expect((await push(admin, [reservationUpdate(r.id, { event_time: '9:00 PM' }, { event_time: '7:30 PM' })])).json.results[0].outcome).toBe('applied');
    await v.settle(`record_id = "${r.id}"`);
    expect(calendars(r.email)[2]).toMatchObject({ uid, sequence: 2 });

    const cancel = reservationUpdate(r.id, { status: 'cancelled' }, { status: 'confirmed' });
    expect((await push(admin, [cancel])).json.results[0].outcome).toBe('applied');
    expect((await push(admin, [cancel])).json.results[0].replayed).toBe(true);
    await v.settle(`record_id = "${r.id}"`);
    const sent = calendars(r.email);
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual({ uid, sequence: 3, method: 'CANCEL' });

    // Restored by staff: the guest's calendar gets the event back (a higher SEQUENCE, not a CANCEL).
    expect((await push(admin, [reservationUpdate(r.id, { status: 'confirmed' }, { status: 'cancelled' })])).json.results[0].outcome).toBe('applied');
    await v.settle(`record_id = "${r.id}"`);
    expect(calendars(r.email)).toHaveLength(5);
    expect(calendars(r.email)[4]).toMatchObject({ uid, sequence: 4 });
    expect(calendars(r.email)[4]?.method).not.toBe('CANCEL');

    const arrived = await book({ event_date: venueNight(), email: 'arrives@example.test', party_size: 2 });
    await push(admin, [reservationUpdate(arrived.id, { status: 'arrived' }, { status: 'confirmed' })]);
    await push(admin, [reservationUpdate(arrived.id, { status: 'no_show' }, { status: 'arrived' })]);
    expect(await jobs(arrived.id)).toEqual(['reservation_confirmation']);
  });
});

describe('tasks, priorities and the waitlist', () => {
  it('adds, edits, completes and deletes a task, adds and ticks off a priority, and takes a party off the waitlist', async () => {
    const taskId = newRecordId();
    const add = change({ collection: 'tasks', op: 'create', record_id: taskId, fields: { title: 'Sweep', category: 'maintenance_construction', order_index: 0, is_completed: false, status: 'unchecked' } });
    const edit = change({ collection: 'tasks', op: 'update', record_id: taskId, fields: { title: 'Sweep the floor' }, base: { title: 'Sweep' } });
    const done = change({ collection: 'tasks', op: 'update', record_id: taskId, fields: { status: 'complete', is_completed: true }, base: { status: 'unchecked', is_completed: false } });
    const results = (await push(admin, [add, edit, done])).json.results;
    expect(results.map((x: { outcome: string }) => x.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(await v.su.collection('tasks').getOne(taskId)).toMatchObject({ title: 'Sweep the floor', status: 'complete', is_completed: true });
    const wrong = change({ collection: 'tasks', op: 'update', record_id: taskId, fields: { is_completed: 'yes' }, base: { is_completed: true } });
    expect((await push(admin, [wrong])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'invalid', fields: { is_completed: SYNC_MESSAGES.booleanExpected } });
    const remove = change({ collection: 'tasks', op: 'delete', record_id: taskId });
    expect((await push(admin, [remove, { ...remove, id: newRecordId() }])).json.results.map((x: { outcome: string }) => x.outcome)).toEqual(['applied', 'applied']);
    await expect(v.su.collection('tasks').getOne(taskId)).rejects.toMatchObject({ status: 404 });
    const gone = change({ collection: 'tasks', op: 'update', record_id: taskId, fields: { title: 'x' }, base: { title: 'Sweep the floor' } });
    expect((await push(admin, [gone])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'not_found' });

    const priorityId = newRecordId();
    const priority = change({ collection: 'priorities', op: 'create', record_id: priorityId, fields: { priority_text: 'Call the plumber', priority_date: venueNight(), order_index: 0 } });
    const tick = change({ collection: 'priorities', op: 'update', record_id: priorityId, fields: { is_completed: true }, base: { is_completed: false } });
    expect((await push(admin, [priority, tick])).json.results.map((x: { outcome: string }) => x.outcome)).toEqual(['applied', 'applied']);
    expect(await v.su.collection('priorities').getOne(priorityId)).toMatchObject({ priority_text: 'Call the plumber', is_completed: true });

    const night = dayFromToday(8);
    await v.su.collection('capacity').create({ date: night, seats: 0 });
    const entryId = newRecordId();
    const joined = await post(`${v.url}/api/collections/waitlist/records`, { ...boardGameBody({ event_date: night, email: 'line@example.test', party_size: 2 }), id: entryId });
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    const leave = change({ collection: 'waitlist', op: 'update', record_id: entryId, fields: { status: 'left' }, base: { status: 'waiting' } });
    expect((await push(admin, [leave])).json.results[0]).toMatchObject({ outcome: 'applied', record: { status: 'left' } });
    const other = change({ collection: 'waitlist', op: 'update', record_id: entryId, fields: { party_size: 3 }, base: { party_size: 2 } });
    expect((await push(admin, [other])).json.results[0]).toMatchObject({ outcome: 'refused', code: 'invalid' });
  });
});
