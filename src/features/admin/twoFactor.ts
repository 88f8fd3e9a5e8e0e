/**
 * Two-factor staff sign-in (issue 11) on PocketBase's own MFA: a correct admin password answers
 * 401 with an `mfaId` instead of a session; the emailed code (PocketBase OTP) then completes it.
 * An account MFA does not cover (no admin role) gets its session from the password alone, and
 * the login screen refuses it as before.
 */
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/api/client';
import { STAFF_AUTH_MESSAGES, staffLimitMessage } from '../../lib/rules/staffAuth';
import type { StaffUser } from './session';

/** The pending second step: whose code, for which password step and which code. */
export interface CodeChallenge {
  email: string;
  mfaId: string;
  otpId: string;
}

export type SignInStep = { kind: 'signed-in'; user: StaffUser } | { kind: 'code'; challenge: CodeChallenge };

function mfaIdOf(error: unknown): string {
  if (!(error instanceof ClientResponseError) || error.status !== 401) return '';
  const mfaId = (error.response as { mfaId?: unknown } | undefined)?.mfaId;
  return typeof mfaId === 'string' ? mfaId : '';
}

/**
 * Asks for a code for `email` (mailed by the server's outbox); resolves to its id. The password
 * step's `mfaId` says which sign-in it is for: a new code ends that sign-in's earlier ones, and
 * only those (another tablet signing the same account in keeps its own).
 */
export async function requestCode(email: string, mfaId: string): Promise<string> {
  const { otpId } = await pb.collection('users').requestOTP(email, { body: { email, mfaId }, requestKey: null });
  return otpId;
}

/** The password step: a session, or the code step when the account is covered by MFA. */
export async function startSignIn(email: string, password: string): Promise<SignInStep> {
  try {
    const auth = await pb.collection('users').authWithPassword(email, password, { requestKey: null });
    return { kind: 'signed-in', user: { id: auth.record.id, email: String(auth.record.email ?? email) } };
  } catch (error) {
    const mfaId = mfaIdOf(error);
    if (!mfaId) throw error;
    return { kind: 'code', challenge: { email, mfaId, otpId: await requestCode(email, mfaId) } };
  }
}

/** The code step: the session, signed in with the password step and the emailed code. */
export async function finishSignIn(challenge: CodeChallenge, code: string): Promise<StaffUser> {
  const auth = await pb.collection('users').authWithOTP(challenge.otpId, code, { mfaId: challenge.mfaId, requestKey: null });
  return { id: auth.record.id, email: String(auth.record.email ?? challenge.email) };
}

/** What went wrong with a code, in the staff's words; `restart` when the password is needed again. */
export function codeErrorMessage(error: unknown, during: 'verify' | 'resend'): { message: string; restart: boolean } | null {
  if (!(error instanceof ClientResponseError) || error.status === 0 || error.isAbort) return null;
  const serverMessage = String(error.response?.message ?? '');
  const limit = limitMessage(error);
  if (limit) return { message: limit, restart: false };
  if (/MFA session/i.test(serverMessage)) return { message: STAFF_AUTH_MESSAGES.stepExpired, restart: true };
  if (error.status === 400 && during === 'verify') return { message: STAFF_AUTH_MESSAGES.codeWrong, restart: false };
  return null;
}

/** Which limit a 429 of the sign-in hit, in one sentence naming it (staffLimitMessage); null for anything else. */
export function limitMessage(error: unknown): string | null {
  if (!(error instanceof ClientResponseError)) return null;
  return staffLimitMessage(error.status, error.url, String(error.response?.message ?? ''));
}

/** Ends every session of the account (`email`) on every device: an admin-only server route. */
export async function signOutEverywhere(email: string): Promise<void> {
  await pb.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email }, requestKey: null });
}
