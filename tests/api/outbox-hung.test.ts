/**
 * A guest never waits for the mail: with an SMTP provider that accepts connections and never
 * answers, a reservation create answers 200 at once while its jobs are still pending, and the
 * jobs go out once a healthy receiver takes over.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, post, startVenue, type Venue } from '../support/api-fixtures';
import { freePort } from '../support/pocketbase';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

/** Accepts TCP connections and never writes a byte. */
async function startHungReceiver(port: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    connections: () => sockets.size,
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('SMTP provider hangs', () => {
  let v: Venue;
  let hung: Awaited<ReturnType<typeof startHungReceiver>>;
  let healthy: SmtpReceiver | null = null;
  beforeAll(async () => {
    v = await startVenue({ smtpUp: false, meta: false, env: { OUTBOX_SEND_TIMEOUT_SECONDS: '2', OUTBOX_TICK_SECONDS: '1' } });
    hung = await startHungReceiver(v.smtpPort);
  });
  afterAll(async () => {
    await hung?.stop();
    await healthy?.stop();
    await v?.stop();
  });

  it('answers the create while its mail is pending, and sends it once a healthy receiver takes over', async () => {
    const body = boardGameBody({ email: 'patient@example.test' });
    const started = Date.now();
    const res = await post(`${v.url}/api/collections/reservations/records`, body);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(1500); // the old in-request send waited 2 s for a hung provider

    const mailJob = async () => (await v.su.collection('outbox').getFirstListItem(`record_id = "${body.id}" && kind = "mail"`));
    // Right after the answer, the mail is still waiting on the hung provider.
    expect(['pending', 'failed']).toContain((await mailJob()).status);
    const deadline = Date.now() + 5000;
    while (hung.connections() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hung.connections()).toBeGreaterThan(0); // the worker did try, outside the request

    // A healthy receiver takes over (the operator points SMTP at another provider).
    const port = await freePort();
    healthy = await startSmtpReceiver(port);
    await v.su.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port, tls: false } });

    const [mail] = await healthy.waitFor(1, (m) => m.envelope.to.includes('patient@example.test'), 20_000);
    expect(mail!.parsed.subject).toContain('Board Game Night');
    let job = await mailJob();
    for (let i = 0; i < 100 && job.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the worker saves the outcome after the send
      job = await mailJob();
    }
    expect(job.status).toBe('sent');
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    expect(healthy.to('patient@example.test')).toHaveLength(1);
  }, 40_000);
});
