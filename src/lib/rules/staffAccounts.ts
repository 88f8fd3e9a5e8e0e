/**
 * Staff accounts (issue 32 items 1–3): the words and limits the Staff view, the device-name
 * dialog, the login screen, the reset and invite pages, the hooks (hooks/lib/staff-accounts.ts,
 * staff-reset.ts, staff-invites.ts) and the Go session check (server/staffsession.go reads
 * STAFF_ACCOUNT_MESSAGES.sessionEnded from pb_hooks/lib/backend.js) share, so each refusal reads
 * the same wherever it is made. A new password follows the sign-up's rule (SPEC §5, checkPassword).
 */
import { RECORD_ID_PATTERN } from './limits';
import { checkPassword } from './fieldChecks';

/** The header a staff tablet sends its device id in (only on staff pages, src/features/admin/device.ts). */
export const STAFF_DEVICE_HEADER = 'X-Staff-Device';

/** The code of a 401 for a session whose device was ended (or that was never bound to one). */
export const SESSION_ENDED_CODE = 'staff_session_ended';

export const DEVICE_NAME_MAX = 40;

export const STAFF_ROLES = ['admin', 'owner'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

/** How a role is called on screen: `admin` is the door staff's role. */
export const ROLE_LABELS: Record<StaffRoleName | 'none', string> = {
  owner: 'Owner',
  admin: 'Door staff',
  none: 'No staff access',
};

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
  // The Staff view, device names and device sessions.
  sessionEnded: 'This device was signed out of the staff tools. Sign in again to continue.',
  signInFirst: 'Sign in first.',
  staffOnly: 'Only staff can see staff accounts.',
  ownersOnly: 'Only an owner can change staff accounts.',
  noAccount: 'No account has that id.',
  noDevice: 'That device is not signed in to this account.',
  lastOwner: 'This is the last owner: make another account an owner first.',
  roleType: 'role must be "admin" or "owner".',
  grantType: 'grant must be true or false.',
  nameType: 'name must be text.',
  nameEmpty: 'Give this device a name, for example "Door tablet".',
  nameTooLong: `A device name is at most ${DEVICE_NAME_MAX} characters.`,
  noDeviceSession: 'This session is not bound to a device: sign in again on this device.',
  granted: (role: StaffRoleName, email: string) => `${ROLE_LABELS[role]} granted to ${email}. Their sessions have ended.`,
  revoked: (role: StaffRoleName, email: string) => `${ROLE_LABELS[role]} taken from ${email}. Their sessions have ended.`,
  removed: (email: string) => `${email} was removed. Their history stays.`,
  deviceEnded: (name: string) => `${name || 'The device'} was signed out.`,
  signedOut: 'Signed out on this device.',
  // The password reset and the invitations.
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

/** True for a device id a tablet may choose: a record id's shape (15 characters of [a-z0-9]). */
export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID_PATTERN.test(value);
}

/** The device name to store, or the message saying why not (wrong type, empty, too long). */
export function checkDeviceName(value: unknown): { name: string } | { error: string } {
  if (typeof value !== 'string') return { error: STAFF_ACCOUNT_MESSAGES.nameType };
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) return { error: STAFF_ACCOUNT_MESSAGES.nameEmpty };
  if (name.length > DEVICE_NAME_MAX) return { error: STAFF_ACCOUNT_MESSAGES.nameTooLong };
  return { name };
}

/**
 * The roles an account holds after a grant or a revoke: owner implies admin, so granting owner
 * adds both rows and taking admin from an owner takes both.
 */
export function rolesAfter(current: readonly StaffRoleName[], role: StaffRoleName, grant: boolean): StaffRoleName[] {
  const has = new Set(current);
  if (grant) {
    has.add(role);
    if (role === 'owner') has.add('admin');
  } else {
    has.delete(role);
    if (role === 'admin') has.delete('owner');
  }
  return STAFF_ROLES.filter((r) => has.has(r));
}

/** The highest role of an account, for its label. */
export function topRole(roles: readonly string[]): StaffRoleName | 'none' {
  if (roles.includes('owner') && roles.includes('admin')) return 'owner';
  return roles.includes('admin') ? 'admin' : 'none';
}



/** The new password and its confirmation: '' when fine, else the one message to show. */
export function checkNewPassword(password: unknown, confirm: unknown): string {
  const problem = checkPassword(password);
  if (problem) return problem;
  if (typeof confirm !== 'string' || confirm !== password) return STAFF_ACCOUNT_MESSAGES.passwordsDiffer;
  return '';
}
