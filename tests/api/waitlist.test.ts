/**
 * The board game night waitlist against a real PocketBase (issue 12): freed seats are offered to
 * the earliest party that fits and held, a claim books exactly once, a hold that runs out passes
 * on, no-shows give their seats back, and no interleaving of claims, bookings and cancellations
 * oversells a night (counted in SQL). Wrong input is refused; anonymous callers cannot read the line.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, expectRefused, get, post, venuePerFile } from '../support/api-fixtures';
import { icsOf } from '../support/ics-mail';
import { MESSAGES } from '../../src/lib/rules/limits';
import { WAITLIST_MESSAGES } from '../../src/lib/rules/waitlist';
import { formatNight } from '../../src/lib/venueTime';
import { newRecordId } from '../../src/lib/recordId';

const v = venuePerFile({ meta: false, relaxed: true });

const book = (body: Record<string, unknown>) => post(`${v.url}/api/collections/reservations/records`, body);
const join = (body: Record<string, unknown>) => post(`${v.url}/api/collections/waitlist/records`, body);
const claim = (token: string) => post(`${v.url}/api/waitlist/${token}/claim`, {});

/** One value from the server's database, read with the sqlite3 CLI (WAL: beside the running server). */
function sql(query: string): string {
  return execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), query], { encoding: 'utf8' }).trim();
}
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

const tokenOf = (table: 'waitlist' | 'reservations', id: string) => sql(`SELECT ${table === 'waitlist' ? 'token' : 'cancel_token'} FROM ${table} WHERE id = ${q(id)}`);
const statusOf = (id: string) => sql(`SELECT status FROM waitlist WHERE id = ${q(id)}`);

/** Seats counted on a night: reservations that hold seats and live holds, in SQL (the capacity's own definition). */
function seatsTaken(date: string): number {
  const now = new Date().toISOString();
  return Number(
    sql(
      `SELECT (SELECT COALESCE(SUM(party_size), 0) FROM reservations WHERE event_name = 'Board Game Night' AND event_date = ${q(date)} ` +
        `AND status NOT IN ('cancelled', 'no_show')) + (SELECT COALESCE(SUM(party_size), 0) FROM waitlist WHERE event_date = ${q(date)} ` +
        `AND status = 'offered' AND offer_expires > ${q(now)})`,
    ),
  );
}

async function night(days: number, seats: number) {
  const date = dayFromToday(days);
  await v.su.collection('capacity').create({ date, seats });
  return date;
}

async function booked(date: string, party: number, email = `guest-${Math.random().toString(36).slice(2)}@example.test`) {
  const body = boardGameBody({ event_date: date, party_size: party, email });
  const res = await book(body);
  expect(res.status).toBe(200);
  return body.id as string;
}

async function joined(date: string, party: number, email: string) {
  const body = boardGameBody({ event_date: date, party_size: party, email });
  const res = await join(body);
  expect(res.status).toBe(200);
  return body.id as string;
}

/** A night of `seats` with `bookings` (party sizes) booked, then `line` ([party, email]) joining its waitlist in order. */
async function lineUp<B extends number[], L extends Array<[number, string]>>(days: number, seats: number, bookings: [...B], line: [...L]) {
  const date = await night(days, seats);
  const reservations: string[] = [];
  for (const party of bookings) reservations.push(await booked(date, party));
  const entries: string[] = [];
  for (const [party, email] of line) entries.push(await joined(date, party, email));
  return { date, reservations: reservations as { [K in keyof B]: string }, entries: entries as { [K in keyof L]: string } };
}

const mailTo = (email: string, subject: RegExp) => v.smtp!.waitFor(1, (m) => m.envelope.to.includes(email) && subject.test(m.parsed.subject ?? ''));

describe('offers', () => {
  it('a cancellation of 2 seats offers them to the party of 2, not the party of 4 ahead of it; the claim books once', async () => {
    const { date, reservations: [, two], entries: [four, pair] } = await lineUp(20, 6, [4, 2], [[4, 'four@example.test'], [2, 'pair@example.test']]);
    expect((await get(`${v.url}/api/waitlist/entry/${pair}`)).json).toEqual({
      status: 'waiting',
      event_date: date,
      night: formatNight(date),
      party_size: 2,
      event_time: '7:30 PM',
      position: 2,
      offer_expires: '',
      offered_at: '',
    });
    // An id no entry has, or no id at all: not found.
    for (const id of [newRecordId(), 'not-an-id']) {
      expect(await get(`${v.url}/api/waitlist/entry/${id}`)).toMatchObject({ status: 404, json: { message: WAITLIST_MESSAGES.notFound } });
    }
    const [joinedMail] = await mailTo('pair@example.test', /Waitlist/);
    const token = tokenOf('waitlist', pair);
    expect(joinedMail!.parsed.text).toContain(`${v.url}/waitlist/${token}?leave=1`);
    expect(joinedMail!.parsed.text).toContain('number 2 in line');

    expect((await post(`${v.url}/api/reservations/cancel/${tokenOf('reservations', two)}`, {})).status).toBe(200);
    expect(statusOf(pair)).toBe('offered');
    expect(statusOf(four)).toBe('waiting');
    // The hold counts: the freed seats are not for sale to the next booking.
    expect((await get(`${v.url}/api/availability?from=${date}&to=${date}`)).json.nights[0].seatsLeft).toBe(0);
    expect((await book(boardGameBody({ event_date: date, party_size: 1 }))).status).toBe(400);

    const [offer] = await mailTo('pair@example.test', /A table is free/);
    expect(offer!.parsed.text).toContain(`Claim my table: ${v.url}/waitlist/${token}`);
    const shown = await get(`${v.url}/api/waitlist/${token}`);
    // Still in line behind the party of 4 (an offer does not move anyone ahead).
    expect(shown.json).toMatchObject({ status: 'offered', name: 'Ada Lovelace', position: 2 });
    expect(Date.parse(shown.json.offer_expires) - Date.now()).toBeGreaterThan(60 * 60_000);

    const first = await claim(token);
    expect(first.status).toBe(200);
    expect(first.json.reservation).toMatchObject({ email: 'pair@example.test', event_date: date, party_size: 2, event_name: 'Board Game Night' });
    const again = await claim(token);
    expect(again.status).toBe(200);
    expect(again.json.reservation.id).toBe(first.json.reservation.id);
    expect(sql(`SELECT COUNT(*) FROM reservations WHERE email = 'pair@example.test'`)).toBe('1');
    expect(statusOf(pair)).toBe('claimed');
    expect(seatsTaken(date)).toBe(6);

    const [confirmation] = await mailTo('pair@example.test', /You're all set/);
    // The claimed table's confirmation is an invitation calendars apply (iMIP REQUEST, organizer and guest).
    const { method, get: prop } = icsOf(confirmation!);
    expect(method).toBe('REQUEST');
    expect(prop('ATTENDEE')!.value).toBe('mailto:pair@example.test');
    expect(prop('ORGANIZER')).toBeDefined();
    expect(confirmation!.parsed.text).toContain('/cancel/');
    const cancelHeaders = (await get(`${v.url}/api/waitlist/${token}`)).headers;
    expect(cancelHeaders.get('cache-control')).toBe('no-store');
  });

  it('a hold that runs out passes to the next party, and the late claim is refused', async () => {
    const { date, reservations: [, second], entries: [late, next] } = await lineUp(21, 4, [2, 2], [[2, 'late@example.test'], [2, 'next@example.test']]);
    await post(`${v.url}/api/reservations/cancel/${tokenOf('reservations', second)}`, {});
    expect([statusOf(late), statusOf(next)]).toEqual(['offered', 'waiting']);

    // The cron's pass, as of a minute after the hold ends (two hours on, or 10 AM when that falls
    // overnight: the shared rule, src/lib/rules/waitlist.ts).
    const held = await v.su.collection('waitlist').getOne(late);
    const at = new Date(Date.parse(String(held.offer_expires).replace(' ', 'T')) + 60_000).toISOString();
    expect((await post(`${v.url}/api/waitlist/offers/run?at=${at}`, {})).status).toBe(401);
    const run = await v.su.send(`/api/waitlist/offers/run?at=${encodeURIComponent(at)}`, { method: 'POST' });
    expect(run.expired).toContain(late);
    expect(run.offered).toContain(next);
    expect([statusOf(late), statusOf(next)]).toEqual(['expired', 'offered']);

    const refused = await claim(tokenOf('waitlist', late));
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(WAITLIST_MESSAGES.offerExpired);
    await mailTo('late@example.test', /expired/);
    await mailTo('next@example.test', /A table is free/);
    expect((await claim(tokenOf('waitlist', next))).status).toBe(200);
    expect(seatsTaken(date)).toBe(4);
  });

  it('leaving frees a hold for the next party and is idempotent; waiting guests cannot claim yet', async () => {
    const { reservations: [only], entries: [leaver, stays] } = await lineUp(22, 2, [2], [[2, 'leaver@example.test'], [2, 'stays@example.test']]);
    const early = await claim(tokenOf('waitlist', stays));
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(WAITLIST_MESSAGES.notOffered);
    await post(`${v.url}/api/reservations/cancel/${tokenOf('reservations', only)}`, {});
    expect(statusOf(leaver)).toBe('offered');
    const left = await post(`${v.url}/api/waitlist/${tokenOf('waitlist', leaver)}/leave`, {});
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({ status: 'left', position: 0 });
    expect((await post(`${v.url}/api/waitlist/${tokenOf('waitlist', leaver)}/leave`, {})).json.status).toBe('left');
    expect(statusOf(stays)).toBe('offered');
  });

  it('a guest who makes their party smaller from the manage link frees the seats for the line', async () => {
    const { reservations: [big], entries: [waiting] } = await lineUp(28, 4, [4], [[2, 'smaller@example.test']]);
    expect(statusOf(waiting)).toBe('waiting');
    const changed = await post(`${v.url}/api/reservations/manage/${tokenOf('reservations', big)}`, { party_size: 2 });
    expect(changed.status).toBe(200);
    expect(statusOf(waiting)).toBe('offered');
  });

  it('a night with room offers at once; a capacity increase offers the seats it adds', async () => {
    const { date, entries: [a, b] } = await lineUp(23, 2, [2], [[2, 'room-a@example.test'], [2, 'room-b@example.test']]);
    expect(statusOf(a)).toBe('waiting');
    const cap = await v.su.collection('capacity').getFirstListItem(`date = "${date}"`);
    await v.su.collection('capacity').update(cap.id, { seats: 4 });
    expect([statusOf(a), statusOf(b)]).toEqual(['offered', 'waiting']);
    const roomy = await night(24, 10);
    expect(statusOf(await joined(roomy, 3, 'roomy@example.test'))).toBe('offered');
  });
});

describe('no-shows', () => {
  it('a no-show gives its seats back; undoing it is refused once the night has filled', async () => {
    const { date, reservations: [, absent], entries: [waiting] } = await lineUp(25, 4, [2, 2], [[2, 'after-noshow@example.test']]);
    const admin = await v.user('noshow-admin@example.test', { admin: true });
    await admin.collection('reservations').update(absent, { status: 'no_show' });
    expect(statusOf(waiting)).toBe('offered');
    expect(seatsTaken(date)).toBe(4);
    const undo = await admin
      .collection('reservations')
      .update(absent, { status: 'confirmed' })
      .catch((e: { status: number; response: { message: string } }) => e);
    expect(undo.status).toBe(400);
    expect((undo as { response: { message: string } }).response.message).toBe(MESSAGES.nightFull(formatNight(date)));
    expect(sql(`SELECT status FROM reservations WHERE id = ${q(absent)}`)).toBe('no_show');

    // With room again, undoing it fits.
    const other = await night(26, 4);
    const gone = await booked(other, 2);
    await admin.collection('reservations').update(gone, { status: 'no_show' });
    expect((await book(boardGameBody({ event_date: other, party_size: 2 }))).status).toBe(200);
    await admin.collection('reservations').update(gone, { status: 'arrived' });
    expect(seatsTaken(other)).toBe(4);

    // A deleted reservation gives its seats back at once, too.
    const third = await lineUp(27, 2, [2], [[2, 'after-delete@example.test']]);
    await admin.collection('reservations').delete(third.reservations[0]);
    expect(statusOf(third.entries[0])).toBe('offered');
  });
});

describe('the line is private and the create is strict', () => {
  it('anonymous callers can join but cannot list or view the waitlist', async () => {
    const id = await joined(dayFromToday(30), 2, 'private@example.test');
    expect((await v.anon.collection('waitlist').getList(1, 50)).items).toEqual([]);
    await expect(v.anon.collection('waitlist').getOne(id)).rejects.toMatchObject({ status: 404 });
    const user = await v.user('not-admin@example.test');
    expect((await user.collection('waitlist').getList(1, 50)).items).toEqual([]);
    // Tokens are not for guessing: the link routes have their own rate limit (loopback is exempt in this file).
    const limits = (await v.su.settings.getAll()).rateLimits.rules as Array<{ label: string; maxRequests: number }>;
    expect(limits.find((r) => r.label === '/api/waitlist/')?.maxRequests).toBe(30);
    const bad = await get(`${v.url}/api/waitlist/${'x'.repeat(48)}`);
    expect(bad.status).toBe(404);
    expect(bad.json.message).toBe(WAITLIST_MESSAGES.notFound);
  });

  it('refuses wrong types and values with the shared messages, storing nothing', async () => {
    const date = dayFromToday(31);
    const body = (o: Record<string, unknown>) => boardGameBody({ event_date: date, ...o });
    await expectRefused(v, 'waitlist', body({ party_size: true }), 'party_size', MESSAGES.numberExpected);
    await expectRefused(v, 'waitlist', body({ party_size: '2' }), 'party_size', MESSAGES.numberExpected);
    await expectRefused(v, 'waitlist', body({ name: {} }), 'name', MESSAGES.textExpected);
    await expectRefused(v, 'waitlist', body({ email: ['a@example.test'] }), 'email', MESSAGES.textExpected);
    await expectRefused(v, 'waitlist', body({ party_size: 0 }), 'party_size', MESSAGES.partySizeMin);
    await expectRefused(v, 'waitlist', body({ event_time: '3:00 AM' }), 'event_time', MESSAGES.timeNotSlot);
  });

  it('one live entry per guest and night; a repeated id answers the duplicate error; the honeypot stores nothing', async () => {
    const date = dayFromToday(32);
    const first = boardGameBody({ event_date: date, party_size: 2, email: 'twice@example.test' });
    expect((await join(first)).status).toBe(200);
    const again = await join(first);
    expect(again.status).toBe(400);
    expect(again.json.data.id.code).toBe('validation_not_unique');
    await expectRefused(
      v,
      'waitlist',
      boardGameBody({ event_date: date, party_size: 3, email: 'TWICE@example.test' }),
      'email',
      WAITLIST_MESSAGES.alreadyWaiting(formatNight(date)),
    );
    const trap = await join(boardGameBody({ event_date: date, website: 'http://spam.example' }));
    expect(trap.status).toBe(200);
    expect(sql(`SELECT COUNT(*) FROM waitlist WHERE id = ${q(trap.json.id)}`)).toBe('0');
  });
});

describe('no oversold night', () => {
  it('200 concurrent claims, bookings and cancellations never take more seats than the night has', async () => {
    const seats = 20;
    const date = await night(35, seats);
    const reservations: string[] = [];
    for (let i = 0; i < 10; i++) reservations.push(await booked(date, 2, `full${i}@example.test`));
    const entries: string[] = [];
    // Parties of 3 in line, seats freed 2 at a time: walk-ins of 1 or 2 race the line for what a hold leaves over.
    for (let i = 0; i < 20; i++) entries.push(await joined(date, 3, `line${i}@example.test`));
    const cancelTokens = reservations.slice(0, 6).map((id) => tokenOf('reservations', id));
    const lineTokens = entries.map((id) => tokenOf('waitlist', id));

    const ops: Array<{ kind: 'cancel' | 'book' | 'claim'; run: () => Promise<{ status: number }> }> = [];
    for (let i = 0; i < 200; i++) {
      const token = i % 20 === 0 ? cancelTokens.pop() : undefined;
      if (token) ops.push({ kind: 'cancel', run: () => post(`${v.url}/api/reservations/cancel/${token}`, {}) });
      else if (i % 3 === 0) {
        const body = boardGameBody({ event_date: date, party_size: 1 + (i % 2), email: `walkin${i}@example.test` });
        ops.push({ kind: 'book', run: () => book(body) });
      } else ops.push({ kind: 'claim', run: () => claim(lineTokens[i % lineTokens.length]!) });
    }
    const results = await Promise.all(ops.map(async (op) => ({ kind: op.kind, status: (await op.run()).status })));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    // The race was real: every cancellation went through and the freed seats were taken again (claims or walk-ins).
    expect(results.filter((r) => r.kind === 'cancel' && r.status === 200)).toHaveLength(6);
    const claimed = Number(sql(`SELECT COUNT(*) FROM waitlist WHERE event_date = ${q(date)} AND status = 'claimed'`));
    expect(claimed + results.filter((r) => r.kind === 'book' && r.status === 200).length).toBeGreaterThan(0);
    expect(seatsTaken(date)).toBeLessThanOrEqual(seats);
    // Each claimed entry made exactly one reservation.
    expect(sql(`SELECT COUNT(*) FROM waitlist w WHERE w.event_date = ${q(date)} AND w.status = 'claimed'`)).toBe(
      sql(`SELECT COUNT(*) FROM reservations WHERE event_date = ${q(date)} AND email LIKE 'line%'`),
    );
    const sold = Number(sql(`SELECT COALESCE(SUM(party_size), 0) FROM reservations WHERE event_date = ${q(date)} AND status NOT IN ('cancelled', 'no_show')`));
    const ok = (kind: string) => results.filter((r) => r.kind === kind && r.status === 200).length;
    console.log(`waitlist race: ${ok('claim')} claims, ${ok('book')} bookings, ${ok('cancel')} cancellations answered 200; night ${seatsTaken(date)}/${seats} taken, ${sold} booked`);
  });
});
