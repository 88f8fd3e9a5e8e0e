/**
 * The staff account links (issue 32): "Forgot password" (PocketBase's own request and confirm
 * password reset; the hooks mail the link through the outbox) and an owner's invitation. Each
 * failure comes back as the one sentence to show (src/lib/rules/staffAccounts.ts).
 */
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/api/client';
import { MESSAGES } from '../../../lib/rules/limits';
import { STAFF_ACCOUNT_MESSAGES as M } from '../../../lib/rules/staffAccounts';

/** What a link page does with the new password: '' when done, else the sentence to show. */
export type SetPassword = (token: string, password: string, confirm: string) => Promise<string>;

const NETWORK = 'Could not reach the server. Check the connection and try again.';

function serverField(error: ClientResponseError, field: string): string {
  const data = error.response?.data as Record<string, { code?: string; message?: string }> | undefined;
  return data?.[field]?.message ?? '';
}

/** Asks for a reset link; resolves to the sentence to show (the same whether or not the account exists). */
export async function requestReset(email: string): Promise<{ ok: boolean; message: string }> {
  try {
    await pb.collection('users').requestPasswordReset(email, { requestKey: null });
    return { ok: true, message: M.resetAsked };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 429) return { ok: false, message: M.resetLimited };
    if (error instanceof ClientResponseError && error.status === 400) return { ok: false, message: MESSAGES.emailInvalid };
    return { ok: false, message: NETWORK };
  }
}

/** Sets the new password with a reset link's token (which ends every session of the account). */
export const confirmReset: SetPassword = async (token, password, confirm) => {
  try {
    await pb.collection('users').confirmPasswordReset(token, password, confirm, { requestKey: null });
    return '';
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status === 0) return NETWORK;
    if (error.status === 429) return M.linkTriesLimited;
    if (serverField(error, 'password')) return MESSAGES.passwordTooShort;
    if (serverField(error, 'passwordConfirm')) return M.passwordsDiffer;
    return M.resetLinkBad;
  }
};

/** Accepts an invitation: makes the account (admin role) with this password. */
export const acceptInvite: SetPassword = async (token, password, confirm) => {
  try {
    await pb.send('/api/staff/invites/accept', { method: 'POST', body: { token, password, passwordConfirm: confirm }, requestKey: null });
    return '';
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status === 0) return NETWORK;
    if (error.status === 429) return M.linkTriesLimited;
    return serverField(error, 'password') || String(error.response?.message || '') || M.inviteLinkBad;
  }
};
