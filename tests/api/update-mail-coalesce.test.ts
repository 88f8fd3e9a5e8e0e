/**
 * Issue 24 item 7: changes made through the manage link close together send the guest one update
 * mail carrying the latest state, not one per change; a retried request never queues a second
 * job; a change after that mail went gets a mail of its own; changes undone before it went send
 * nothing (issue 31). Real PocketBase and SMTP receiver,
 * with the update's wait as in production (UPDATE_MAIL_DELAY_SECONDS) and the outbox flushed as
 * of a later instant instead of waiting for it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANAGE_MESSAGES, UPDATE_MAIL_DELAY_SECONDS } from '../../src/lib/rules/waitlist';
import { boardGameBody, nextWeekday, post, venuePerFile } from '../support/api-fixtures';
import { icsOf } from '../support/ics-mail';

const v = venuePerFile({ relaxed: true, env: { UPDATE_MAIL_DELAY_SECONDS: String(UPDATE_MAIL_DELAY_SECONDS) } });

const manage = (token: string, body: unknown) => post(`${v.url}/api/reservations/manage/${token}`, body);
const updateJobs = (id: string) => v.su.collection('outbox').getFullList({ filter: `record_id = "${id}" && template = "reservation_updated"`, sort: 'created' });
const updates = (email: string) => v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith('Updated:'));

/** Sends what is due as of `seconds` from now (a superuser's flush with its own clock). */
async function flushIn(seconds: number) {
  const at = new Date(Date.now() + seconds * 1000).toISOString().replace('T', ' ');
  return v.su.send(`/api/outbox/flush?at=${encodeURIComponent(at)}`, { method: 'POST' });
}

/** A party of 2 booked by `email` on the first `weekday` two weeks out, its confirmation sent: the record. */
async function booked(email: string, weekday: number) {
  const body = boardGameBody({ event_date: nextWeekday(weekday, 14), party_size: 2, email });
  expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
  const r = await v.su.collection('reservations').getOne(body.id as string);
  await v.settle(`record_id = "${r.id}"`);
  return r;
}

describe('the manage link’s update mail', () => {
  it('sends one update with the latest state for nine changes in a row, and never a second job for a retry', async () => {
    const email = 'nine-changes@example.test';
    const r = await booked(email, 3);
    const token = r.cancel_token as string;

    const changes: Record<string, unknown>[] = [3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ party_size: n }));
    changes.push({ event_time: '9:00 PM' });
    for (const change of changes) expect((await manage(token, change)).status, JSON.stringify(change)).toBe(200);
    // The last request again (a retry after a lost answer): nothing changes, nothing is queued.
    expect((await manage(token, changes.at(-1))).json).toMatchObject({ status: 400, message: MANAGE_MESSAGES.nothingChanged });

    const [job, ...others] = await updateJobs(r.id);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ status: 'pending', job_key: '1', payload: { sequence: 9 } });
    // Not before its wait: nothing goes out now.
    await v.flush();
    expect(updates(email)).toEqual([]);

    expect(await flushIn(UPDATE_MAIL_DELAY_SECONDS + 1)).toMatchObject({ sent: 1 });
    const [mail, ...more] = updates(email);
    expect(more).toEqual([]);
    expect(mail!.parsed.text).toContain('10 people');
    expect(mail!.parsed.text).toContain('9:00 PM');
    expect(Number(icsOf(mail!).get('SEQUENCE')!.value)).toBe(9);

    // A change after that mail went is a new update of its own, with its own key.
    expect((await manage(token, { party_size: 4 })).status).toBe(200);
    expect((await updateJobs(r.id)).map((j) => [j.job_key, j.status])).toEqual([
      ['1', 'sent'],
      ['10', 'pending'],
    ]);
    expect(await flushIn(UPDATE_MAIL_DELAY_SECONDS + 1)).toMatchObject({ sent: 1 });
    expect(updates(email)).toHaveLength(2);
    expect(updates(email)[1]!.parsed.text).toContain('4 people');
  });

  it('folds no change into an update already on its way: that change gets its own mail', async () => {
    const email = 'in-flight@example.test';
    const r = await booked(email, 4);
    expect((await manage(r.cancel_token as string, { party_size: 3 })).status).toBe(200);
    // A worker that claimed the job leases it (outbox.js claimDue: next attempt a lease away), as here.
    const [job] = await updateJobs(r.id);
    const lease = new Date(Date.now() + 600_000).toISOString().replace('T', ' ');
    execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), `UPDATE outbox SET next_attempt_at = '${lease}' WHERE id = '${job!.id}'`]);

    expect((await manage(r.cancel_token as string, { party_size: 5 })).status).toBe(200);
    const jobs = await updateJobs(r.id);
    expect(jobs.map((j) => [j.job_key, j.payload.sequence])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
  });

  it('sends nothing for changes undone within the wait, and mails a later real change', async () => {
    const email = 'undone@example.test';
    const r = await booked(email, 2);
    const token = r.cancel_token as string;
    // 2 → 4 → 6 → 2 people, and 9:00 PM and back: where it began.
    for (const change of [{ party_size: 4 }, { party_size: 6 }, { event_time: '9:00 PM' }, { party_size: 2 }, { event_time: r.event_time }]) {
      expect((await manage(token, change)).status, JSON.stringify(change)).toBe(200);
    }
    expect((await updateJobs(r.id)).map((j) => j.status)).toEqual(['skipped']);
    await flushIn(UPDATE_MAIL_DELAY_SECONDS + 1);
    expect(updates(email)).toEqual([]);

    // The next change, still within the minute, is news: its own mail, with the new party.
    expect((await manage(token, { party_size: 3 })).status).toBe(200);
    expect((await updateJobs(r.id)).map((j) => j.status)).toEqual(['skipped', 'pending']);
    await flushIn(UPDATE_MAIL_DELAY_SECONDS + 1);
    expect(updates(email)).toHaveLength(1);
    expect(updates(email)[0]!.parsed.text).toContain('3 people');
  });

  it('a cancellation ends the wait: the update waiting is settled, and only the cancellation goes', async () => {
    const email = 'cancels-in-fold@example.test';
    const r = await booked(email, 6);
    expect((await manage(r.cancel_token as string, { party_size: 4 })).status).toBe(200);
    expect((await post(`${v.url}/api/reservations/cancel/${r.cancel_token as string}`, {})).status).toBe(200);
    expect((await updateJobs(r.id)).map((j) => j.status)).toEqual(['skipped']);
    await flushIn(UPDATE_MAIL_DELAY_SECONDS + 1);
    await v.settle(`record_id = "${r.id}"`);
    expect(updates(email)).toEqual([]);
    expect(v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith('Cancelled:'))).toHaveLength(1);
  });

  it('mails a second cancellation when staff restored the reservation and the guest cancels again', async () => {
    const email = 'cancels-twice@example.test';
    const body = boardGameBody({ event_date: nextWeekday(5, 14), party_size: 2, email });
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    const r = await v.su.collection('reservations').getOne(body.id as string);
    const cancel = () => post(`${v.url}/api/reservations/cancel/${r.cancel_token as string}`, {});
    expect((await cancel()).status).toBe(200);
    // The first cancellation's mail goes before the restore (rendered later, it would carry the later SEQUENCE).
    await v.settle(`record_id = "${r.id}"`);
    await v.su.collection('reservations').update(r.id, { status: 'confirmed' });
    expect((await cancel()).status).toBe(200);
    await v.settle(`record_id = "${r.id}"`);
    const cancelled = v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith('Cancelled:'));
    expect(cancelled.map((m) => Number(icsOf(m).get('SEQUENCE')!.value))).toEqual([1, 2]);
  });
});
