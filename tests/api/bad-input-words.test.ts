/**
 * Issue 31 defect 9 on a real PocketBase: bad input gets words that say what to do. A create with
 * `id: null` is refused on its id (a retry of such a client would book twice); a JSON list sent to
 * the manage link is told the shape it takes; the manage link's rate limit says when to try again
 * (with Retry-After); and a full night with a bad email carries the capacity code (the README's
 * refusal codes: the capacity refusal's code wins).
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, post, venuePerFile } from '../support/api-fixtures';
import { MESSAGES } from '../../src/lib/rules/limits';
import { REQUEST_MESSAGES } from '../../src/lib/rules/requests';
import { formatNight } from '../../src/lib/venueTime';

const v = venuePerFile({ smtp: false, meta: false, relaxed: true });

const reservations = () => `${v.url}/api/collections/reservations/records`;
const count = async (name: string) => (await v.su.collection(name).getList(1, 1)).totalItems;

describe('bad input, in words that say what to do', () => {
  it('refuses a reservation with id null on its id, storing nothing, and again on a retry', async () => {
    const before = await count('reservations');
    for (const attempt of [1, 2]) {
      const res = await post(reservations(), boardGameBody({ id: null }));
      expect(res.status, `attempt ${attempt}`).toBe(400);
      expect(res.json.data.id, `attempt ${attempt}`).toEqual({ code: 'validation_invalid_value', message: REQUEST_MESSAGES.idInvalid });
    }
    expect(await count('reservations')).toBe(before);
  });

  it('tells a JSON list sent to the manage link which shape it takes', async () => {
    const body = boardGameBody({ event_date: dayFromToday(12), party_size: 2 });
    expect((await post(reservations(), body)).status).toBe(200);
    const r = await v.su.collection('reservations').getOne(body.id as string);
    for (const sent of [[{ party_size: 3 }], 'party_size', 3, null]) {
      const res = await post(`${v.url}/api/reservations/manage/${r.cancel_token as string}`, sent);
      expect(res.status, JSON.stringify(sent)).toBe(400);
      expect(res.json, JSON.stringify(sent)).toEqual({ status: 400, message: REQUEST_MESSAGES.manageObjectExpected, data: {} });
    }
    expect((await v.su.collection('reservations').getOne(r.id)).party_size).toBe(2);
  });

  it('answers a full night with a bad email with the capacity code, keeping both fields’ messages', async () => {
    const date = dayFromToday(13);
    await v.su.collection('capacity').create({ date, seats: 2 });
    expect((await post(reservations(), boardGameBody({ event_date: date, party_size: 2 }))).status).toBe(200);
    const full = MESSAGES.nightFull(formatNight(date));
    const res = await post(reservations(), boardGameBody({ event_date: date, party_size: 2, email: 'not-an-email' }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'night_full', data: { email: { message: MESSAGES.emailInvalid }, event_date: { message: full } } });
    // Seats left but too few: not_enough_seats on party_size.
    const some = dayFromToday(14);
    await v.su.collection('capacity').create({ date: some, seats: 3 });
    const few = await post(reservations(), boardGameBody({ event_date: some, party_size: 4, email: 'not-an-email' }));
    expect(few.json).toMatchObject({ code: 'not_enough_seats', data: { email: { message: MESSAGES.emailInvalid }, party_size: { message: MESSAGES.notEnoughSeats(formatNight(some), 3) } } });
  });

  it('says when to try the manage link again once its rate limit is reached, with Retry-After', async () => {
    await v.su.settings.update({ rateLimits: { excludedIPs: [] } });
    const guess = (i: number) => `${'h'.repeat(40)}${String(i).padStart(8, '0')}`;
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) {
      last = await fetch(`${v.url}/api/reservations/manage/${guess(i)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"party_size":2}' });
      if (i < 20) await last.text();
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBe('60');
    expect(await last!.json()).toEqual({ status: 429, message: REQUEST_MESSAGES.tooManyTries(60), data: {} });
  });
});
