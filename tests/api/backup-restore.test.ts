/**
 * Backups and the owner's restore (issue 32 item 6) against a real server: who may list backups
 * and restore one (anonymous, a guest account, an admin who is not the owner, a stale token, the
 * owner), both factors asked again (password and a fresh emailed code; a wrong one refused), what
 * a restore would take away, the 503 on writes from the moment it is asked for, no mail sent twice
 * (a job pending in the backup but sent before the restore), and the data generation the tablets
 * compare going up by one.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../src/lib/rules/backups';
import { boardGameBody, client, startVenue, type Venue } from '../support/api-fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { codeFromSubject } from '../support/staff-sign-in.mjs';

let v: Venue;
let owner: PocketBase;
let admin: PocketBase;
let guest: PocketBase;
let stale: PocketBase;
/** A second owner for the restore itself: one code per account per half minute. */
let owner2: PocketBase;
/** The SMTP receiver now listening (the test stops the first one to leave a mail pending). */
let smtp: SmtpReceiver;
const OWNER = 'owner-restore@example.test';
const OWNER2 = 'owner-restore-2@example.test';

beforeAll(async () => {
  v = await startVenue({ meta: false });
  await v.relaxRateLimits();
  smtp = v.smtp!;
  owner = await v.user(OWNER, { owner: true });
  admin = await v.user('admin-restore@example.test', { admin: true });
  guest = await v.user('guest-restore@example.test');
  stale = await v.user('stale-restore@example.test', { owner: true });
  owner2 = await v.user(OWNER2, { owner: true });
  // "Sign out everywhere" renews the account's token key: the token `stale` holds no longer counts.
  await admin.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email: 'stale-restore@example.test' } });
}, 120_000);
afterAll(async () => {
  await smtp?.stop();
  await v?.stop();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(pb: PocketBase | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (pb?.authStore.token) headers.Authorization = pb.authStore.token;
  const res = await fetch(`${v.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Asks for a code as the restore panel does (PocketBase's request-otp) and reads it from the mail. */
async function freshCode(email: string): Promise<{ otpId: string; code: string }> {
  const { otpId } = await client(v.url).collection('users').requestOTP(email);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const jobs = await v.su.collection('outbox').getFullList({ filter: `template = "staff_sign_in_code" && job_key = "${otpId}"` });
    const mail = jobs[0] ? smtp.mails.find((m) => (m.parsed.messageId ?? '').includes(jobs[0]!.id)) : undefined;
    if (mail) return { otpId, code: codeFromSubject(mail.parsed.subject) };
    if (Date.now() > deadline) throw new Error(`no code mailed for ${otpId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function backToHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${v.url}/api/health`).then((r) => r.ok, () => false);
    const generation = ok ? await admin.send<{ generation: number }>('/api/admin/sync', {}).then((a) => a.generation, () => 0) : 0;
    if (generation > 1) return;
    if (Date.now() > deadline) throw new Error(`the server did not come back from the restore:\n${v.server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Flushes the outbox until the record's mail job is sent (a failed one waits out its backoff). */
async function untilSent(recordId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await v.flush();
    const job = await v.su.collection('outbox').getFirstListItem(`record_id = "${recordId}" && kind = "mail"`);
    if (job.status === 'sent') return;
    if (Date.now() > deadline) throw new Error(`job ${job.id} is still ${job.status}: ${job.last_error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const mailsTo = (receivers: SmtpReceiver[], email: string) => receivers.reduce((n, r) => n + r.mails.filter((m) => m.envelope.to.includes(email)).length, 0);

describe('backups: who may see and restore them', () => {
  it('answers the list to the owner only', async () => {
    await v.su.backups.create('by-hand.zip');
    expect((await call(null, 'GET', '/api/venue/backups')).status).toBe(401);
    expect(await call(guest, 'GET', '/api/venue/backups')).toMatchObject({ status: 403, body: { message: BACKUP_MESSAGES.notOwner } });
    expect(await call(admin, 'GET', '/api/venue/backups')).toMatchObject({ status: 403, body: { message: BACKUP_MESSAGES.notOwner } });
    expect((await call(stale, 'GET', '/api/venue/backups')).status).toBe(401);
    const list = await call(owner, 'GET', '/api/venue/backups');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ restoring: false, schedule: { zone: 'America/New_York', hour: 4, minute: 30, keep: 14 } });
    expect((list.body.backups as { name: string }[]).map((b) => b.name)).toContain('by-hand.zip');
  });

  it('refuses the restore to all but the owner, and the owner without both factors', async () => {
    const body = { name: 'by-hand.zip', password: 'password-123', otpId: 'x', code: '000000' };
    expect((await call(null, 'POST', '/api/venue/backups/restore', body)).status).toBe(401);
    expect((await call(guest, 'POST', '/api/venue/backups/restore', body)).status).toBe(403);
    expect((await call(admin, 'POST', '/api/venue/backups/restore', body)).status).toBe(403);
    expect((await call(stale, 'POST', '/api/venue/backups/restore', body)).status).toBe(401);
    expect(await call(owner, 'POST', '/api/venue/backups/restore', { ...body, name: 7 })).toMatchObject({ status: 400, body: { message: BACKUP_MESSAGES.badBody } });
    expect(await call(owner, 'POST', '/api/venue/backups/restore', { ...body, name: '../data.db' })).toMatchObject({ status: 404 });
    expect(await call(owner, 'POST', '/api/venue/backups/restore', { ...body, password: 'not-it-123' })).toMatchObject({ status: 400, body: { message: BACKUP_MESSAGES.wrongPassword } });
    const { otpId, code } = await freshCode(OWNER);
    const wrong = String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
    expect(await call(owner, 'POST', '/api/venue/backups/restore', { ...body, otpId, code: wrong })).toMatchObject({ status: 400, body: { message: BACKUP_MESSAGES.wrongCode } });
    // Another account's code does not do either.
    expect(await call(owner, 'POST', '/api/venue/backups/restore', { ...body, otpId: 'nosuchotp123456', code })).toMatchObject({ status: 400 });
    // Nothing was restored: writes still go through.
    expect((await call(null, 'POST', '/api/collections/reservations/records', boardGameBody())).status).toBe(200);
  });
});

describe('backup:restore from the console', () => {
  it('says what the restore takes away while the server runs, and refuses to restore under it', async () => {
    const dry = await v.server.command(['backup:restore', 'by-hand.zip']);
    expect(dry.code).toBe(0);
    expect(dry.stdout + dry.stderr).toMatch(/Since by-hand\.zip was made, \d+ booking\(s\) were made, \d+ of them already mailed/);
    expect(dry.stdout + dry.stderr).toContain('Nothing was changed. Run again with --yes to restore it.');
    const refused = await v.server.command(['backup:restore', 'by-hand.zip', '--yes']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('the server is running on this data');
    const missing = await v.server.command(['backup:restore', 'no-such.zip']);
    expect(missing.code).not.toBe(0);
    // The server never stopped answering, and nothing was restored.
    expect((await call(null, 'POST', '/api/collections/reservations/records', boardGameBody())).status).toBe(200);
  });
});

describe('a restore', () => {
  it('says what it takes away, refuses writes with 503 at once, mails no one twice and bumps the generation', async () => {
    const before = await admin.send<{ cursor: string; generation: number }>('/api/admin/sync', {});
    expect(before.generation).toBe(1);
    // A booking whose confirmation is still pending when the backup is taken (the mail server is down).
    await smtp.stop();
    const pending = boardGameBody({ email: 'pending-at-backup@example.test' });
    expect((await call(null, 'POST', '/api/collections/reservations/records', pending)).status).toBe(200);
    await v.su.backups.create('before-restore.zip');
    const first = smtp;
    smtp = await startSmtpReceiver(v.smtpPort);
    await untilSent(pending.id as string);
    expect(mailsTo([first, smtp], 'pending-at-backup@example.test')).toBe(1);
    // A booking after the backup: the restore takes it away, and says so first.
    const after = boardGameBody({ email: 'after-backup@example.test' });
    expect((await call(null, 'POST', '/api/collections/reservations/records', after)).status).toBe(200);
    await v.settle(`record_id = "${after.id}"`);
    expect(await call(owner2, 'GET', '/api/venue/backups/since?name=before-restore.zip')).toMatchObject({ status: 200, body: { bookings: 1, mailed: 1 } });

    const { otpId, code } = await freshCode(OWNER2);
    const asked = await call(owner2, 'POST', '/api/venue/backups/restore', { name: 'before-restore.zip', password: 'password-123', otpId, code });
    expect(asked).toMatchObject({ status: 202, body: { restoring: 'before-restore.zip' } });
    // From the answer on, every write is refused with the message the guests' forms show.
    const during = boardGameBody({ email: 'during-restore@example.test' });
    const refused = await call(null, 'POST', '/api/collections/reservations/records', during);
    expect(refused).toMatchObject({ status: 503, body: { message: BACKUP_MESSAGES.restoring } });
    expect(await call(owner2, 'POST', '/api/venue/backups/restore', { name: 'before-restore.zip', password: 'password-123', otpId, code })).toMatchObject({ status: 503 });

    await backToHealth();
    // The guest's device sends the refused booking again: it goes through, with one confirmation.
    expect((await call(null, 'POST', '/api/collections/reservations/records', during)).status).toBe(200);
    await v.settle();
    expect(mailsTo([first, smtp], 'during-restore@example.test')).toBe(1);
    // The job pending in the backup was sent before the restore: not again.
    expect(mailsTo([first, smtp], 'pending-at-backup@example.test')).toBe(1);
    const job = await v.su.collection('outbox').getFirstListItem(`record_id = "${pending.id}" && kind = "mail"`);
    expect(job.status).toBe('sent');
    // What the owner was warned of is gone.
    await expect(v.su.collection('reservations').getOne(after.id as string)).rejects.toBeInstanceOf(ClientResponseError);
    // The tablet's cursor is from the old generation: the whole window comes back, and the new generation.
    const pulled = await admin.send<{ full: boolean; generation: number }>('/api/admin/sync', { query: { since: before.cursor, generation: '1' } });
    expect(pulled).toMatchObject({ full: true, generation: 2 });
    const same = await admin.send<{ full: boolean; generation: number }>('/api/admin/sync', { query: { since: before.cursor, generation: '2' } });
    expect(same).toMatchObject({ full: false, generation: 2 });
    expect((await call(admin, 'GET', '/api/admin/sync?since=' + encodeURIComponent(before.cursor) + '&generation=two')).status).toBe(400);
  }, 120_000);
});
