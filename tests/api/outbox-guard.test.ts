/**
 * The outbox is not a relay: an admin may requeue a job and change nothing else (not its
 * recipient, template or content). The Meta access token never lands in a stored error or a log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { boardGameBody, META, post, startVenue, type Venue } from '../support/api-fixtures';
import { freePort } from '../support/pocketbase';
import { MESSAGES } from '../../src/lib/rules/limits';

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('admins and outbox jobs', () => {
  let v: Venue;
  let admin: PocketBase;
  beforeAll(async () => {
    v = await startVenue({ meta: false });
    await v.relaxRateLimits();
    admin = await v.user('outbox.admin@example.test', { admin: true });
  });
  afterAll(async () => {
    await v?.stop();
  });

  it('may requeue a job, and may not change its recipient, template or content', async () => {
    const body = boardGameBody({ email: 'guest.relay@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    const read = () => v.su.collection('outbox').getFirstListItem(`record_id = "${body.id}" && template = "reservation_confirmation"`);
    const job = await until(read, (j) => j.status === 'sent');
    expect(job.status).toBe('sent');
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('guest.relay@example.test'));

    const attempts: Array<Record<string, unknown>> = [
      { recipient: 'victim@example.test' },
      { status: 'pending', recipient: 'victim@example.test' },
      { payload: { subject: 'You won $500', text: 'claim it at http://evil.example', html: '' } },
      { template: 'inquiry_staff' },
      { record_id: 'aaaaaaaaaaaaaaa' },
    ];
    for (const change of attempts) {
      const err = await admin.collection('outbox').update(job.id, change).catch((e: { status: number; response: any }) => e);
      expect(err.status, JSON.stringify(change)).toBe(400);
      expect(err.response.message).toBe(MESSAGES.outboxServerField);
    }
    const wrongStatus = await admin.collection('outbox').update(job.id, { status: 'skipped' }).catch((e: { status: number; response: any }) => e);
    expect(wrongStatus.status).toBe(400);
    expect(wrongStatus.response.data.status.message).toBe(MESSAGES.outboxRequeueOnly);

    const unchanged = await read();
    expect(unchanged).toMatchObject({ recipient: 'guest.relay@example.test', template: 'reservation_confirmation', status: 'sent', payload: job.payload });

    // a requeue is allowed: the same mail goes again to the same guest, and nobody else
    await admin.collection('outbox').update(job.id, { status: 'pending' });
    await v.smtp!.waitFor(2, (m) => m.envelope.to.includes('guest.relay@example.test'));
    expect(v.smtp!.to('victim@example.test')).toHaveLength(0);
  });
});

describe('the Meta access token stays secret', () => {
  let v: Venue;
  let closedPort: number;
  beforeAll(async () => {
    closedPort = await freePort(); // nothing listens: every Meta call fails with a network error
    v = await startVenue({ smtp: false, env: { META_API_BASE: `http://127.0.0.1:${closedPort}/v21.0`, OUTBOX_TICK_SECONDS: '3600' } });
    await v.relaxRateLimits();
  });
  afterAll(async () => {
    await v?.stop();
  });

  it('a failed call stores and logs no token', async () => {
    const body = boardGameBody();
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    const read = () => v.su.collection('outbox').getFirstListItem(`record_id = "${body.id}" && kind = "conversion"`);
    const job = await until(read, (j) => j.status === 'failed');
    expect(job.status).toBe('failed');
    expect(job.last_error).not.toBe('');
    expect(job.last_error).toContain(String(closedPort)); // the error is kept, only the secret goes
    expect(job.last_error).not.toContain(META.token);
    expect(v.server.output()).not.toContain(META.token);
  });

  it('an answer that quotes the token is redacted before it is stored', async () => {
    // Meta up, but answering an error that echoes the request (a proxy's error page does that).
    const { startHttpReceiver } = await import('../support/http-receiver');
    const meta = await startHttpReceiver();
    try {
      meta.respondWith(400, { error: { message: `Invalid OAuth access token: access_token=${META.token}`, token: META.token } });
      const { startVenue: start } = await import('../support/api-fixtures');
      const w = await start({ smtp: false, env: { META_API_BASE: meta.url, OUTBOX_TICK_SECONDS: '3600' } });
      try {
        const body = boardGameBody();
        expect((await post(`${w.url}/api/collections/reservations/records`, body)).status).toBe(200);
        const read = () => w.su.collection('outbox').getFirstListItem(`record_id = "${body.id}" && kind = "conversion"`);
        const job = await until(read, (j) => j.status === 'failed');
        expect(job.last_error).toContain('Meta answered 400');
        expect(job.last_error).toContain('[redacted]');
        expect(job.last_error).not.toContain(META.token);
        expect(w.server.output()).not.toContain(META.token);
      } finally {
        await w.stop();
      }
    } finally {
      await meta.stop();
    }
  });
});
