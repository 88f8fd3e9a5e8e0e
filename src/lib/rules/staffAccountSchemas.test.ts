/**
 * The staff account forms' schemas (issue 32): the email alone is the guests' email rule, kept
 * trimmed; a new password and its confirmation give one message, on the password, as
 * checkNewPassword (the server's own check of the reset and invitation pages) words it.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './limits';
import { firstErrors, newPasswordSchema, staffEmailSchema } from './schemas';
import { STAFF_ACCOUNT_MESSAGES } from './staffAccounts';

describe('staffEmailSchema', () => {
  it('keeps a good email trimmed', () => {
    expect(staffEmailSchema.parse({ email: ' door@example.test ' })).toEqual({ email: 'door@example.test' });
  });

  it('refuses a bad one with the shared message', () => {
    const result = staffEmailSchema.safeParse({ email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(firstErrors(result.error!)).toEqual({ email: MESSAGES.emailInvalid });
  });
});

describe('newPasswordSchema', () => {
  const errorsOf = (password: string, confirm: string) => {
    const result = newPasswordSchema.safeParse({ password, confirm });
    return result.success ? {} : firstErrors(result.error);
  };

  it('takes two equal passwords of the sign-up length, as typed', () => {
    expect(newPasswordSchema.parse({ password: ' secret-1', confirm: ' secret-1' })).toEqual({ password: ' secret-1', confirm: ' secret-1' });
  });

  it('puts a short password and a differing confirmation on the password field', () => {
    expect(errorsOf('short', 'short')).toEqual({ password: MESSAGES.passwordTooShort });
    expect(errorsOf('secret-1', 'secret-2')).toEqual({ password: STAFF_ACCOUNT_MESSAGES.passwordsDiffer });
  });
});
