/**
 * Issue 32 item 3: "Forgot password" on PocketBase's own request-password-reset and
 * confirm-password-reset, its mail through the outbox. One reset mail per account per window
 * however many requests arrive at once; the same answer (204, no body, as fast) for an email no
 * account has; the link works once and not after it expires; the reset ends every session, and
 * the next sign-in still asks for the emailed code. Loopback is exempt from the per-IP limits
 * (relaxed) until the last test, which checks them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/rules/limits';
import { STAFF_ACCOUNTS } from '../../src/lib/rules/staffAccounts';
import { client, post, venuePerFile } from '../support/api-fixtures';

const PASSWORD = 'password-123';
const NEW_PASSWORD = 'a-new-password-9';
const v = venuePerFile({ meta: false, relaxed: true });

const askReset = (email: string, headers: Record<string, string> = {}) => post(`${v.url}/api/collections/users/request-password-reset`, { email }, headers);
const confirm = (token: string, password = NEW_PASSWORD, passwordConfirm = password) =>
  post(`${v.url}/api/collections/users/confirm-password-reset`, { token, password, passwordConfirm });

/** Reset mails that reached `email`, once the outbox has sent all it holds. */
async function resetMails(email: string) {
  await v.settle('template = "staff_password_reset"');
  return v.smtp!.to(email).filter((m) => /new password/i.test(m.parsed.subject ?? ''));
}

/** The token of the newest reset link mailed to `email`. */
async function tokenMailed(email: string): Promise<string> {
  const mails = await resetMails(email);
  const match = /\/admin\/reset-password\?token=([^\s"<]+)/.exec(mails.at(-1)?.parsed.text ?? '');
  expect(match, 'a reset link in the mail').toBeTruthy();
  return decodeURIComponent(match![1]!);
}

const randomJwtLike = () => [16, 48, 32].map((n) => randomBytes(n).toString('base64url')).join('.');

describe('forgot password', () => {
  it('mails one link through the outbox; setting the password ends every session and the next sign-in asks for the code', async () => {
    const email = 'reset-door@example.test';
    await v.admin(email, PASSWORD);
    const tablet = await v.signIn(email);
    expect(tablet.authStore.isValid).toBe(true);

    const answer = await askReset(email);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    const token = await tokenMailed(email);
    expect(await resetMails(email)).toHaveLength(1);

    // The job went through the outbox and no longer holds the token; staff cannot read it at all.
    const jobs = await v.su.collection('outbox').getFullList({ filter: `template = "staff_password_reset" && recipient = "${email}"` });
    expect(jobs.map((j) => j.status)).toEqual(['sent']);
    expect(JSON.stringify(jobs[0]!.payload)).not.toContain(token);
    expect((await tablet.collection('outbox').getList(1, 50, { filter: 'template = "staff_password_reset"' })).totalItems).toBe(0);

    // The spec's password rule, and the confirmation must match.
    expect((await confirm(token, '12345')).json.data.password).toBeTruthy();
    expect((await confirm(token, NEW_PASSWORD, 'something-else')).json.data.passwordConfirm).toBeTruthy();

    expect((await confirm(token)).status).toBe(204);
    // Every session ended.
    const refreshed = await tablet.collection('users').authRefresh().then(() => 200, (e: { status: number }) => e.status);
    expect(refreshed).toBe(401);
    // The old password no longer works; the new one still asks for the emailed code.
    expect((await post(`${v.url}/api/collections/users/auth-with-password`, { identity: email, password: PASSWORD })).status).toBe(400);
    const step = await post(`${v.url}/api/collections/users/auth-with-password`, { identity: email, password: NEW_PASSWORD });
    expect(step.status).toBe(401);
    expect(step.json.mfaId).toMatch(/\S+/);
    const again = await v.signIn(email, NEW_PASSWORD);
    expect(again.authStore.isValid).toBe(true);

    // Used once: the same link again is refused, with the link named.
    const reused = await confirm(token, 'yet-another-password');
    expect(reused.status).toBe(400);
    expect(reused.json.data.token.code).toBe('validation_invalid_token');

    // The activity log has it.
    const rows = await v.su.collection('activity').getFullList({ filter: `kind = "password.reset" && target_id = "${again.authStore.record!.id}"` });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.summary).toContain(email);
  }, 60_000);

  it('mails at most one reset per account for 100 requests at once', async () => {
    const email = 'reset-hundred@example.test';
    await v.admin(email, PASSWORD);
    const answers = await Promise.all(Array.from({ length: 100 }, () => askReset(email)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([204]));
    expect(await resetMails(email)).toHaveLength(1);
    // And the window holds for a later request too.
    await askReset(email);
    expect(await resetMails(email)).toHaveLength(1);
  });

  it('answers an account and an unknown email alike: status, body and time', async () => {
    const known = 'reset-known@example.test';
    await v.admin(known, PASSWORD);
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 8; i += 1) {
      for (const [kind, email] of [['known', known], ['unknown', `reset-nobody-${i}@example.test`]] as const) {
        const started = performance.now();
        const res = await askReset(email);
        times[kind].push(performance.now() - started);
        expect({ status: res.status, body: res.text, type: res.headers.get('content-type') }).toEqual({ status: 204, body: '', type: null });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The mail is made off the request (PocketBase's goroutine, then the outbox): both answer at once.
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(30);
    expect(v.smtp!.to('reset-nobody-0@example.test')).toHaveLength(0);
  });

  it('answers everyone alike, signed in or not (anonymous, non-admin, admin, stale token, owner)', async () => {
    const target = 'reset-anyone@example.test';
    await v.admin(target, PASSWORD);
    const member = await v.user('reset-member@example.test');
    const admin = await v.user('reset-admin@example.test', { admin: true });
    const owner = await v.user('reset-owner@example.test', { owner: true });
    const stale = client(v.url);
    stale.authStore.save(admin.authStore.token, admin.authStore.record);
    await admin.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email: 'reset-admin@example.test' } });
    for (const token of ['', member.authStore.token, stale.authStore.token, owner.authStore.token]) {
      const res = await askReset(target, token ? { Authorization: token } : {});
      expect(res.status).toBe(204);
    }
    expect(await resetMails(target)).toHaveLength(1);
  }, 60_000);

  it('refuses an expired link, and accepts none of 1,000 guessed ones', async () => {
    const email = 'reset-expired@example.test';
    await v.admin(email, PASSWORD);
    // The shortest life PocketBase allows a token (10 s), for this one link.
    await v.su.collections.update('users', { passwordResetToken: { duration: 10 } });
    try {
      await askReset(email);
      const token = await tokenMailed(email);
      await new Promise((r) => setTimeout(r, 11_000));
      const expired = await confirm(token);
      expect(expired.status).toBe(400);
      expect(expired.json.data.token.code).toBe('validation_invalid_token');
    } finally {
      await v.su.collections.update('users', { passwordResetToken: { duration: STAFF_ACCOUNTS.resetLinkSeconds } });
    }

    let accepted = 0;
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => confirm(i % 2 ? randomJwtLike() : randomBytes(24).toString('hex'))));
      accepted += answers.filter((a) => a.status !== 400).length;
    }
    expect(accepted).toBe(0);
    // The password is still the old one.
    expect((await post(`${v.url}/api/collections/users/auth-with-password`, { identity: email, password: PASSWORD })).status).toBe(401);
  }, 90_000);

  it('keeps the migration\'s numbers equal to the shared rules', async () => {
    const migration = readFileSync(path.join(__dirname, '../../pb_migrations/1763701500_staff_accounts.js'), 'utf8');
    expect(migration).toContain(`resetLinkSeconds: ${STAFF_ACCOUNTS.resetLinkSeconds}`);
    expect(migration).toContain(`resetsPerMinutePerIp: ${STAFF_ACCOUNTS.resetsPerMinutePerIp}`);
    expect(migration).toContain(`linkTriesPerMinutePerIp: ${STAFF_ACCOUNTS.linkTriesPerMinutePerIp}`);
    const users = await v.su.collections.getOne('users');
    expect(users.passwordResetToken?.duration).toBe(STAFF_ACCOUNTS.resetLinkSeconds);
    expect(users.fields.find((f: { name: string }) => f.name === 'password')?.min).toBe(LIMITS.passwordMin);
  });

  it(`limits reset requests to ${STAFF_ACCOUNTS.resetsPerMinutePerIp} a minute per IP, for any email`, async () => {
    await v.su.settings.update({ rateLimits: { excludedIPs: [] } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= STAFF_ACCOUNTS.resetsPerMinutePerIp; i += 1) statuses.push((await askReset(`reset-ip-${i}@example.test`)).status);
      expect(statuses.slice(0, -1).every((s) => s === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await v.relaxRateLimits();
    }
  });
});
