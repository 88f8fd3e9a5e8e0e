/**
 * Two-factor staff sign-in (issue 11): the limits and messages of the emailed code, shared by
 * the login screen, the migration's numbers (pb_migrations/1763700500_staff_mfa.js copies them:
 * migrations cannot require the bundle) and the hooks (hooks/lib/staff-auth.ts). The code's mail
 * is the server's: hooks/rules/mailStaffCode.ts.
 */

export const STAFF_AUTH = {
  /** Digits in an emailed code. */
  codeLength: 6,
  /** A code is valid this long after it was sent (PocketBase's otp.duration). */
  codeSeconds: 600,
  /** The password step is good for this long while the code is typed (PocketBase's mfa.duration). */
  mfaSeconds: 900,
  /** A new code for the same sign-in no sooner than this after the last one. */
  resendSeconds: 30,
  /** Codes asked for from one IP per minute (PocketBase rate limit `users:requestOTP`). */
  codesPerMinutePerIp: 5,
  /** Tries at a code per account and IP (PocketBase's own, fixed: 5 per 180 s). */
  codeTriesPerAccount: 5,
  codeTriesWindowSeconds: 180,
  /** Sign-in attempts from one IP per minute, each step counted apart (rate limit `*:auth`, pb_migrations/1763700200_settings.js). */
  signInsPerMinutePerIp: 10,
} as const;

const triesMinutes = STAFF_AUTH.codeTriesWindowSeconds / 60;

export const STAFF_AUTH_MESSAGES = {
  codeSent: 'We emailed you a 6-digit code. Enter it to finish signing in.',
  codeResent: 'A new code is on its way. Only the newest code works.',
  codeFormat: 'Enter the 6-digit code from the email.',
  codeWrong: 'That code is wrong or has expired. Check the newest email, or send a new code.',
  // Each refusal names its own limit, in one sentence (issue 24).
  codeTooManyTries: `Too many tries at a code for this account (${STAFF_AUTH.codeTriesPerAccount} in ${triesMinutes} minutes): wait ${triesMinutes} minutes, then enter the newest code.`,
  stepExpired: 'The sign-in took too long. Enter your email and password again.',
  resendTooSoon: `A code was sent less than ${STAFF_AUTH.resendSeconds} seconds ago: wait that long before asking for another.`,
  resendLimited: `Too many codes asked for from this device (${STAFF_AUTH.codesPerMinutePerIp} a minute): wait a minute, then send a new code.`,
  signInsLimited: `Too many sign-in attempts from this device (${STAFF_AUTH.signInsPerMinutePerIp} a minute): wait a minute, then try again.`,
  signedOutEverywhere: 'Every session of this account has ended, on every device.',
  signOutEverywhereFailed: 'Could not end the sessions. Please try again.',
} as const;

/**
 * Which limit of the staff sign-in a 429 answer hit, in one sentence naming it; null for any other
 * answer. Told apart by the endpoint and the server's words: the per-sign-in resend wait is kept
 * by the code screen itself (the server answers a resend within it like a new code, issue 32, so
 * as not to tell an account exists; an older server named it in a 429), PocketBase's per-account
 * code tries answer "Too many attempts…", and its per-IP
 * limits (code requests, sign-in attempts, each endpoint counted apart) its generic message.
 */
export function staffLimitMessage(status: number, url: string, serverMessage: string): string | null {
  if (status !== 429) return null;
  if (/\/request-otp(?:[?#]|$)/.test(url)) {
    return serverMessage === STAFF_AUTH_MESSAGES.resendTooSoon ? STAFF_AUTH_MESSAGES.resendTooSoon : STAFF_AUTH_MESSAGES.resendLimited;
  }
  const withCode = /\/auth-with-otp(?:[?#]|$)/.test(url);
  if (withCode && /^too many attempts/i.test(serverMessage)) return STAFF_AUTH_MESSAGES.codeTooManyTries;
  if (withCode || /\/auth-with-password(?:[?#]|$)/.test(url)) return STAFF_AUTH_MESSAGES.signInsLimited;
  return null;
}

/** True when `value` looks like a whole code (digits only, the configured length). */
export function isStaffCode(value: string): boolean {
  return new RegExp(`^\\d{${STAFF_AUTH.codeLength}}$`).test(value);
}
