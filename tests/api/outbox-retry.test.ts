/**
 * The outbox never drops a job: SMTP down for the first attempts, then up → the mail arrives
 * exactly once (the backoff is stepped through with the flush's clock, not slept through); Meta failing, then fine → one conversion; no configuration → jobs skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, inquiryBody, post, startVenue, type Venue } from '../support/api-fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

describe('SMTP and Meta down, then up', () => {
  let v: Venue;
  let smtp: SmtpReceiver | null = null;
  beforeAll(async () => {
    // A 10-minute backoff base keeps the background worker off the retries; the test steps
    // through them with the superuser flush's clock (`at`), without sleeping through any delay.
    v = await startVenue({ smtpUp: false, env: { OUTBOX_BACKOFF_SECONDS: '600', OUTBOX_TICK_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await smtp?.stop();
    await v?.stop();
  });

  it('retries with backoff, records attempts and errors, and delivers exactly once', async () => {
    v.meta.respondWith(500, { error: { message: 'temporarily unavailable' } });
    const body = boardGameBody({ email: 'retry@example.test' });
    const started = Date.now();
    const res = await post(`${v.url}/api/collections/reservations/records`, body);
    expect(res.status).toBe(200);
    // The create does not wait on the broken mail server.
    expect(Date.now() - started).toBeLessThan(3000);

    const jobs = async () => {
      const list = await v.su.collection('outbox').getFullList({ filter: `record_id = "${body.id}"`, sort: 'template' });
      return Object.fromEntries(list.map((j) => [j.template, j]));
    };
    const flushAt = (at: string) => v.su.send(`/api/outbox/flush?at=${encodeURIComponent(at)}`, { method: 'POST' });
    const secondsBetween = (a: string, b: string) => (Date.parse(b.replace(' ', 'T')) - Date.parse(a.replace(' ', 'T'))) / 1000;

    // the worker's first attempt, right after the commit, failed for both
    let j = await until(jobs, (x) => x.reservation_confirmation?.attempts === 1 && x.meta_lead?.attempts === 1);
    expect(j.reservation_confirmation).toMatchObject({ status: 'failed', attempts: 1 });
    expect(j.reservation_confirmation!.last_error).not.toBe('');
    expect(j.meta_lead).toMatchObject({ status: 'failed', attempts: 1 });
    expect(j.meta_lead!.last_error).toContain('500');
    const firstDue = j.reservation_confirmation!.next_attempt_at as string;
    expect(secondsBetween(j.reservation_confirmation!.updated, firstDue)).toBeGreaterThan(590);

    // not due yet: a flush a second before the backoff ends does nothing
    const justBefore = new Date(Date.parse(firstDue.replace(' ', 'T')) - 1000).toISOString().replace('T', ' ');
    expect(await flushAt(justBefore)).toEqual({ processed: 0, sent: 0, skipped: 0, failed: 0 });
    expect((await jobs()).reservation_confirmation!.attempts).toBe(1);

    // second attempt when the backoff has passed: still down, and the next wait doubles
    await flushAt(firstDue);
    j = await jobs();
    expect(j.reservation_confirmation).toMatchObject({ status: 'failed', attempts: 2 });
    const secondDue = j.reservation_confirmation!.next_attempt_at as string;
    expect(secondsBetween(j.reservation_confirmation!.updated, secondDue)).toBeGreaterThan(1190);

    // everything comes back
    smtp = await startSmtpReceiver(v.smtpPort);
    v.meta.respondWith(200, { events_received: 1 });
    const later = j.meta_lead!.next_attempt_at > secondDue ? (j.meta_lead!.next_attempt_at as string) : secondDue;
    await flushAt(later);
    j = await jobs();
    expect(j.reservation_confirmation).toMatchObject({ status: 'sent', attempts: 3, last_error: '' });
    expect(j.reservation_confirmation!.sent_at).not.toBe('');
    expect(j.meta_lead).toMatchObject({ status: 'sent' });

    // a sent job is never sent again
    await flushAt(later);
    await v.flush();
    await smtp.waitFor(1, (m) => m.envelope.to.includes('retry@example.test'));
    expect(smtp.to('retry@example.test')).toHaveLength(1);
    expect(v.meta.requests.filter((r) => r.method === 'POST' && (r.json as any)?.data?.[0]?.event_id === body.id).length).toBe(j.meta_lead!.attempts);
    expect(v.meta.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a flush clock that is not a datetime', async () => {
    await expect(v.su.send('/api/outbox/flush?at=tomorrow', { method: 'POST' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('without SMTP or Meta configuration', () => {
  let v: Venue;
  beforeAll(async () => {
    v = await startVenue({ smtp: false, meta: false });
  });
  afterAll(async () => {
    await v?.stop();
  });

  it('stores the record and marks its jobs skipped (kept, logged), not failed', async () => {
    const body = inquiryBody();
    expect((await post(`${v.url}/api/collections/private_event_inquiries/records`, body)).status).toBe(200);
    await sleep(300);
    await v.flush();
    const jobs = await v.su.collection('outbox').getFullList({ filter: `record_id = "${body.id}"` });
    expect(jobs.map((j) => j.template).sort()).toEqual(['inquiry_ack', 'inquiry_staff', 'meta_lead']);
    for (const job of jobs) {
      expect(job.status).toBe('skipped');
      expect(job.last_error).toMatch(/not configured/);
    }
    await v.su.collection('private_event_inquiries').getOne(body.id as string);
    expect(v.server.output()).toMatch(/outbox job skipped/);
  });
});
