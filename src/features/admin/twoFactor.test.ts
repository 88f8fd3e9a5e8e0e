import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { STAFF_AUTH_MESSAGES } from '../../lib/rules/staffAuth';
import { codeErrorMessage } from './twoFactor';

const answer = (status: number, message: string) => new ClientResponseError({ url: '/api/x', status, response: { status, message, data: {} } });

describe('code step messages', () => {
  it('say a wrong or expired code plainly, and send back to the password when its step ran out', () => {
    expect(codeErrorMessage(answer(400, 'Invalid or expired OTP.'), 'verify')).toEqual({ message: STAFF_AUTH_MESSAGES.codeWrong, restart: false });
    expect(codeErrorMessage(answer(400, 'Invalid or expired MFA session.'), 'verify')).toEqual({ message: STAFF_AUTH_MESSAGES.stepExpired, restart: true });
    expect(codeErrorMessage(answer(429, 'Too many attempts, please try again later with a new OTP.'), 'verify')).toEqual({
      message: STAFF_AUTH_MESSAGES.codeTooManyTries,
      restart: false,
    });
  });

  it('tell the per-account wait from the per-device limit on a resend', () => {
    expect(codeErrorMessage(answer(429, STAFF_AUTH_MESSAGES.resendTooSoon), 'resend')?.message).toBe(STAFF_AUTH_MESSAGES.resendTooSoon);
    expect(codeErrorMessage(answer(429, 'Too Many Requests.'), 'resend')?.message).toBe(STAFF_AUTH_MESSAGES.resendLimited);
  });

  it('leave network failures to the screen’s general error', () => {
    expect(codeErrorMessage(new ClientResponseError({ url: '/api/x', status: 0 }), 'verify')).toBeNull();
    expect(codeErrorMessage(new Error('boom'), 'resend')).toBeNull();
  });
});
