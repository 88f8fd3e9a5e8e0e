/**
 * Board game night capacity: the race for the last seats, availability (counts only),
 * cancel links (frees seats, idempotent, wrong token changes nothing).
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, eventBody, get, nextWeekday, post, venuePerFile } from '../support/api-fixtures';
import { MESSAGES } from '../../src/lib/rules/limits';
import { formatNight } from '../../src/lib/venueTime';

// 50 creates from one loopback IP would trip the 30/min create limit, hence relaxed. The creates stay anonymous.
const v = venuePerFile({ meta: false, relaxed: true });

const create = (body: Record<string, unknown>) => post(`${v.url}/api/collections/reservations/records`, body);

async function seatsSold(date: string) {
  const rows = await v.su.collection('reservations').getFullList({
    filter: `event_date = "${date}" && event_name = "Board Game Night" && status != "cancelled"`,
  });
  return rows.reduce((sum, r) => sum + r.party_size, 0);
}

describe('nightly cap', () => {
  it('50 concurrent creates racing for the last 10 seats sell exactly 10', async () => {
    const date = dayFromToday(40);
    await v.su.collection('capacity').create({ date, seats: 30 });
    for (let i = 0; i < 5; i++) expect((await create(boardGameBody({ event_date: date, party_size: 4 }))).status).toBe(200);
    expect(await seatsSold(date)).toBe(20);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create(boardGameBody({ event_date: date, party_size: 1, email: `racer${i}@example.test` }))),
    );
    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(10);
    expect(full).toHaveLength(40);
    const message = MESSAGES.nightFull(formatNight(date));
    expect(message).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d+ is fully booked\. Please choose another night\.$/);
    for (const r of full) expect(r.json.data.event_date.message).toBe(message);
    expect(await seatsSold(date)).toBe(30);

    const avail = await get(`${v.url}/api/availability?from=${date}&to=${date}`);
    expect(avail.json.nights).toEqual([{ date, capacity: 30, seatsLeft: 0 }]);
    console.log(`concurrency: 50 racing creates → ${ok.length} sold, ${full.length} refused; night total ${await seatsSold(date)}/30`);
  });

  it('names the night and the seats left when a party is too big for what is left', async () => {
    const date = dayFromToday(41);
    await v.su.collection('capacity').create({ date, seats: 6 });
    expect((await create(boardGameBody({ event_date: date, party_size: 4 }))).status).toBe(200);
    const res = await create(boardGameBody({ event_date: date, party_size: 4 }));
    expect(res.status).toBe(400);
    expect(res.json.data.party_size.message).toBe(MESSAGES.notEnoughSeats(formatNight(date), 2));
    expect(res.json.message).toContain(formatNight(date));
  });

  it('holds for superusers and admins too, and ignores event reservations', async () => {
    const date = nextWeekday(3, 70); // a Wednesday: the event reservation below is for that night
    await v.su.collection('capacity').create({ date, seats: 2 });
    await v.su.collection('reservations').create(boardGameBody({ event_date: date, party_size: 2 }));
    await expect(v.su.collection('reservations').create(boardGameBody({ event_date: date, party_size: 1 }))).rejects.toMatchObject({ status: 400 });
    const admin = await v.user('capadmin@example.test', { admin: true });
    await expect(admin.collection('reservations').create(boardGameBody({ event_date: date, party_size: 1 }))).rejects.toMatchObject({ status: 400 });
    // an admin edit that would push the night over its cap is refused too
    const other = await v.su.collection('reservations').create(boardGameBody({ event_date: dayFromToday(43), party_size: 1 }));
    await expect(admin.collection('reservations').update(other.id, { event_date: date })).rejects.toMatchObject({ status: 400 });
    expect((await create(eventBody({ event_date: date }))).status).toBe(200);
    expect(await seatsSold(date)).toBe(2);
  });

  it('a staff edit that does not fit gets the same message as a public create', async () => {
    const date = dayFromToday(46);
    await v.su.collection('capacity').create({ date, seats: 3 });
    expect((await create(boardGameBody({ event_date: date, party_size: 2 }))).status).toBe(200);
    const publicAnswer = await create(boardGameBody({ event_date: date, party_size: 2 }));
    const expected = MESSAGES.notEnoughSeats(formatNight(date), 1);
    expect(publicAnswer.json.data.party_size.message).toBe(expected);

    const admin = await v.user('capadmin2@example.test', { admin: true });
    const other = await v.su.collection('reservations').create(boardGameBody({ event_date: dayFromToday(47), party_size: 2 }));
    const staffAnswer = await admin.collection('reservations').update(other.id, { event_date: date }).catch((e: { status: number; response: any }) => e);
    expect(staffAnswer.status).toBe(400);
    expect(staffAnswer.response.message).toBe(expected);
    expect(staffAnswer.response.data.party_size.message).toBe(expected);
    expect(await seatsSold(date)).toBe(2);
  });

  it('a repeated id answers the duplicate error before the capacity check and stores nothing', async () => {
    const date = dayFromToday(44);
    await v.su.collection('capacity').create({ date, seats: 3 });
    const body = boardGameBody({ event_date: date, party_size: 3 });
    expect((await create(body)).status).toBe(200);
    const again = await create(body);
    expect(again.status).toBe(400);
    expect(again.json.data.id.code).toBe('validation_not_unique');
    expect(Object.keys(again.json.data)).toEqual(['id']);
    expect(await seatsSold(date)).toBe(3);
  });
});

describe('availability', () => {
  it('returns date, capacity and seats left for each night, and nothing else', async () => {
    const from = dayFromToday(50);
    const to = dayFromToday(53);
    await v.su.collection('capacity').create({ date: dayFromToday(51), seats: 8 });
    await create(boardGameBody({ event_date: dayFromToday(51), party_size: 3, name: 'Secret Name', email: 'secret@example.test' }));
    await create(boardGameBody({ event_date: dayFromToday(52), party_size: 5 }));
    const res = await get(`${v.url}/api/availability?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      nights: [
        { date: from, capacity: 40, seatsLeft: 40 },
        { date: dayFromToday(51), capacity: 8, seatsLeft: 5 },
        { date: dayFromToday(52), capacity: 40, seatsLeft: 35 },
        { date: to, capacity: 40, seatsLeft: 40 },
      ],
    });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('Secret');
    for (const night of res.json.nights) expect(Object.keys(night).sort()).toEqual(['capacity', 'date', 'seatsLeft']);
  });

  it('validates the range', async () => {
    expect((await get(`${v.url}/api/availability?from=nope&to=2027-01-01`)).status).toBe(400);
    expect((await get(`${v.url}/api/availability?from=2027-01-10&to=2027-01-01`)).status).toBe(400);
    expect((await get(`${v.url}/api/availability?from=2027-01-01&to=2027-12-31`)).status).toBe(400);
    expect((await get(`${v.url}/api/availability?from=2027-01-01&to=2027-04-30`)).status).toBe(200);
  });
});

describe('cancel link', () => {
  it('shows the reservation, cancels it once, frees the seats and mails a short confirmation', async () => {
    const date = dayFromToday(60);
    await v.su.collection('capacity').create({ date, seats: 4 });
    const body = boardGameBody({ event_date: date, party_size: 4, email: 'canceller@example.test' });
    expect((await create(body)).status).toBe(200);
    expect((await create(boardGameBody({ event_date: date, party_size: 1 }))).status).toBe(400);

    const [confirmation] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('canceller@example.test'));
    const link = /\/cancel\/([A-Za-z0-9]{48})/.exec(confirmation!.parsed.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(confirmation!.parsed.text).toContain(`${v.url}/cancel/${token}`);

    const shown = await get(`${v.url}/api/reservations/cancel/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({
      event_name: 'Board Game Night',
      event_date: date,
      event_time: '7:30 PM',
      party_size: 4,
      status: 'confirmed',
      name: 'Ada Lovelace',
      is_board_game_night: true,
      can_change: true,
    });

    const cancelled = await post(`${v.url}/api/reservations/cancel/${token}`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    const again = await post(`${v.url}/api/reservations/cancel/${token}`, {});
    expect(again.status).toBe(200);
    expect(again.json.status).toBe('cancelled');

    expect((await get(`${v.url}/api/availability?from=${date}&to=${date}`)).json.nights[0].seatsLeft).toBe(4);
    expect((await create(boardGameBody({ event_date: date, party_size: 1 }))).status).toBe(200);

    const notices = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('canceller@example.test') && /Cancelled/.test(m.parsed.subject ?? ''));
    await v.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(v.smtp!.mails.filter((m) => m.envelope.to.includes('canceller@example.test') && /Cancelled/.test(m.parsed.subject ?? ''))).toHaveLength(1);
    expect(notices[0]!.parsed.text).toContain('cancelled your reservation for Board Game Night');
  });

  it('a wrong token says so and changes nothing', async () => {
    const before = await v.su.collection('reservations').getFullList({ filter: 'status = "cancelled"' });
    for (const token of ['x'.repeat(48), 'short', 'A'.repeat(48)]) {
      const shown = await get(`${v.url}/api/reservations/cancel/${token}`);
      expect(shown.status).toBe(404);
      expect(shown.json.message).toBe(MESSAGES.cancelNotFound);
      const res = await post(`${v.url}/api/reservations/cancel/${token}`, {});
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(MESSAGES.cancelNotFound);
    }
    const after = await v.su.collection('reservations').getFullList({ filter: 'status = "cancelled"' });
    expect(after.length).toBe(before.length);
  });
});
