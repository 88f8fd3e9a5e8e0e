import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, needsRefresh, secondsToExpiry } from './session';

function token(exp: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'u1', type: 'auth', exp })}.sig`;
}

describe('session refresh', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const nowS = now / 1000;

  it('reads the seconds left on a token', () => {
    expect(secondsToExpiry(token(nowS + 3600), now)).toBe(3600);
    expect(secondsToExpiry('', now)).toBeNull();
  });

  it('refreshes within a day of expiry, not earlier and not once expired', () => {
    expect(needsRefresh(token(nowS + 7 * 86400), now)).toBe(false);
    expect(needsRefresh(token(nowS + 3600), now)).toBe(true);
    expect(needsRefresh(token(nowS - 10), now)).toBe(false);
  });
});

describe('auth error messages', () => {
  const err = (status: number, response: object) => new ClientResponseError({ status, response });

  it("shows the provider's message, with the field it concerns", () => {
    expect(authErrorMessage(err(400, { status: 400, message: 'Failed to authenticate.', data: {} }))).toBe('Failed to authenticate.');
    expect(
      authErrorMessage(
        err(400, { status: 400, message: 'Failed to create record.', data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } } }),
      ),
    ).toBe('Email: Value must be unique.');
  });

  it("falls back to 'An unexpected error occurred'", () => {
    expect(authErrorMessage(new Error('boom'))).toBe('An unexpected error occurred');
    expect(authErrorMessage(err(0, {}))).toBe('An unexpected error occurred');
  });
});
