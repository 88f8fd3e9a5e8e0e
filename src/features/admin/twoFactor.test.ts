import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { STAFF_AUTH, STAFF_AUTH_MESSAGES } from '../../lib/rules/staffAuth';
import { codeErrorMessage, limitMessage } from './twoFactor';

const USERS = 'http://127.0.0.1:8090/api/collections/users';
const answer = (status: number, message: string, url = `${USERS}/auth-with-otp`) =>
  new ClientResponseError({ url, status, response: { status, message, data: {} } });
/** PocketBase's rate limiter answers every limit with the same words. */
const GENERIC_429 = 'Too Many Requests.';

describe('code step messages', () => {
  it('say a wrong or expired code plainly, and send back to the password when its step ran out', () => {
    expect(codeErrorMessage(answer(400, 'Invalid or expired OTP.'), 'verify')).toEqual({ message: STAFF_AUTH_MESSAGES.codeWrong, restart: false });
    expect(codeErrorMessage(answer(400, 'Invalid or expired MFA session.'), 'verify')).toEqual({ message: STAFF_AUTH_MESSAGES.stepExpired, restart: true });
    expect(codeErrorMessage(answer(429, 'Too many attempts, please try again later with a new OTP.'), 'verify')).toEqual({
      message: STAFF_AUTH_MESSAGES.codeTooManyTries,
      restart: false,
    });
  });

  it('tell the per-sign-in wait from the per-device limit on a resend', () => {
    const otp = `${USERS}/request-otp`;
    expect(codeErrorMessage(answer(429, STAFF_AUTH_MESSAGES.resendTooSoon, otp), 'resend')?.message).toBe(STAFF_AUTH_MESSAGES.resendTooSoon);
    expect(codeErrorMessage(answer(429, GENERIC_429, otp), 'resend')?.message).toBe(STAFF_AUTH_MESSAGES.resendLimited);
  });

  it('name each limit in its own sentence: never "too many wrong codes" for a limit that is not about codes', () => {
    // The per-IP sign-in limit on the code's check is not the account's code tries.
    expect(codeErrorMessage(answer(429, GENERIC_429), 'verify')?.message).toBe(STAFF_AUTH_MESSAGES.signInsLimited);
    // The password step and the first code request, on the password screen.
    expect(limitMessage(answer(429, GENERIC_429, `${USERS}/auth-with-password`))).toBe(STAFF_AUTH_MESSAGES.signInsLimited);
    expect(limitMessage(answer(429, GENERIC_429, `${USERS}/request-otp`))).toBe(STAFF_AUTH_MESSAGES.resendLimited);
    // Other refusals and other endpoints are not limits of the sign-in.
    expect(limitMessage(answer(400, 'Invalid or expired OTP.'))).toBeNull();
    expect(limitMessage(answer(429, GENERIC_429, `${USERS}/records`))).toBeNull();

    const messages = [
      STAFF_AUTH_MESSAGES.codeTooManyTries,
      STAFF_AUTH_MESSAGES.resendTooSoon,
      STAFF_AUTH_MESSAGES.resendLimited,
      STAFF_AUTH_MESSAGES.signInsLimited,
    ];
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) {
      expect(message.match(/[.!?](\s|$)/g), message).toHaveLength(1); // one sentence
      expect(message, message).toMatch(/\d/); // names its limit
    }
    expect(STAFF_AUTH_MESSAGES.codeTooManyTries).toContain(`${STAFF_AUTH.codeTriesPerAccount} in 3 minutes`);
    expect(STAFF_AUTH_MESSAGES.resendLimited).toContain(`${STAFF_AUTH.codesPerMinutePerIp} a minute`);
    expect(STAFF_AUTH_MESSAGES.signInsLimited).toContain(`${STAFF_AUTH.signInsPerMinutePerIp} a minute`);
    expect(STAFF_AUTH_MESSAGES.resendTooSoon).toContain(`${STAFF_AUTH.resendSeconds} seconds`);
  });

  it('leave network failures to the screen’s general error', () => {
    expect(codeErrorMessage(new ClientResponseError({ url: '/api/x', status: 0 }), 'verify')).toBeNull();
    expect(codeErrorMessage(new Error('boom'), 'resend')).toBeNull();
  });
});
