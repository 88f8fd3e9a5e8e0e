/**
 * Two-factor staff sign-in (issue 11) against a real PocketBase with a loopback SMTP receiver:
 * an admin's password alone is not enough; password + the emailed code signs in; a wrong and an
 * expired code are refused; codes are rate limited (per account and per IP); the code's mail has
 * the venue's look and its code is wiped from the outbox once sent; and "sign out everywhere"
 * (token key reset) ends the account's other sessions.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_AUTH, STAFF_AUTH_MESSAGES } from '../../src/lib/rules/staffAuth';
import { venue as venueFacts } from '../../src/content/venue';
import { client, startVenue, type Venue } from '../support/api-fixtures';
import { codeFromSubject, receiverInbox, signInStaff } from '../support/staff-sign-in.mjs';

const PASSWORD = 'password-123';
let v: Venue;

beforeAll(async () => {
  v = await startVenue({ meta: false });
});
afterAll(() => v?.stop());


/** The password step: the MFA id PocketBase answers a correct admin password with. */
async function passwordStep(email: string): Promise<string> {
  const error = await client(v.url).collection('users').authWithPassword(email, PASSWORD).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ClientResponseError);
  expect((error as ClientResponseError).status).toBe(401);
  const mfaId = (error as ClientResponseError).response.mfaId as string;
  expect(mfaId).toMatch(/\S+/);
  return mfaId;
}

/** A new admin at the code step: its MFA id, the client it signs in on, and the id of the code just mailed. */
async function atCodeStep(email: string) {
  await v.admin(email, PASSWORD);
  const mfaId = await passwordStep(email);
  const pb = client(v.url);
  const { otpId } = await pb.collection('users').requestOTP(email);
  return { mfaId, pb, otpId };
}

function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => ({ status: 200, message: '' }),
    (e: ClientResponseError) => ({ status: e.status, message: String(e.response?.message ?? '') }),
  );
}

describe('two-factor staff sign-in', () => {
  it('refuses an admin the password alone, and signs in with password + the emailed code', async () => {
    const email = 'mfa-one@example.test';
    const { mfaId, pb, otpId } = await atCodeStep(email);
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes(email));
    const code = codeFromSubject(mail!.parsed.subject);
    expect(code).toMatch(new RegExp(`^\\d{${STAFF_AUTH.codeLength}}$`));
    // The venue's mail look, from the venue's sender, with the code in the text too.
    expect(mail!.parsed.html).toContain(venueFacts.name);
    expect(mail!.parsed.html).toContain(venueFacts.address.oneLine);
    expect(mail!.parsed.text).toContain(code);
    expect(mail!.envelope.from).toBe('games@example.test');

    const auth = await pb.collection('users').authWithOTP(otpId, code, { mfaId });
    expect(auth.record.email).toBe(email);
    expect(pb.authStore.isValid).toBe(true);
    await expect(pb.collection('reservations').getList(1, 1)).resolves.toBeTruthy();

    // Sent through the outbox, and the code no longer sits in it.
    await v.settle('template = "staff_sign_in_code"');
    const jobs = await v.su.collection('outbox').getFullList({ filter: `template = "staff_sign_in_code" && recipient = "${email}"` });
    expect(jobs.map((j) => j.status)).toEqual(['sent']);
    expect(JSON.stringify(jobs[0]!.payload)).not.toContain(code);
  });

  it('lets an account without the admin role sign in with its password (the screen then refuses it)', async () => {
    const email = 'not-staff@example.test';
    await v.su.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
    const auth = await client(v.url).collection('users').authWithPassword(email, PASSWORD);
    expect(auth.record.email).toBe(email);
  });

  it('refuses a wrong code and an expired one', async () => {
    const email = 'mfa-two@example.test';
    const { mfaId, pb, otpId } = await atCodeStep(email);
    const code = await receiverInbox(v.smtp!).code(email, 0);
    const wrong = String((Number(code) + 1) % 10 ** STAFF_AUTH.codeLength).padStart(STAFF_AUTH.codeLength, '0');
    const refused = await refusal(pb.collection('users').authWithOTP(otpId, wrong, { mfaId }));
    expect(refused).toEqual({ status: 400, message: 'Invalid or expired OTP.' });

    // Age the code past its lifetime (STAFF_AUTH.codeSeconds) in the database itself.
    const old = new Date(Date.now() - (STAFF_AUTH.codeSeconds + 60) * 1000).toISOString().replace('T', ' ');
    execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), `UPDATE _otps SET created = '${old}' WHERE id = '${otpId}'`]);
    const expired = await refusal(pb.collection('users').authWithOTP(otpId, code, { mfaId }));
    expect(expired).toEqual({ status: 400, message: 'Invalid or expired OTP.' });
    expect(pb.authStore.isValid).toBe(false);
  });

  it('sends one new code per account per half minute, answering within it as for any email', async () => {
    const email = 'mfa-three@example.test';
    await atCodeStep(email);
    // Within the wait: the answer of a new code (it does not tell the account exists), and no mail.
    const again = await client(v.url).collection('users').requestOTP(email);
    expect(again.otpId).toMatch(/^\w{15}$/);
    await v.settle('template = "staff_sign_in_code"');
    expect(v.smtp!.to(email)).toHaveLength(1);
  });

  it('ends every session of an account when an admin signs it out everywhere', async () => {
    const email = 'mfa-four@example.test';
    await v.admin(email, PASSWORD);
    const tablet = client(v.url);
    await signInStaff(tablet, email, PASSWORD, receiverInbox(v.smtp!));
    // A second session of the same account (another device's token).
    const phone = client(v.url);
    phone.authStore.save((await tablet.collection('users').authRefresh()).token, tablet.authStore.record);
    await expect(phone.collection('reservations').getList(1, 1)).resolves.toBeTruthy();

    // Not for anyone but staff.
    const bartender = await v.user('bartender-four@example.test');
    const notStaff = await refusal(bartender.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email } }));
    expect(notStaff.status).toBe(403);

    const answer = await tablet.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email } });
    expect(answer).toMatchObject({ email, message: STAFF_AUTH_MESSAGES.signedOutEverywhere });
    for (const pb of [tablet, phone]) {
      const after = await refusal(pb.collection('users').authRefresh());
      expect(after.status).toBe(401);
      // A list the token no longer opens answers empty, as for anyone signed out.
      pb.autoCancellation(false);
      expect((await pb.collection('reservations').getList(1, 1).catch(() => ({ items: [] }))).items).toEqual([]);
    }
  });

  it(`limits code requests to ${STAFF_AUTH.codesPerMinutePerIp} a minute from one IP`, async () => {
    const answers = [];
    for (let i = 0; i <= STAFF_AUTH.codesPerMinutePerIp; i += 1) {
      answers.push((await refusal(client(v.url).collection('users').requestOTP(`nobody-${i}@example.test`))).status);
    }
    expect(answers.at(-1)).toBe(429);
  });
});
