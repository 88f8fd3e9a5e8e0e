/**
 * Issue 33 (lows of the attack run) on the staff sync routes: a change id is its first admin's
 * (another admin sending it, first or second, is refused and applies nothing, while its own admin's
 * replay still gets the stored result), a pull cursor naming a moment that does not exist is
 * refused, and a staff walk-in's name with a C1 control or a line separator is refused like a NUL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { get, post, venuePerFile } from '../support/api-fixtures';
import { newRecordId } from '../../src/lib/api/client';
import { MESSAGES } from '../../src/lib/rules/limits';
import { SYNC_MESSAGES } from '../../src/lib/rules/staffSync';
import { venueNight } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true, meta: false });
let first: PocketBase;
let second: PocketBase;

beforeAll(async () => {
  first = await v.user('ids-first@example.test', { admin: true });
  second = await v.user('ids-second@example.test', { admin: true });
});

const auth = (pb: PocketBase) => ({ Authorization: pb.authStore.token });
const push = (pb: PocketBase, changes: unknown[]) => post(`${v.url}/api/admin/changes`, { changes }, auth(pb));
const pull = (pb: PocketBase, since: string) => get(`${v.url}/api/admin/sync?since=${encodeURIComponent(since)}`, auth(pb));

/** A task create as the tablet queues it, with the change id `id`. */
const addTask = (id: string, title: string) => ({
  id,
  collection: 'tasks',
  op: 'create',
  record_id: newRecordId(),
  fields: { title, category: 'maintenance_construction', order_index: 0, is_completed: false, status: 'unchecked' },
  base: {},
  force: false,
  made_at: new Date().toISOString(),
});
const tasksTitled = async (title: string) => (await v.su.collection('tasks').getFullList({ filter: `title = "${title}"` })).length;
const changeRows = async (id: string) => v.su.collection('staff_changes').getFullList({ filter: `id = "${id}"` });

describe("a change id another admin's tablet already used", () => {
  for (const [order, owner, other] of [
    ['first, then second', () => first, () => second],
    ['second, then first', () => second, () => first],
  ] as const) {
    it(`is refused to the other admin and applies nothing (${order})`, async () => {
      const id = newRecordId();
      const mine = addTask(id, `Mine ${order}`);
      const [applied] = (await push(owner(), [mine])).json.results;
      expect(applied).toMatchObject({ id, outcome: 'applied', replayed: false });

      const theirs = addTask(id, `Theirs ${order}`);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await push(other(), [theirs]);
        expect(res.status).toBe(200);
        expect(res.json.results).toEqual([{ id, outcome: 'refused', replayed: false, code: 'change_id_taken', message: SYNC_MESSAGES.changeIdTaken }]);
      }
      expect(await tasksTitled(`Theirs ${order}`)).toBe(0);
      expect(await tasksTitled(`Mine ${order}`)).toBe(1);
      const rows = await changeRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.user_id).toBe(owner().authStore.record!.id);

      // Its own admin's replay (a lost answer) still gets the stored result.
      const [replay] = (await push(owner(), [mine])).json.results;
      expect(replay).toMatchObject({ id, outcome: 'applied', replayed: true, record: { id: mine.record_id, title: `Mine ${order}` } });
    });
  }
});

describe('a pull cursor', () => {
  it('naming a date or time that does not exist is refused with 400', async () => {
    for (const since of ['2026-02-30 10:00:00.000Z', '2026-13-01 10:00:00.000Z', '2026-04-31 10:00:00.000Z', '2026-11-20 25:00:00.000Z', '2026-11-20 23:60:00.000Z', '2026-11-20 23:59:60.000Z', '2026-00-10 10:00:00.000Z']) {
      const res = await pull(first, since);
      expect(res.status, since).toBe(400);
      expect(res.json, since).toEqual({ status: 400, message: SYNC_MESSAGES.cursorNoSuchMoment, data: {} });
    }
  });

  it('naming a real moment is answered, a leap day too', async () => {
    for (const since of ['2028-02-29 23:59:59.999Z', '2026-11-20 00:00:00Z']) {
      const res = await pull(first, since);
      expect(res.status, since).toBe(200);
    }
  });
});

describe("a staff walk-in's name", () => {
  it('with a C1 control (NEL) or a line separator is refused and adds nobody', async () => {
    const fields = { email: '', phone: '', party_size: 2, event_date: venueNight(), event_time: '9:00 PM' };
    for (const name of ['Ada\u0085Lovelace', 'Ada\u0080', 'Ada\u009F', 'Ada\u2028Lovelace', 'Ada\u2029']) {
      const record_id = newRecordId();
      const walkIn = { id: newRecordId(), collection: 'reservations', op: 'create', record_id, fields: { ...fields, name }, base: {}, force: false, made_at: new Date().toISOString() };
      const [result] = (await push(first, [walkIn])).json.results;
      expect(result, JSON.stringify(name)).toMatchObject({ outcome: 'refused', code: 'invalid', fields: { name: MESSAGES.controlCharacters } });
      expect((await v.su.collection('reservations').getList(1, 1, { filter: `id = "${record_id}"` })).totalItems).toBe(0);
    }
  });
});
