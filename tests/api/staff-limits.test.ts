/**
 * Issue 24 item 9 on a real PocketBase with its rate limits on (no loopback exemption): each limit
 * the code screen can meet answers 429, and the screen's reading of that very answer
 * (staffLimitMessage, through twoFactor.ts limitMessage) names that limit, never "too many wrong codes"
 * for a limit that is not about codes. One file, one server: the limits count per IP.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { STAFF_AUTH, STAFF_AUTH_MESSAGES, staffLimitMessage } from '../../src/lib/rules/staffAuth';
import { client, venuePerFile } from '../support/api-fixtures';

const PASSWORD = 'password-123';
const v = venuePerFile({ meta: false });

/** What the code screen makes of an answer (twoFactor.ts limitMessage reads these three fields). */
const screenReads = (e: ClientResponseError | null) => (e ? staffLimitMessage(e.status, e.url, String(e.response?.message ?? '')) : null);

async function refused(promise: Promise<unknown>): Promise<ClientResponseError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ClientResponseError);
  return error as ClientResponseError;
}

async function passwordStep(pb: PocketBase, email: string) {
  const error = await refused(pb.collection('users').authWithPassword(email, PASSWORD));
  return error.response.mfaId as string;
}

describe('the code screen names each limit it meets', () => {
  it('tells the per-device code requests, the code tries and the sign-in attempts apart', async () => {
    const email = 'limits@example.test';
    await v.admin(email, PASSWORD);
    const pb = client(v.url);
    const mfaId = await passwordStep(pb, email);
    const ask = () => pb.collection('users').requestOTP(email, { body: { email, mfaId } });
    const { otpId } = await ask();

    // The same sign-in asks again at once: the half-minute wait answers as a new code does (not
    // telling whether the account exists) and mails nothing; the screen keeps and names the wait.
    await expect(ask()).resolves.toMatchObject({ otpId: expect.stringMatching(/^\w{15}$/) });

    // Code requests from this device past the per-IP limit (other addresses: no account's wait).
    let perDevice: ClientResponseError | null = null;
    for (let i = 0; i < STAFF_AUTH.codesPerMinutePerIp + 1 && !perDevice; i += 1) {
      perDevice = await pb.collection('users').requestOTP(`nobody-${i}@example.test`).then(() => null, (e: ClientResponseError) => e);
    }
    expect(perDevice?.status).toBe(429);
    expect(screenReads(perDevice)).toBe(STAFF_AUTH_MESSAGES.resendLimited);

    // Wrong codes past the account's tries.
    let tries: ClientResponseError | null = null;
    for (let i = 0; i <= STAFF_AUTH.codeTriesPerAccount && tries?.status !== 429; i += 1) {
      tries = await refused(pb.collection('users').authWithOTP(otpId, '000000', { mfaId }));
    }
    expect(tries?.status).toBe(429);
    expect(screenReads(tries)).toBe(STAFF_AUTH_MESSAGES.codeTooManyTries);

    // Sign-in attempts from this device past the per-IP limit: on the password step and on a code.
    let attempts: ClientResponseError | null = null;
    for (let i = 0; i <= STAFF_AUTH.signInsPerMinutePerIp && attempts?.status !== 429; i += 1) {
      attempts = await refused(pb.collection('users').authWithPassword('someone@example.test', 'wrong-password'));
    }
    expect(attempts?.status).toBe(429);
    expect(screenReads(attempts)).toBe(STAFF_AUTH_MESSAGES.signInsLimited);
    // PocketBase counts each sign-in endpoint apart: codes sent with no valid code id (refused
    // before the account's tries) run the code check's own per-IP count out.
    let onCode: ClientResponseError | null = null;
    for (let i = 0; i <= STAFF_AUTH.signInsPerMinutePerIp && onCode?.status !== 429; i += 1) {
      onCode = await refused(pb.collection('users').authWithOTP('no-such-code-id', '000000', { mfaId }));
    }
    expect(onCode?.status).toBe(429);
    expect(screenReads(onCode)).toBe(STAFF_AUTH_MESSAGES.signInsLimited);
  });
});
