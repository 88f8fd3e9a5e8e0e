/**
 * Issue 25 × issue 24: the staff tablet's queue against the real server's request cap. Every body
 * from anyone but a superuser is capped at REQUEST_LIMITS.bodyMaxBytes (server/bodies.go, 413
 * beyond), and the tablet sends up to 200 changes a call. 200 of the largest changes the tablet's
 * forms can make (walk-ins, task edits), built as the tablet builds them, are far over the cap in
 * one body: the real server answers 413 and applies nothing. Cut as the queue cuts them
 * (sync/batch.ts), every call is under the cap and answered, and each change is applied once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { post, venuePerFile } from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/recordId';
import { LIMITS, TIME_SLOTS } from '../../src/lib/rules/limits';
import { REQUEST_LIMITS, REQUEST_MESSAGES } from '../../src/lib/rules/requests';
import { SYNC_LIMITS } from '../../src/lib/rules/staffSync';
import { venueNight } from '../../src/lib/venueTime';
/* eslint-disable local/feature-boundaries -- the test checks the tablet's own change builders and cutter against the real server, not copies of them */
import { cutBatch, jsonBytes, toWire } from '../../src/features/admin/sync/batch';
import type { NewChange } from '../../src/features/admin/sync/queue';
import type { ChangeWire } from '../../src/features/admin/sync/types';
import { walkInChange } from '../../src/features/admin/tonight/tonightChanges';
/* eslint-enable local/feature-boundaries */

const v = venuePerFile({ relaxed: true, meta: false });
const CAP = REQUEST_LIMITS.bodyMaxBytes;
const COUNT = SYNC_LIMITS.maxChanges;
let admin: PocketBase;

beforeAll(async () => {
  admin = await v.user('sync-batches@example.test', { admin: true });
});

const push = (changes: ChangeWire[]) => post(`${v.url}/api/admin/changes`, { changes }, { Authorization: admin.authStore.token });

/** What recordChange stores and the queue sends of a change (sync/queue.ts). */
const asQueued = (change: NewChange): ChangeWire =>
  toWire({ id: newRecordId(), collection: change.collection, op: change.op, record_id: change.record_id, fields: change.fields ?? {}, base: change.base ?? {}, force: false, made_at: new Date().toISOString() });

/** Every character three bytes of UTF-8 (the most any letter of a name or a note takes a UTF-16 unit). */
const wide = (length: number, ch = '林') => ch.repeat(length);

/** Sends `changes` as the queue does: cut by count and bytes, in order. Returns each call's size. */
async function sendAsTheQueue(changes: ChangeWire[]) {
  const calls: { count: number; bytes: number }[] = [];
  let rest = changes;
  while (rest.length) {
    const { send, tooLarge } = cutBatch(rest, (c) => c, COUNT, CAP);
    expect(tooLarge).toEqual([]);
    const res = await push(send);
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    const results = (res.json as { results: { id: string; outcome: string; message?: string }[] }).results;
    expect(results.map((r) => `${r.id}:${r.outcome}:${r.message ?? ''}`)).toEqual(send.map((c) => `${c.id}:applied:`));
    calls.push({ count: send.length, bytes: jsonBytes({ changes: send }) });
    rest = rest.slice(send.length);
  }
  return calls;
}

async function expectOneBodyRefused(changes: ChangeWire[]) {
  expect(changes).toHaveLength(COUNT);
  expect(jsonBytes({ changes })).toBeGreaterThan(CAP);
  const settled = async () => (await v.su.collection('staff_changes').getList(1, 1)).totalItems;
  const before = await settled();
  const whole = await push(changes);
  expect(whole.status).toBe(413);
  expect((whole.json as { message: string }).message).toBe(REQUEST_MESSAGES.bodyTooLarge);
  expect(await settled()).toBe(before);
}

describe('200 queued changes under the 64 KB request cap', () => {
  it('200 walk-ins at every field limit: one body is refused 413; cut as the queue cuts them, all are applied once', async () => {
    const tonight = venueNight();
    await v.su.collection('capacity').create({ date: tonight, seats: LIMITS.capacitySeatsMax });
    const email = (n: number) => `${String(n).padStart(3, '0')}${'g'.repeat(LIMITS.emailMax - 3 - '@example.test'.length)}@example.test`;
    const phone = `+1 718 555 ${'0'.repeat(LIMITS.phoneMax - 11)}`;
    const slot = TIME_SLOTS.reduce((a, b) => (b.length > a.length ? b : a));
    const changes = Array.from({ length: COUNT }, (_, n) => asQueued(walkInChange({ name: `${wide(LIMITS.nameMax - 4)}${String(n).padStart(4, '0')}`, email: email(n), phone, party_size: 1, event_time: slot }, tonight)));
    expect(changes[0]!.fields).toMatchObject({ name: expect.stringMatching(new RegExp(`^.{${LIMITS.nameMax}}$`, 'u')), phone: expect.stringMatching(new RegExp(`^.{${LIMITS.phoneMax}}$`)) });
    expect(String(changes[0]!.fields.email)).toHaveLength(LIMITS.emailMax);

    await expectOneBodyRefused(changes);
    const calls = await sendAsTheQueue(changes);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.bytes).toBeLessThanOrEqual(CAP);
    const stored = await v.su.collection('reservations').getFullList({ filter: `event_date = "${tonight}" && source = "kiosk"`, fields: 'id' });
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(changes.map((c) => c.record_id)));
    // Sent again (a lost answer): each is answered replayed, nothing is doubled.
    const again = await push(changes.slice(0, calls[0]!.count));
    expect((again.json as { results: { replayed: boolean }[] }).results.every((r) => r.replayed)).toBe(true);
    expect(await v.su.collection('reservations').getList(1, 1, { filter: `event_date = "${tonight}" && source = "kiosk"` })).toMatchObject({ totalItems: COUNT });
  }, 120_000);

  it('200 task edits at every text limit (the largest change the forms make) fit alone, and cut one a call are all applied once', async () => {
    const tasks = [];
    for (let n = 0; n < COUNT; n++) {
      tasks.push(await v.su.collection('tasks').create({ title: wide(LIMITS.taskTitleMax, '記'), description: wide(LIMITS.taskTextMax, '記'), cadence: wide(LIMITS.taskCadenceMax, '記'), category: 'food_beverage', order_index: n, is_completed: false }));
    }
    // As TaskManagement's edit builds it: the changed fields, and their values as the tablet saw them.
    const patch = { title: wide(LIMITS.taskTitleMax), description: wide(LIMITS.taskTextMax), cadence: wide(LIMITS.taskCadenceMax) };
    const changes = tasks.map((t) => asQueued({ collection: 'tasks', op: 'update', record_id: t.id, fields: patch, base: { title: t.title, description: t.description, cadence: t.cadence }, label: '' }));
    // A single change the forms can make (every text at its maxLength) stays under the cap on its own.
    expect(jsonBytes({ changes: [changes[0]] })).toBeLessThan(CAP);

    await expectOneBodyRefused(changes);
    const calls = await sendAsTheQueue(changes);
    for (const call of calls) expect(call.bytes).toBeLessThanOrEqual(CAP);
    expect(calls.reduce((sum, c) => sum + c.count, 0)).toBe(COUNT);
    const after = await v.su.collection('tasks').getFullList({ filter: `title = "${patch.title}"`, fields: 'id' });
    expect(after).toHaveLength(COUNT);
  }, 180_000);
});
