/**
 * Refusal codes (issue 26) on a real PocketBase: a capacity refusal, a full night, a past date and
 * an unknown event answer their stable `code` beside the spec's words, on every public route that
 * refuses them (reservation creates for board game night, events and the kiosk's walk-ins, waitlist
 * joins, the manage link, monthly passes), and change nothing: no record, no outbox job. The second
 * try answers the same. Refusals without a code keep PocketBase's shape, with no `code` at all.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, eventBody, passBody, post, venuePerFile } from '../support/api-fixtures';
import type { RefusalCode } from '../../src/lib/rules/refusals';
import { MESSAGES } from '../../src/lib/rules/limits';
import { MANAGE_MESSAGES } from '../../src/lib/rules/waitlist';
import { createClient, createOnce, newRecordId } from '../../src/lib/api/client';
import { addDays, formatLongDate, formatNight } from '../../src/lib/venueTime';

const v = venuePerFile({ meta: false, relaxed: true });

const url = (collection: string) => `${v.url}/api/collections/${collection}/records`;
const count = async (name: string) => (await v.su.collection(name).getList(1, 1)).totalItems;

/**
 * Sends `body` to `collection` twice (a new id each time, as a guest trying again) and expects
 * both answers to refuse it with `code`, `message` on `field` (PocketBase's field error unchanged),
 * with nothing stored and nothing queued.
 */
async function expectCode(collection: string, body: Record<string, unknown>, code: RefusalCode, field: string, message: string) {
  const before = await count(collection);
  const outboxBefore = await count('outbox');
  for (const attempt of [1, 2]) {
    const res = await post(url(collection), { ...body, id: newRecordId() });
    expect(res.status, `attempt ${attempt}`).toBe(400);
    expect(res.json, `attempt ${attempt}`).toEqual({ status: 400, message, code, data: { [field]: { code: 'validation_invalid_value', message } } });
  }
  expect(await count(collection)).toBe(before);
  expect(await count('outbox')).toBe(outboxBefore);
}

async function night(days: number, seats: number) {
  const date = dayFromToday(days);
  await v.su.collection('capacity').create({ date, seats });
  return date;
}

describe('capacity refusals', () => {
  it('a full night answers night_full, on the web form and the kiosk, every time', async () => {
    const date = await night(30, 4);
    expect((await post(url('reservations'), boardGameBody({ event_date: date, party_size: 4 }))).status).toBe(200);
    const message = MESSAGES.nightFull(formatNight(date));
    await expectCode('reservations', boardGameBody({ event_date: date, party_size: 2 }), 'night_full', 'event_date', message);
    await expectCode('reservations', boardGameBody({ event_date: date, party_size: 1, source: 'kiosk' }), 'night_full', 'event_date', message);
    // The browser's create (and so the offline queue's replay) hands the code on.
    const result = await createOnce('reservations', boardGameBody({ event_date: date, party_size: 1 }), createClient(v.url));
    expect(result).toEqual({ status: 'rejected', fieldErrors: { event_date: message }, message, code: 'night_full' });
  });

  it('too few seats answers not_enough_seats; the kiosk walk-in tonight too', async () => {
    const date = await night(31, 5);
    expect((await post(url('reservations'), boardGameBody({ event_date: date, party_size: 3 }))).status).toBe(200);
    await expectCode('reservations', boardGameBody({ event_date: date, party_size: 3 }), 'not_enough_seats', 'party_size', MESSAGES.notEnoughSeats(formatNight(date), 2));

    const tonight = await night(0, 2);
    const walkIn = boardGameBody({ event_date: tonight, party_size: 3, source: 'kiosk' });
    await expectCode('reservations', walkIn, 'not_enough_seats', 'party_size', MESSAGES.notEnoughSeats(formatNight(tonight), 2));
  });

  it('a signed-up guest (not staff) and a stale token get the same code as anyone', async () => {
    const date = await night(34, 1);
    expect((await post(url('reservations'), boardGameBody({ event_date: date, party_size: 1 }))).status).toBe(200);
    const guest = await v.user('codes-guest@example.test');
    const err = await guest.collection('reservations').create(boardGameBody({ event_date: date, party_size: 1 })).catch((e: { status: number; response: any }) => e);
    expect(err.response).toMatchObject({ status: 400, code: 'night_full' });
    const stale = await post(url('reservations'), boardGameBody({ event_date: date, party_size: 1 }), { Authorization: 'not-a-valid-token' });
    expect([stale.status, stale.json?.code]).toEqual([400, 'night_full']);
    expect(await v.su.collection('reservations').getFullList({ filter: `event_date = "${date}"` })).toHaveLength(1);
  });

  it('a staff edit past the cap answers the same code through the SDK', async () => {
    const date = await night(32, 3);
    const admin = await v.user('codes-admin@example.test', { admin: true });
    const r = await v.su.collection('reservations').create(boardGameBody({ event_date: date, party_size: 2 }));
    for (const attempt of [1, 2]) {
      const err = await admin.collection('reservations').update(r.id, { party_size: 5 }).catch((e: { status: number; response: any }) => e);
      expect(err.status, `attempt ${attempt}`).toBe(400);
      expect(err.response).toMatchObject({ code: 'not_enough_seats', message: MESSAGES.notEnoughSeats(formatNight(date), 3) });
    }
    expect((await v.su.collection('reservations').getOne(r.id)).party_size).toBe(2);
  });
});

describe('date and event refusals', () => {
  const yesterday = () => dayFromToday(-1);

  it('a past date answers date_in_past: board game night, the kiosk, an event, the waitlist', async () => {
    await expectCode('reservations', boardGameBody({ event_date: yesterday() }), 'date_in_past', 'event_date', MESSAGES.dateInPast);
    await expectCode('reservations', boardGameBody({ event_date: yesterday(), source: 'kiosk' }), 'date_in_past', 'event_date', MESSAGES.dateInPast);
    await expectCode('reservations', eventBody({ event_date: dayFromToday(-7) }), 'date_in_past', 'event_date', MESSAGES.dateInPast);
    await expectCode('waitlist', boardGameBody({ event_date: yesterday() }), 'date_in_past', 'event_date', MESSAGES.dateInPast);
  });

  it('a date past the booking horizon answers date_beyond_horizon', async () => {
    const far = dayFromToday(400);
    await expectCode('reservations', boardGameBody({ event_date: far }), 'date_beyond_horizon', 'event_date', MESSAGES.dateBeyondHorizon);
    await expectCode('waitlist', boardGameBody({ event_date: far }), 'date_beyond_horizon', 'event_date', MESSAGES.dateBeyondHorizon);
  });

  it('an unknown event answers event_unknown, a known one on another day event_not_on_date', async () => {
    await expectCode('reservations', eventBody({ event_name: 'Midnight Croquet' }), 'event_unknown', 'event_name', MESSAGES.eventUnknown);
    await expectCode('waitlist', boardGameBody({ event_name: 'Midnight Croquet' }), 'event_unknown', 'event_name', MESSAGES.eventUnknown);
    // Magic Commander Night runs on Wednesdays; the day after one is a Thursday.
    const thursday = addDays(eventBody().event_date as string, 1);
    await expectCode('reservations', eventBody({ event_date: thursday }), 'event_not_on_date', 'event_date', MESSAGES.eventNotOnDate);
  });

  it('a monthly pass dated outside its validity answers pass_date_outside_validity', async () => {
    await expectCode('pass_confirmations', passBody({ date: formatLongDate(dayFromToday(-45)) }), 'pass_date_outside_validity', 'date', MESSAGES.passDateOutsideValidity);
  });

  it('a refusal without a code keeps PocketBase’s shape exactly', async () => {
    const res = await post(url('reservations'), boardGameBody({ email: 'not-an-email' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 400, message: MESSAGES.emailInvalid, data: { email: { code: 'validation_invalid_value', message: MESSAGES.emailInvalid } } });
  });

  it('with several refusals, the code is the first coded field’s and every field keeps its message', async () => {
    const res = await post(url('reservations'), boardGameBody({ email: 'not-an-email', event_date: yesterday() }));
    expect(res.json.code).toBe('date_in_past');
    expect(res.json.message).toBe(MESSAGES.emailInvalid);
    expect(res.json.data.event_date.message).toBe(MESSAGES.dateInPast);
  });
});

describe('the manage link', () => {
  it('a bigger party than the night holds answers not_enough_seats twice and changes nothing', async () => {
    const date = await night(33, 6);
    const body = boardGameBody({ event_date: date, party_size: 2, email: 'codes-manage@example.test' });
    expect((await post(url('reservations'), body)).status).toBe(200);
    expect((await post(url('reservations'), boardGameBody({ event_date: date, party_size: 3 }))).status).toBe(200);
    const r = await v.su.collection('reservations').getOne(body.id as string);
    const outboxBefore = await count('outbox');
    const message = MESSAGES.notEnoughSeats(formatNight(date), 3);
    for (const attempt of [1, 2]) {
      const res = await post(`${v.url}/api/reservations/manage/${r.cancel_token}`, { party_size: 4 });
      expect(res.status, `attempt ${attempt}`).toBe(400);
      expect(res.json, `attempt ${attempt}`).toEqual({ status: 400, message, code: 'not_enough_seats', data: { party_size: { code: 'validation_invalid_value', message } } });
    }
    const after = await v.su.collection('reservations').getOne(r.id);
    expect([after.party_size, after.ics_sequence]).toEqual([2, r.ics_sequence]);
    expect(await count('outbox')).toBe(outboxBefore);
    // A change once the night has passed: 409 change_too_late, twice, nothing written or queued.
    execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), `UPDATE reservations SET event_date = '${dayFromToday(-2)}' WHERE id = '${r.id}'`]);
    for (const attempt of [1, 2]) {
      const late = await post(`${v.url}/api/reservations/manage/${r.cancel_token}`, { party_size: 1 });
      expect(late.status, `attempt ${attempt}`).toBe(409);
      expect(late.json, `attempt ${attempt}`).toMatchObject({ status: 409, message: MANAGE_MESSAGES.changeTooLate, code: 'change_too_late', data: {} });
    }
    expect((await v.su.collection('reservations').getOne(r.id)).party_size).toBe(2);
    expect(await count('outbox')).toBe(outboxBefore);
    execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), `UPDATE reservations SET event_date = '${date}' WHERE id = '${r.id}'`]);
    // Its other refusals keep their shape, without a code.
    const nothing = await post(`${v.url}/api/reservations/manage/${r.cancel_token}`, { party_size: 2 });
    expect(nothing.json).toEqual({ status: 400, message: MANAGE_MESSAGES.nothingChanged, data: {} });
  });
});

