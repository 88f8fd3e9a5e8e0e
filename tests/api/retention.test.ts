/**
 * Retention (issue 32 item 7, hooks/lib/retention.ts): `venue-server retention:run --now=…`
 * erases the personal data of the nights RETENTION_DAYS (730) before tonight and earlier, and of
 * the inquiries, applications and pass receipts made before that night began; the night on the
 * boundary and later keep theirs. Counts stay: the stats route answers the same before and after.
 * A reservation made at 12:40 AM belongs to the night before (its date says so), and an inquiry
 * made at 12:40 AM too. The copies go with the record: activity before/after and summary, the
 * outbox's recipient and payload. A second run erases nothing more; a bad RETENTION_DAYS is
 * logged at start-up and the default kept.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, inquiryBody, influencerBody, passBody, startVenue, type Venue } from '../support/api-fixtures';
import { addDays, venueDateTimeToUtc, venueNight } from '../../src/lib/venueTime';
import { ERASED, RETENTION } from '../../src/lib/rules/guestData';

let v: Venue;
const now = new Date();
const cutoff = addDays(venueNight(now), -RETENTION.defaultDays);
const sql = (statement: string) => execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), '.timeout 30000', statement]);
/** PocketBase's datetime text of a venue wall-clock time. */
const at = (date: string, time: string) => venueDateTimeToUtc(date, time)!.toISOString().replace('T', ' ');

/** A reservation through the API, then moved to `night` (and `created`) as a superuser would. */
async function reservation(name: string, night: string, created?: string) {
  const r = await v.su.collection('reservations').create(boardGameBody({ name, email: `${name.toLowerCase()}@example.test`, gclid: `click-${name}`, event_source_url: `https://tinycupboard.example/board-game-night?gclid=click-${name}` }));
  sql(`UPDATE reservations SET event_date = '${night}'${created ? `, created = '${created}'` : ''} WHERE id = '${r.id}'`);
  return r.id;
}

/** The command's summary: cobra's println writes to stderr; it is the one JSON line. */
function summaryOf(res: { code: number; stdout: string; stderr: string }) {
  expect(res.code, res.stderr + res.stdout).toBe(0);
  const line = (res.stdout + res.stderr).split('\n').find((l) => l.startsWith('{"now"'));
  expect(line, res.stderr + res.stdout).toBeDefined();
  return JSON.parse(line!) as { days: number; night: string; erased: Record<string, number> };
}

async function retentionRun(when = now) {
  return summaryOf(await v.server.command(['retention:run', `--now=${when.toISOString()}`]));
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  ids.old = await reservation('Olga', addDays(cutoff, -40));
  // The hour after midnight: the night before the cutoff, made at 12:40 AM on the cutoff's date.
  ids.afterMidnight = await reservation('Mina', addDays(cutoff, -1), at(cutoff, '12:40 AM'));
  ids.boundary = await reservation('Bea', cutoff);
  ids.recent = await reservation('Rita', addDays(cutoff, 300));
  const inquiry = async (name: string, created: string) => {
    const r = await v.su.collection('private_event_inquiries').create(inquiryBody({ name, email: `${name.toLowerCase()}@example.test` }));
    sql(`UPDATE private_event_inquiries SET created = '${created}', note = 'Called ${name} back' WHERE id = '${r.id}'`);
    return r.id;
  };
  ids.inquiryOld = await inquiry('Ines', at(cutoff, '12:40 AM'));
  ids.inquiryKept = await inquiry('Kira', at(cutoff, '4:10 AM'));
  const app = await v.su.collection('influencer_applications').create(influencerBody());
  sql(`UPDATE influencer_applications SET created = '${at(addDays(cutoff, -3), '3:00 PM')}' WHERE id = '${app.id}'`);
  ids.application = app.id;
  const pass = await v.su.collection('pass_confirmations').create(passBody());
  sql(`UPDATE pass_confirmations SET created = '${at(addDays(cutoff, -3), '3:00 PM')}' WHERE id = '${pass.id}'`);
  ids.pass = pass.id;
  // The activity log's copy of the old reservation (as the staff's writes record it).
  await v.su.collection('activity').create({
    kind: 'reservation.status', actor_name: 'door@example.test', target_collection: 'reservations', target_id: ids.old,
    summary: 'Olga arrived (olga@example.test)', before: { name: 'Olga', email: 'olga@example.test', status: 'confirmed' }, after: { status: 'arrived' },
  });
});

afterAll(async () => {
  await v?.stop();
});

const stats = () => v.su.send('/api/admin/reservations/stats', {});

describe('retention:run', () => {
  let before: unknown;
  let result: Awaited<ReturnType<typeof retentionRun>>;

  it('erases the nights before the cutoff and the records made before it began, and nothing else', async () => {
    before = await stats();
    result = await retentionRun();
    expect(result.night).toBe(cutoff);
    expect(result.erased).toEqual({ reservations: 2, waitlist: 0, private_event_inquiries: 1, influencer_applications: 1, pass_confirmations: 1 });
    for (const id of [ids.old, ids.afterMidnight]) {
      const r = await v.su.collection('reservations').getOne(id!);
      expect(r).toMatchObject({ name: ERASED.name, email: ERASED.email, phone: '', gclid: '', event_source_url: 'https://tinycupboard.example/board-game-night' });
      // What the counts are made of stays.
      expect(r).toMatchObject({ party_size: 4, status: 'confirmed', source: 'web', event_name: 'Board Game Night' });
      expect(r.erased_at).not.toBe('');
    }
    for (const [id, name] of [[ids.boundary, 'Bea'], [ids.recent, 'Rita']] as const) {
      expect(await v.su.collection('reservations').getOne(id!)).toMatchObject({ name, email: `${name.toLowerCase()}@example.test`, phone: '(347) 555-0100', erased_at: '' });
    }
    expect(await v.su.collection('private_event_inquiries').getOne(ids.inquiryOld!)).toMatchObject({ name: ERASED.name, email: ERASED.email, phone: ERASED.text, message: ERASED.text, note: '' });
    expect(await v.su.collection('private_event_inquiries').getOne(ids.inquiryKept!)).toMatchObject({ name: 'Kira', note: 'Called Kira back' });
    expect(await v.su.collection('influencer_applications').getOne(ids.application!)).toMatchObject({ name: ERASED.name, message: ERASED.text });
    expect(await v.su.collection('pass_confirmations').getOne(ids.pass!)).toMatchObject({ name: ERASED.name, email: ERASED.email, people: expect.any(Number) });
  });

  it('keeps every figure of the stats route', async () => {
    expect(await stats()).toEqual(before);
  });

  it('erases the copies: the activity row and the outbox jobs of an erased record', async () => {
    const [row] = await v.su.collection('activity').getFullList({ filter: `target_id = "${ids.old}"` });
    expect(row!.summary).toBe(`${ERASED.name} arrived (${ERASED.email})`);
    expect(row!.before).toEqual({ name: ERASED.name, email: ERASED.email, status: 'confirmed' });
    const jobs = await v.su.collection('outbox').getFullList({ filter: `record_id = "${ids.old}"` });
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(JSON.stringify([job.recipient, job.payload, job.last_error])).not.toMatch(/olga|click-Olga/i);
    const kept = await v.su.collection('outbox').getFullList({ filter: `record_id = "${ids.recent}"` });
    expect(kept.some((job) => job.recipient === 'rita@example.test')).toBe(true);
  });

  it('a second run erases nothing more, and the search no longer finds the erased names', async () => {
    const again = await retentionRun();
    expect(Object.values(again.erased).every((n) => n === 0)).toBe(true);
    const found = await v.su.send<{ items: { id: string }[] }>('/api/admin/reservations/search', { query: { q: 'Olga' } });
    expect(found.items).toEqual([]);
  });

  it('the next night takes the boundary night', async () => {
    const next = await retentionRun(new Date(now.getTime() + 86_400_000));
    expect(next.erased.reservations).toBe(1);
    expect((await v.su.collection('reservations').getOne(ids.boundary!)).name).toBe(ERASED.name);
    expect((await v.su.collection('reservations').getOne(ids.recent!)).name).toBe('Rita');
  });

  it('refuses a --now that is not an instant, erasing nothing', async () => {
    const res = await v.server.command(['retention:run', '--now=yesterday']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--now must be an ISO instant');
  });
});

describe('RETENTION_DAYS', () => {
  it('a value that is not a positive whole number is logged at start-up, and the default kept', async () => {
    const bad = await startVenue({ smtp: false, meta: false, env: { RETENTION_DAYS: '1.5' } });
    try {
      expect(bad.server.output()).toContain('RETENTION_DAYS must be a positive whole number of days (got "1.5")');
      expect(summaryOf(await bad.server.command(['retention:run'])).days).toBe(RETENTION.defaultDays);
    } finally {
      await bad.stop();
    }
  });

  it('a valid value is used', async () => {
    const short = await startVenue({ smtp: false, meta: false, env: { RETENTION_DAYS: '30' } });
    try {
      expect(summaryOf(await short.server.command(['retention:run']))).toMatchObject({ days: 30, night: addDays(venueNight(), -30) });
    } finally {
      await short.stop();
    }
  });
});
