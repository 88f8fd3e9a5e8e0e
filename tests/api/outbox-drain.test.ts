/**
 * A deploy's restart (SIGTERM) never sends a mail twice: the stopping server lets a send under way
 * finish and records it before it exits, instead of leaving a mail the provider had accepted
 * unrecorded, to be sent again by the next process (server/outbox/drain.go).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, post, startVenue, type Venue } from '../support/api-fixtures';
// @ts-expect-error: plain ESM JavaScript module (shared with the bench scripts)
import { startLoopbackSmtp } from '../support/smtp-server.mjs';

/** An SMTP provider that has the whole message at once but takes `acceptAfterMs` to say 250 OK. */
async function startSlowProvider(port: number, acceptAfterMs: number) {
  const received: string[] = [];
  const server = await startLoopbackSmtp(port, async (_raw: Buffer, envelope: { rcptTo: { address: string }[] }) => {
    received.push(...envelope.rcptTo.map((r) => r.address));
    await new Promise((resolve) => setTimeout(resolve, acceptAfterMs));
  });
  return { received, stop: server.stop as () => Promise<void> };
}

describe('a restart while a mail is being sent', () => {
  let v: Venue;
  let provider: Awaited<ReturnType<typeof startSlowProvider>>;
  beforeAll(async () => {
    v = await startVenue({ smtpUp: false, meta: false, env: { OUTBOX_TICK_SECONDS: '1' } });
    provider = await startSlowProvider(v.smtpPort, 1500);
  });
  afterAll(async () => {
    await v?.stop();
    await provider?.stop();
  });

  it('finishes and records the send before stopping, so the next process does not send it again', async () => {
    const body = boardGameBody({ email: 'once@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);

    // The provider has the message and is about to accept it: stop the server now (SIGTERM).
    const deadline = Date.now() + 10_000;
    while (!provider.received.includes('once@example.test') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(provider.received).toContain('once@example.test');
    const stopping = Date.now();
    await v.server.restart();
    // It waited for the provider's answer (1.5 s), well within the drain's 10 s.
    expect(Date.now() - stopping).toBeGreaterThan(1000);

    const job = await v.su.collection('outbox').getFirstListItem(`record_id = "${body.id}" && template = "reservation_confirmation"`);
    expect(job.status).toBe('sent');
    expect(job.attempts).toBe(1);
    // Ticks of the new process (every second) find nothing left to send.
    await new Promise((r) => setTimeout(r, 2500));
    expect(provider.received.filter((to) => to === 'once@example.test')).toHaveLength(1);
  });
});
