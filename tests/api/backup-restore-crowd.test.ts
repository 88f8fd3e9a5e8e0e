/**
 * A restore while 10 guests book (issue 32 item 6), the small version of the reliability row
 * (scripts/reliability/restore-while-booking.mjs): 10 clients create reservations back to back and
 * send a refused one again (a 503 or no answer: the same body, the same id), as the guests' outbox
 * does; a backup is taken mid-crowd and the owner restores it. No booking answered 200 after the
 * server took the request is lost (the route's closedAt: every 200 for the old data was written
 * before it, so a booking sent after it and answered 200 was answered by the restored server),
 * every kept booking's guest is mailed, and no guest twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, client, dayFromToday, startVenue, type Venue } from '../support/api-fixtures';
import { receiverInbox } from '../support/staff-sign-in.mjs';

const OWNER = 'owner-crowd@example.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let v: Venue;

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  // Room on every night the guests book (20 to 59 days ahead): on a fast run they book more than
  // a night's default seats, and a "fully booked" refusal is not what this test is about.
  for (let day = 20; day < 60; day++) await v.su.collection('capacity').create({ date: dayFromToday(day), seats: 1000 });
}, 60_000);
afterAll(() => v?.stop());

/** `sent`: when the attempt that was answered 200 left; `at`: when its answer was read. */
type Ack = { id: string; email: string; sent: number; at: number };
/** The words of each 400 a booking got, for the error that stops the test. */
const refusals: string[] = [];

async function send(body: Record<string, unknown>): Promise<number> {
  try {
    const res = await fetch(`${v.url}/api/collections/reservations/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { message?: string; data?: { id?: { code?: string } } };
    if (res.status === 400 && json.data?.id?.code === 'validation_not_unique') return 200;
    if (res.status === 400) refusals.push(json.message ?? '');
    return res.status;
  } catch {
    return 0;
  }
}

/** One guest's device: books until `running()` is false, each booking sent until it is taken. */
async function guest(n: number, running: () => boolean, acks: Ack[], answers: number[]): Promise<void> {
  for (let i = 0; running(); i++) {
    const body = boardGameBody({ email: `crowd-${n}-${i}@example.test`, party_size: 1, event_date: dayFromToday(20 + ((n * 7 + i) % 40)) });
    for (;;) {
      const sent = Date.now();
      const status = await send(body);
      answers.push(status);
      if (status === 200) {
        acks.push({ id: body.id as string, email: body.email as string, sent, at: Date.now() });
        break;
      }
      if (status !== 0 && status !== 503) throw new Error(`booking refused: ${status} ${refusals.at(-1) ?? ''}`);
      await sleep(200);
    }
  }
}

describe('a restore while 10 guests book', () => {
  it('loses no booking acknowledged after the request and mails no guest twice', async () => {
    await v.admin(OWNER, 'password-123', true);
    const owner = await v.signIn(OWNER);
    const acks: Ack[] = [];
    const answers: number[] = [];
    let running = true;
    const guests = Array.from({ length: 10 }, (_, n) => guest(n, () => running, acks, answers));
    await sleep(1500);
    await v.su.backups.create('crowd.zip');
    await sleep(1500);
    const inbox = receiverInbox(v.smtp!);
    const before = inbox.count(OWNER);
    const { otpId } = await client(v.url).collection('users').requestOTP(OWNER);
    const code = await inbox.code(OWNER, before, 60_000);
    const { closedAt } = await owner.send<{ closedAt: number }>('/api/venue/backups/restore', {
      method: 'POST',
      body: { name: 'crowd.zip', password: 'password-123', otpId, code },
    });
    const deadline = Date.now() + 60_000;
    while ((await owner.send<{ generation: number }>('/api/admin/sync', {}).then((a) => a.generation, () => 0)) < 2) {
      if (Date.now() > deadline) throw new Error('the server did not come back');
      await sleep(200);
    }
    await sleep(1500);
    running = false;
    await Promise.all(guests);

    // closedAt: the server wrote every 200 of the data being replaced before it (server/backups/gate.go),
    // so a booking sent after it and answered 200 was answered by the restored server.
    const after = acks.filter((a) => a.sent > closedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 503).length).toBeGreaterThan(0);
    const kept = new Set<string>();
    for (let i = 0; i < acks.length; i += 40) {
      const filter = acks.slice(i, i + 40).map((a) => `id = "${a.id}"`).join(' || ');
      (await v.su.collection('reservations').getFullList({ filter, fields: 'id' })).forEach((r) => kept.add(r.id));
    }
    expect(after.filter((a) => !kept.has(a.id))).toEqual([]);
    await v.settle();
    const mails = (email: string) => v.smtp!.to(email).length;
    expect(acks.filter((a) => kept.has(a.id) && mails(a.email) !== 1)).toEqual([]);
    expect(acks.filter((a) => mails(a.email) > 1)).toEqual([]);
  }, 150_000);
});
