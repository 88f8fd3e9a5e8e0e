/**
 * Retention over several batches (hooks/lib/retention.ts walks the due records in table order,
 * batch after batch): 300 reservations written straight into the database, the nights running
 * backwards to the table's order and every third one after the cutoff, so the due ones are
 * interleaved with the kept ones. Exactly the due ones are erased, once; their outbox jobs lose
 * the guest's data, a job not sent yet is settled as skipped, one already settled keeps its
 * status and `updated` (the System view's "last sent" and "last error" read the latest by it).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenue, type Venue } from '../support/api-fixtures';
import { addDays, venueNight } from '../../src/lib/venueTime';
import { ERASED, RETENTION } from '../../src/lib/rules/guestData';

const COUNT = 300;
const OLD = '2020-01-01 12:00:00.000Z';
const cutoff = addDays(venueNight(), -RETENTION.defaultDays);
let v: Venue;
const sql = (statement: string) =>
  execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), '.timeout 30000', statement], { encoding: 'utf8' }).trim();

/** Row i: kept when i % 3 = 0 (its night after the cutoff), else due, the later rows the older nights. */
function seed() {
  sql(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${COUNT})
INSERT INTO reservations (id, name, email, phone, event_name, event_date, event_time, party_size, source, status, cancel_token, created, updated)
SELECT printf('order%010d', i), printf('Orderguest %d', i), printf('orderguest%d@example.test', i), '', 'Board Game Night',
  CASE WHEN i % 3 = 0 THEN date('${cutoff}', '+10 days') ELSE date('${cutoff}', '-' || (1 + ${COUNT} - i) || ' days') END,
  '7:30 PM', 2, 'web', 'arrived', printf('ordertoken%040d', i), '${OLD}', '${OLD}'
FROM seq;
INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, status, attempts, next_attempt_at, last_error, created, updated)
SELECT 'sent' || substr(id, 6), 'mail', 'reservation_confirmation', email, '{"name":"x"}', 'reservations', id, 'sent', 1, '', '', '${OLD}', '${OLD}'
FROM reservations WHERE id LIKE 'order%';
INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, status, attempts, next_attempt_at, last_error, created, updated)
SELECT 'wait' || substr(id, 6), 'mail', 'reservation_reminder', email, '{}', 'reservations', id, 'pending', 0, '2999-01-01 00:00:00.000Z', '', '${OLD}', '${OLD}'
FROM reservations WHERE id IN ('order0000000001', 'order0000000003', 'order0000000299');
UPDATE outbox SET status = 'failed', last_error = 'mailbox orderguest2@example.test unknown' WHERE id = 'sent0000000002';`);
}

async function run() {
  const res = await v.server.command(['retention:run']);
  expect(res.code, res.stderr + res.stdout).toBe(0);
  const line = (res.stdout + res.stderr).split('\n').find((l) => l.startsWith('{"now"'));
  return JSON.parse(line!) as { erased: Record<string, number> };
}

const job = (id: string) => JSON.parse(sql(`SELECT json_object('status', status, 'updated', updated, 'recipient', recipient, 'payload', payload, 'last_error', last_error) FROM outbox WHERE id = '${id}'`));

beforeAll(async () => {
  v = await startVenue({ smtp: false, meta: false });
  seed();
});
afterAll(() => v?.stop());

describe('retention in batches', () => {
  it('erases exactly the due records, interleaved with kept ones in the table, whatever their nights’ order', async () => {
    const due = Number(sql(`SELECT count(*) FROM reservations WHERE id LIKE 'order%' AND event_date < '${cutoff}'`));
    expect(due).toBe(200);
    expect((await run()).erased.reservations).toBe(due);
    expect(sql(`SELECT count(*) FROM reservations WHERE id LIKE 'order%' AND erased_at <> '' AND name = '${ERASED.name}' AND event_date < '${cutoff}'`)).toBe(String(due));
    expect(sql(`SELECT count(*) FROM reservations WHERE id LIKE 'order%' AND (erased_at <> '' OR name = '${ERASED.name}') AND event_date >= '${cutoff}'`)).toBe('0');
    expect(sql("SELECT name FROM reservations WHERE id = 'order0000000003'")).toBe('Orderguest 3');
  });

  it('scrubs the erased guests’ jobs: a pending one is skipped, a settled one keeps its status and updated', () => {
    expect(job('wait0000000001')).toMatchObject({ status: 'skipped', recipient: '', payload: '{}', last_error: 'Not sent: the guest’s data was erased.' });
    expect(job('wait0000000001').updated).not.toBe(OLD);
    expect(job('wait0000000299')).toMatchObject({ status: 'skipped', recipient: '' });
    expect(job('sent0000000001')).toEqual({ status: 'sent', updated: OLD, recipient: '', payload: '{}', last_error: '' });
    expect(job('sent0000000002')).toEqual({ status: 'failed', updated: OLD, recipient: '', payload: '{}', last_error: '' });
    // A kept guest's jobs are untouched.
    expect(job('wait0000000003')).toEqual({ status: 'pending', updated: OLD, recipient: 'orderguest3@example.test', payload: '{}', last_error: '' });
    expect(job('sent0000000003')).toMatchObject({ status: 'sent', recipient: 'orderguest3@example.test', payload: '{"name":"x"}' });
  });

  it('leaves the erased ones out of the search and keeps the others in it', async () => {
    const search = (q: string) => v.su.send<{ items: { id: string }[] }>('/api/admin/reservations/search', { query: { q } });
    expect((await search('orderguest1@')).items).toEqual([]);
    expect((await search('orderguest3@')).items.map((r) => r.id)).toEqual(['order0000000003']);
  });

  it('a second run finds nothing more to erase', async () => {
    expect(Object.values((await run()).erased).every((n) => n === 0)).toBe(true);
  });
});
