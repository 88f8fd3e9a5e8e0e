/**
 * The outbox never drops a job: SMTP down for the first attempts, then up → the mail arrives
 * exactly once; Meta failing, then fine → one conversion; no configuration → jobs skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, inquiryBody, post, startVenue, type Venue } from '../support/api-fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SMTP and Meta down, then up', () => {
  let v: Venue;
  let smtp: SmtpReceiver | null = null;
  beforeAll(async () => {
    // OUTBOX_BACKOFF_SECONDS=1 (fixtures): retries after 1 s, 2 s, 4 s …
    v = await startVenue({ smtpUp: false });
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
    // the immediate attempt failed for both
    await sleep(300);
    let j = await jobs();
    expect(j.reservation_confirmation).toMatchObject({ status: 'failed', attempts: 1 });
    expect(j.reservation_confirmation!.last_error).not.toBe('');
    expect(j.meta_lead).toMatchObject({ status: 'failed', attempts: 1 });
    expect(j.meta_lead!.last_error).toContain('500');

    // second attempt after the 1 s backoff: still down
    await sleep(1100);
    await v.flush();
    j = await jobs();
    expect(j.reservation_confirmation).toMatchObject({ status: 'failed', attempts: 2 });
    expect(j.reservation_confirmation!.next_attempt_at > new Date().toISOString().replace('T', ' ')).toBe(true);

    // not due yet (2 s backoff): a flush now does nothing
    await v.flush();
    expect((await jobs()).reservation_confirmation!.attempts).toBe(2);

    // everything comes back
    smtp = await startSmtpReceiver(v.smtpPort);
    v.meta.respondWith(200, { events_received: 1 });
    await sleep(2100);
    await v.flush();
    j = await jobs();
    expect(j.reservation_confirmation).toMatchObject({ status: 'sent', attempts: 3, last_error: '' });
    expect(j.reservation_confirmation!.sent_at).not.toBe('');
    expect(j.meta_lead).toMatchObject({ status: 'sent' });

    await v.flush();
    await sleep(300);
    expect(smtp.to('retry@example.test')).toHaveLength(1);
    expect(v.meta.requests.filter((r) => r.method === 'POST' && (r.json as any)?.data?.[0]?.event_id === body.id).length).toBe(j.meta_lead!.attempts);
    expect(v.meta.requests.length).toBeGreaterThanOrEqual(2);
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
