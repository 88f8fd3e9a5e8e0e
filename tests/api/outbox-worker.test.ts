/**
 * The outbox workers (server/outbox.go) run when a job's transaction commits, whatever queued it
 * (server/outboxwake.go), and on their timer, and otherwise rest: a worker that kept waking itself flushed back to back forever, and each flush
 * took SQLite's one write connection away from guests' creates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, post, startVenue, type Venue } from '../support/api-fixtures';

let v: Venue;
beforeAll(async () => {
  // A long tick, so any run in the quiet window below was started by a wake-up, not the timer.
  v = await startVenue({ meta: false, env: { OUTBOX_TICK_SECONDS: '600' } });
  await v.relaxRateLimits();
});
afterAll(async () => {
  await v?.stop();
});

const workerRuns = async () => (await v.su.send('/api/outbox/worker', { method: 'GET' })).runs as number;

describe('outbox workers', () => {
  it('send a confirmation woken by its create, then stay idle until there is new work', async () => {
    const body = boardGameBody({ email: 'woken@example.test' });
    const res = await post(`${v.url}/api/collections/reservations/records`, body);
    expect(res.status).toBe(200);
    // No flush call and no timer: only the after-commit wake-up can have sent it.
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('woken@example.test'), 10_000);

    const afterMail = await workerRuns();
    expect(afterMail).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await workerRuns()).toBe(afterMail);
  });

  it('send a waitlist-joined mail and a seat offer within 1 s of the answer (no list of collections to keep)', async () => {
    const date = dayFromToday(12);
    const capacity = await v.su.collection('capacity').create({ date, seats: 2 });
    expect((await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ event_date: date, party_size: 2 }))).status).toBe(200);

    const join = await post(`${v.url}/api/collections/waitlist/records`, boardGameBody({ event_date: date, party_size: 2, email: 'line@example.test' }));
    expect(join.status).toBe(200);
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('line@example.test') && /^Waitlist: /.test(m.parsed.subject ?? ''), 1000);

    // Its own transaction, after the capacity record's (hooks/lib/waitlist.ts, afterCapacityChange).
    await v.su.collection('capacity').update(capacity.id, { seats: 4 });
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('line@example.test') && /^A table is free on /.test(m.parsed.subject ?? ''), 1000);
  });

  it('answer only superusers', async () => {
    const res = await fetch(`${v.url}/api/outbox/worker`);
    expect(res.status).toBe(401);
  });
});
