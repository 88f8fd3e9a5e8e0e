/**
 * Issue 32 item 5, nothing fails silently: the mail-health route (every admin), the System view's
 * route and the job routes (owners), the banner's incident from a failed guest mail to the next
 * one sent, the alert webhook once per incident and once at recovery, retry and drop with the
 * guest named in the activity log, and the test mail.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, post, startVenue, type Venue } from '../support/api-fixtures';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

interface Health {
  failing: boolean;
  since: string;
  error: string;
}

let v: Venue;
let hook: HttpReceiver;
let owner: PocketBase;
let admin: PocketBase;
let user: PocketBase;
let stale: PocketBase;

const health = (pb: PocketBase) => pb.send<Health>('/api/staff/mail-health', {});
const report = (pb: PocketBase) => pb.send('/api/staff/system', {});
const status = (p: Promise<unknown>) => p.then(() => 200, (err: { status: number }) => err.status);

beforeAll(async () => {
  hook = await startHttpReceiver();
  // A 10-minute backoff keeps failed jobs failed until the test retries them; lanes look every second.
  v = await startVenue({ meta: false, env: { ALERT_WEBHOOK_URL: `${hook.url}/hooks/alerts`, OUTBOX_TICK_SECONDS: '1', OUTBOX_BACKOFF_SECONDS: '600' } });
  await v.relaxRateLimits();
  owner = await v.user('owner@example.test', { owner: true });
  admin = await v.user('admin@example.test', { admin: true });
  user = await v.user('guest-account@example.test');
  stale = await v.user('former@example.test', { admin: true });
  await v.su.collection('users').update(stale.authStore.record!.id, { tokenKey: 'k'.repeat(50) });
}, 60_000);

afterAll(async () => {
  await v?.stop();
  await hook?.stop();
});

describe('who may ask', () => {
  it('mail health: any admin; the System view and the job routes: owners only', async () => {
    const job = (await v.su.collection('outbox').getList(1, 1)).items[0]!.id;
    for (const [name, pb, healthStatus, ownerStatus] of [
      ['anonymous', v.anon, 403, 403],
      ['signed-up non-admin', user, 403, 403],
      ['stale token', stale, 403, 403],
      ['admin (not owner)', admin, 200, 403],
      ['owner', owner, 200, 200],
    ] as const) {
      expect([name, await status(health(pb))]).toEqual([name, healthStatus]);
      expect([name, await status(report(pb))]).toEqual([name, ownerStatus]);
      if (ownerStatus === 403) {
        for (const path of [`/api/staff/outbox/${job}/retry`, `/api/staff/outbox/${job}/drop`, '/api/staff/system/test-mail']) {
          expect([name, path, await status(pb.send(path, { method: 'POST' }))]).toEqual([name, path, 403]);
        }
      }
    }
    expect(await health(admin)).toEqual({ failing: false, since: '', error: '' });
  });

  it('the System view reports the version, disk, backups and queues', async () => {
    const r = await report(owner);
    expect(r.version).toBe('dev');
    expect(r.disk.free).toBeGreaterThan(0);
    expect(r.disk.total).toBeGreaterThanOrEqual(r.disk.free);
    expect(r.backups).toMatchObject({ count: 0, last: '' });
    expect(r.backups.where).toMatch(/^\/.+\/backups$/);
    expect(r.mail).toMatchObject({ waiting: 0, failed: 0 });
    expect(r.alerts.configured).toBe(true);
    expect(r.metaOff).toContain('Meta Conversions API is not configured');

    await v.su.backups.create('nightly-test.zip');
    const after = await until(() => report(owner), (x) => x.backups.count === 1);
    expect(after.backups).toMatchObject({ count: 1, lastName: 'nightly-test.zip' });
    expect(after.backups.lastSize).toBeGreaterThan(0);
    expect(after.backups.last).toMatch(/^\d{4}-\d\d-\d\d /);
  });
});

describe('guest mail failing, then fixed', () => {
  const guests = ['Ana Lopez', 'Ben Okafor', 'Chloe Park'];
  let ids: string[] = [];
  const guestJobs = () => v.su.collection('outbox').getFullList({ filter: ids.map((id) => `record_id = "${id}"`).join(' || '), sort: 'created' });

  it('the health route says failing, in words, within one worker cycle; the webhook hears it once', async () => {
    v.smtp!.refuse({ code: 535, message: '5.7.8 Authentication credentials invalid' });
    ids = [];
    for (const [i, name] of guests.entries()) {
      const body = boardGameBody({ name, email: `guest${i}@example.test` });
      ids.push(body.id as string);
      expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    }
    const h = await until(() => health(admin), (x) => x.failing, 3000);
    expect(h).toMatchObject({ failing: true, error: 'SMTP said 535: 5.7.8 Authentication credentials invalid' });
    expect(h.since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    // every guest's mail failed, and the webhook was posted once, not once per mail
    await until(guestJobs, (jobs) => jobs.filter((j) => j.status === 'failed').length === 3);
    await hook.waitFor(1);
    await sleep(1500);
    expect(hook.requests).toHaveLength(1);
    const alert = hook.requests[0]!;
    expect(alert.path).toBe('/hooks/alerts');
    const { text, content } = alert.json as { text: string; content: string };
    expect(text).toContain('SMTP said 535: 5.7.8 Authentication credentials invalid');
    expect(content).toBe(text);
  });

  it('lists the failed jobs with the guest named; drop keeps the job and logs who was dropped', async () => {
    const r = await report(owner);
    expect(r.health.failing).toBe(true);
    expect(r.mail.failed).toBe(3);
    expect(r.mail.lastError).toBe('SMTP said 535: 5.7.8 Authentication credentials invalid');
    const named = r.failed.filter((j: { template: string }) => j.template === 'reservation_confirmation').map((j: { guest: string }) => j.guest);
    expect(named.sort()).toEqual(guests);

    const chloe = r.failed.find((j: { guest: string }) => j.guest === 'Chloe Park');
    const dropped = await owner.send(`/api/staff/outbox/${chloe.id}/drop`, { method: 'POST' });
    expect(dropped).toMatchObject({ status: 'dropped', guest: 'Chloe Park' });
    expect(await v.su.collection('outbox').getOne(chloe.id)).toMatchObject({ status: 'dropped' });
    // the second time: nothing left to drop
    expect(await status(owner.send(`/api/staff/outbox/${chloe.id}/drop`, { method: 'POST' }))).toBe(409);
    const rows = await v.su.collection('activity').getFullList({ filter: `kind = "outbox.drop" && target_id = "${chloe.id}"` });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: owner.authStore.record!.id, summary: 'Dropped Booking confirmation to Chloe Park <guest2@example.test>' });
    // dropping is no recovery: the banner stays
    expect((await health(admin)).failing).toBe(true);
    // an unknown job
    expect(await status(owner.send('/api/staff/outbox/nosuchjob123456/retry', { method: 'POST' }))).toBe(404);
  });

  it('retry once the server is back: the mail goes out, the banner clears, the webhook hears it once', async () => {
    v.smtp!.refuse(null);
    const r = await report(owner);
    const ana = r.failed.find((j: { guest: string }) => j.guest === 'Ana Lopez');
    expect(await owner.send(`/api/staff/outbox/${ana.id}/retry`, { method: 'POST' })).toMatchObject({ status: 'pending', guest: 'Ana Lopez' });
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('guest0@example.test'));
    expect(await until(() => health(admin), (x) => !x.failing, 3000)).toEqual({ failing: false, since: '', error: '' });
    await hook.waitFor(2);
    expect((hook.requests[1]!.json as { text: string }).text).toContain('going out again');
    const rows = await v.su.collection('activity').getFullList({ filter: `kind = "outbox.retry" && target_id = "${ana.id}"` });
    expect(rows[0]).toMatchObject({ summary: 'Retried Booking confirmation to Ana Lopez <guest0@example.test>' });
    expect(rows[0]!.before).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows[0]!.after).toMatchObject({ status: 'pending', attempts: 0 });

    // the dropped one can be retried too (changed mind); a sent one cannot
    const chloe = (await guestJobs()).find((j) => j.status === 'dropped')!;
    expect(await owner.send(`/api/staff/outbox/${chloe.id}/retry`, { method: 'POST' })).toMatchObject({ status: 'pending' });
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('guest2@example.test'));
    expect(await status(owner.send(`/api/staff/outbox/${ana.id}/retry`, { method: 'POST' }))).toBe(409);
    await sleep(1500);
    expect(hook.requests).toHaveLength(2);
  });

  it('a second incident alerts again', async () => {
    v.smtp!.refuse({ code: 421, message: '4.7.0 Try again later' });
    const body = boardGameBody({ name: 'Dara Wu', email: 'dara@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    expect(await until(() => health(owner), (x) => x.failing, 3000)).toMatchObject({ error: 'SMTP said 421: 4.7.0 Try again later' });
    await hook.waitFor(3);
    v.smtp!.refuse(null);
  });
});

describe('the test mail', () => {
  it('goes to the owner through the outbox; its outcome shows on the System view', async () => {
    const answer = await owner.send('/api/staff/system/test-mail', { method: 'POST' });
    expect(answer).toMatchObject({ recipient: 'owner@example.test' });
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('owner@example.test') && m.parsed.subject?.includes('test mail') === true);
    expect(mail!.parsed.text).toContain('This test mail reached owner@example.test');
    const r = await until(() => report(owner), (x) => x.testMail?.status === 'sent');
    expect(r.testMail).toMatchObject({ status: 'sent', recipient: 'owner@example.test' });
    const rows = await v.su.collection('activity').getFullList({ filter: 'kind = "system.test_mail"' });
    expect(rows).toHaveLength(1);
    // a superuser has no mailbox of its own here
    expect(await status(v.su.send('/api/staff/system/test-mail', { method: 'POST' }))).toBe(400);
  });
});
