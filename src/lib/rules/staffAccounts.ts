/**
 * Staff accounts (issue 32): the password reset by mail and the owners' invitations. Limits and
 * messages shared by the login screen, the reset and invite pages and the hooks
 * (hooks/lib/staff-reset.ts, hooks/lib/staff-invites.ts). The new password follows the sign-up's
 * rule (SPEC §5, checkPassword: at least LIMITS.passwordMin characters).
 */
import { checkPassword } from './validate';

export const STAFF_ACCOUNTS = {
  /** One reset mail per account per this many seconds, however many are asked for at once. */
  resetWindowSeconds: 300,
  /** A reset link works this long (PocketBase's users.passwordResetToken.duration). */
  resetLinkSeconds: 1800,
  /** Reset requests from one IP per minute (PocketBase rate limit `users:requestPasswordReset`). */
  resetsPerMinutePerIp: 5,
  /** Tries at a reset link or an invitation link from one IP per minute. */
  linkTriesPerMinutePerIp: 20,
  /** An invitation's link works this long, once. */
  inviteHours: 72,
} as const;

export const STAFF_ACCOUNT_MESSAGES = {
  resetAsked: `If an account has that email, a link to set a new password is on its way. It works for ${STAFF_ACCOUNTS.resetLinkSeconds / 60} minutes.`,
  resetLimited: `Too many reset requests from this device (${STAFF_ACCOUNTS.resetsPerMinutePerIp} a minute): wait a minute, then try again.`,
  resetDone: 'Your password is set, and every session of this account has ended. Log in with the new password and the emailed code.',
  resetLinkBad: 'This reset link has expired or was already used. Ask for a new one from “Forgot password?” on the login page.',
  linkMissing: 'This link is incomplete: open the whole link from the email.',
  passwordsDiffer: 'The two passwords are not the same.',
  linkTriesLimited: `Too many tries from this device (${STAFF_ACCOUNTS.linkTriesPerMinutePerIp} a minute): wait a minute, then try again.`,
  inviteSent: `Invitation sent. The link works once, for ${STAFF_ACCOUNTS.inviteHours} hours.`,
  inviteCancelled: 'Invitation cancelled: its link no longer works.',
  inviteOwnersOnly: 'Only owners can invite staff.',
  inviteAccountExists: 'An account with this email already exists: give it the admin role from the staff view instead.',
  inviteLinkBad: 'This invitation has expired, was cancelled or was already used. Ask the owner for a new one.',
  inviteAccepted: 'Your staff account is ready. Log in with your email and password, then enter the emailed code.',
  inviteNotFound: 'That invitation is no longer pending.',
} as const;

/** The new password and its confirmation: '' when fine, else the one message to show. */
export function checkNewPassword(password: unknown, confirm: unknown): string {
  const problem = checkPassword(password);
  if (problem) return problem;
  if (typeof confirm !== 'string' || confirm !== password) return STAFF_ACCOUNT_MESSAGES.passwordsDiffer;
  return '';
}
