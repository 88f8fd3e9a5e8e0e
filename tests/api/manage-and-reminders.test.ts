/**
 * Issue 12 on a real PocketBase: the manage link (change the party size or the time, capacity in
 * the same transaction, strict types, an updated invitation with the same UID and a higher
 * SEQUENCE, a cancellation's METHOD:CANCEL) and the day-of reminder, queued by the console
 * command `reminders:run --now=…` against the server's data dir and sent by the server: once per
 * reservation across repeated and concurrent runs and a restart, none for cancelled or late ones.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardGameBody, eventBody, get, nextWeekday, post, venuePerFile } from '../support/api-fixtures';
import type { ReceivedMail } from '../support/smtp-receiver';
import { icsOf } from '../support/ics-mail';
import { MESSAGES } from '../../src/lib/rules/limits';
import { MANAGE_MESSAGES } from '../../src/lib/rules/waitlist';
import { reservationIcsUid } from '../../hooks/rules/ics';
import { venue } from '../../src/content/venue';
import { addDays, formatNight, venueDateTimeToUtc } from '../../src/lib/venueTime';

const v = venuePerFile({ relaxed: true });

/** Creates a reservation and returns its id and manage token (hidden: read as superuser). */
async function book(body: Record<string, unknown>) {
  const res = await post(`${v.url}/api/collections/reservations/records`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const record = await v.su.collection('reservations').getOne(body.id as string);
  return { id: record.id, token: record.cancel_token as string, email: body.email as string };
}

const manage = (token: string, body: unknown) => post(`${v.url}/api/reservations/manage/${token}`, body);
const summary = (token: string) => get(`${v.url}/api/reservations/cancel/${token}`);
const mailsTo = (email: string, subjectStart: string) => v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith(subjectStart));
const outboxJobs = async (recordId: string, template: string) =>
  (await v.su.collection('outbox').getFullList({ filter: `record_id = "${recordId}" && (template = "${template}" || template ~ "${template}:%")` })).length;

/** The .ics SEQUENCE, METHOD and UID of a mail. */
function invite(mail: ReceivedMail) {
  const { get: prop } = icsOf(mail);
  return { uid: prop('UID')!.value, method: prop('METHOD')!.value, sequence: Number(prop('SEQUENCE')!.value), description: prop('DESCRIPTION')!.value };
}

describe('the manage link', () => {
  it('changes the party size within the night, refuses wrong types and a full night, and re-invites with the same UID', async () => {
    const night = addDays(nextWeekday(3, 10), 1); // not the reminder test's night
    await v.su.collection('capacity').create({ date: night, seats: 10 });
    const r = await book(boardGameBody({ event_date: night, party_size: 4, email: 'manage@example.test' }));
    await book(boardGameBody({ event_date: night, party_size: 5, email: 'filler@example.test' }));

    const before = await summary(r.token);
    expect(before.json).toMatchObject({ party_size: 4, event_time: '7:30 PM', is_board_game_night: true, can_change: true, status: 'confirmed' });
    await v.settle(`record_id = "${r.id}"`);
    const [confirmation] = mailsTo(r.email, "You're all set");
    const first = invite(confirmation!);
    expect(first).toMatchObject({ uid: reservationIcsUid(r.id), method: 'REQUEST', sequence: 0 });

    // Wrong JSON types are refused, never coerced; nothing is written or queued.
    for (const [body, field, message] of [
      [{ party_size: '5' }, 'party_size', MESSAGES.numberExpected],
      [{ party_size: true }, 'party_size', MESSAGES.numberExpected],
      [{ party_size: 2.5 }, 'party_size', MESSAGES.partySizeWhole],
      [{ event_time: 930 }, 'event_time', MESSAGES.textExpected],
      [{ event_time: '7:45 PM' }, 'event_time', MESSAGES.timeNotSlot],
    ] as const) {
      const res = await manage(r.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.data[field]).toEqual({ code: 'validation_invalid_value', message });
    }
    expect((await manage(r.token, {})).json).toMatchObject({ status: 400, message: MANAGE_MESSAGES.nothingChanged });
    expect(await outboxJobs(r.id, 'reservation_updated')).toBe(0);

    // One seat left: 4 → 5 fits; 5 → 7 does not (the usual message, seats counted with its own).
    const grown = await manage(r.token, { party_size: 5 });
    expect(grown.status).toBe(200);
    expect(grown.json).toMatchObject({ party_size: 5, can_change: true });
    expect(grown.headers.get('cache-control')).toBe('no-store');
    const refused = await manage(r.token, { party_size: 7 });
    expect(refused.status).toBe(400);
    const full = MESSAGES.notEnoughSeats(formatNight(night), 5);
    expect(refused.json).toMatchObject({ message: full, data: { party_size: { message: full } } });
    expect((await summary(r.token)).json.party_size).toBe(5);

    expect(await outboxJobs(r.id, 'reservation_updated')).toBe(1);
    await v.settle(`record_id = "${r.id}"`);
    const [updated] = mailsTo(r.email, 'Updated:');
    const second = invite(updated!);
    expect(second).toMatchObject({ uid: first.uid, method: 'REQUEST' });
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(second.description).toContain('Party of 5');
    expect(updated!.parsed.text).toContain('5 people');

    // The time too, with another higher SEQUENCE.
    expect((await manage(r.token, { event_time: '9:00 PM' })).json).toMatchObject({ event_time: '9:00 PM', party_size: 5 });
    expect(await outboxJobs(r.id, 'reservation_updated')).toBe(2);
    await v.settle(`record_id = "${r.id}"`);
    const third = invite(mailsTo(r.email, 'Updated:')[1]!);
    expect(third.uid).toBe(first.uid);
    expect(third.sequence).toBeGreaterThan(second.sequence);
    // A staff edit cannot lower the SEQUENCE (the server's field).
    await v.su.collection('reservations').update(r.id, { ics_sequence: 0 });
    expect((await v.su.collection('reservations').getOne(r.id)).ics_sequence).toBe(third.sequence);

    // The cancellation withdraws the same event: METHOD:CANCEL, same UID, higher SEQUENCE.
    expect((await post(`${v.url}/api/reservations/cancel/${r.token}`, {})).status).toBe(200);
    await v.settle(`record_id = "${r.id}"`);
    const [cancelMail] = mailsTo(r.email, 'Cancelled:');
    const cancelled = invite(cancelMail!);
    expect(cancelled).toMatchObject({ uid: first.uid, method: 'CANCEL' });
    expect(cancelled.sequence).toBeGreaterThan(third.sequence);
    expect((await summary(r.token)).json).toMatchObject({ status: 'cancelled', can_change: false });
    expect((await manage(r.token, { party_size: 2 })).json).toMatchObject({ status: 409, message: MANAGE_MESSAGES.changeTooLate });
  });

  it('keeps an event reservation at one guest, and answers 404 for an unknown link', async () => {
    const r = await book(eventBody({ email: 'event-manage@example.test' }));
    expect((await summary(r.token)).json).toMatchObject({ is_board_game_night: false, can_change: true, party_size: 1 });
    const res = await manage(r.token, { party_size: 3 });
    expect(res.json.data.party_size.message).toBe(MANAGE_MESSAGES.partySizeFixed);
    const missing = await manage('x'.repeat(48), { party_size: 3 });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe(MESSAGES.cancelNotFound);
  });
});

describe('the day-of reminder', () => {
  /** Runs `reminders:run --now=…` in its own process against the server's data dir. */
  async function runReminders(now: Date) {
    const res = await v.server.command(['reminders:run', `--now=${now.toISOString()}`]);
    expect(res.code, res.stderr + res.stdout).toBe(0);
    // cobra's println writes to stderr; the summary is the one JSON line.
    const line = (res.stdout + res.stderr).split('\n').find((l) => l.startsWith('{"now"'));
    expect(line, res.stderr + res.stdout).toBeDefined();
    return JSON.parse(line!) as { night: string; due: number; queued: number };
  }

  it('sends one reminder per reservation across repeated and concurrent runs and a restart; none for cancelled or late ones', async () => {
    // A Wednesday (the seeded weekly event runs then too) after eventBody()'s default one.
    const night = nextWeekday(3, 10);
    const board = await book(boardGameBody({ event_date: night, party_size: 3, email: 'remind-board@example.test' }));
    const event = await book(eventBody({ event_date: night, email: 'remind-event@example.test' }));
    const cancelled = await book(boardGameBody({ event_date: night, email: 'remind-cancelled@example.test' }));
    expect((await post(`${v.url}/api/reservations/cancel/${cancelled.token}`, {})).status).toBe(200);
    const late = await book(boardGameBody({ event_date: night, email: 'remind-late@example.test' }));
    // Made 2 hours before its 7:30 PM arrival (the API cannot set `created`; the database can).
    const madeAt = new Date(venueDateTimeToUtc(night, '5:30 PM')!.getTime()).toISOString().replace('T', ' ');
    execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), '.timeout 30000', `UPDATE reservations SET created = '${madeAt}' WHERE id = '${late.id}'`]);

    // A crowd of parties of 1, so the concurrent runs below overlap in their claims.
    const crowd = await Promise.all(Array.from({ length: 24 }, (_, i) => book(boardGameBody({ event_date: night, party_size: 1, email: `crowd${i}@example.test` }))));

    // Before 12:00 venue time nothing is due.
    expect(await runReminders(venueDateTimeToUtc(night, '11:55 AM')!)).toMatchObject({ night: '', queued: 0 });

    // Three instances at once: each reservation is claimed by exactly one of them.
    const noon = venueDateTimeToUtc(night, '12:05 PM')!;
    const runs = await Promise.all([runReminders(noon), runReminders(noon), runReminders(noon), runReminders(noon)]);
    expect(runs.map((r) => r.night)).toEqual([night, night, night, night]);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(2 + crowd.length);
    expect(await runReminders(venueDateTimeToUtc(night, '5:00 PM')!)).toMatchObject({ night, queued: 0 });

    // A restart on the same data dir remembers what was queued. (Once the queued mails are out: a
    // send cut off by the restart could go out again, which is the outbox's promise across a crash,
    // not the reminder's.)
    await v.settle('template = "reservation_reminder"');
    await v.server.restart();
    expect(await runReminders(venueDateTimeToUtc(night, '12:10 PM')!)).toMatchObject({ night, due: 0, queued: 0 });

    await v.settle('template = "reservation_reminder"');
    expect((await v.su.collection('outbox').getFullList({ filter: 'template = "reservation_reminder"' })).length).toBe(2 + crowd.length);
    for (const r of [board, event, crowd[0]!]) {
      expect(await outboxJobs(r.id, 'reservation_reminder')).toBe(1);
      expect(mailsTo(r.email, 'Tonight:')).toHaveLength(1);
    }
    for (const r of [cancelled, late]) {
      expect(await outboxJobs(r.id, 'reservation_reminder')).toBe(0);
      expect(mailsTo(r.email, 'Tonight:')).toHaveLength(0);
    }
    const text = mailsTo(board.email, 'Tonight:')[0]!.parsed.text!;
    for (const needle of ['7:30 PM', '3 people', venue.address.oneLine, venue.address.entranceNote, venue.ageRule, `${v.url}/cancel/${board.token}`]) {
      expect(text).toContain(needle);
    }
    const reminded = await v.su.collection('reservations').getOne(board.id);
    expect(reminded.reminded_at).not.toBe('');

    // Staff cannot clear reminded_at (a second reminder) or lower an invitation's SEQUENCE.
    await v.su.collection('reservations').update(board.id, { reminded_at: '', ics_sequence: 0, party_size: 2 });
    expect(await v.su.collection('reservations').getOne(board.id)).toMatchObject({ reminded_at: reminded.reminded_at, party_size: 2 });
    expect(await runReminders(venueDateTimeToUtc(night, '1:00 PM')!)).toMatchObject({ night, queued: 0 });
  });
});
