/**
 * The staff password reset by mail (issue 32 item 3), on PocketBase's own
 * POST /api/collections/users/request-password-reset and confirm-password-reset: PocketBase makes
 * the link's token (signed with the account's token key, good for STAFF_ACCOUNTS.resetLinkSeconds)
 * and, on confirm, sets the password and renews the token key, so every session of the account
 * ends and the link works once. The mail goes through the outbox, like the sign-in codes.
 *
 * Same answer for every email: PocketBase answers 204 at once, with no body, whether or not an
 * account has it, and mails from a goroutine of its own; the limit is claimed there, in the
 * mail hook, so no request waits on it and none tells it apart.
 */
import * as S from '../rules';
import * as O from './outbox';
import * as Rows from './rows';
import { recordActivity } from './activity';
import { claimKey, claimMail, pruneClaims } from './mail-claims';

export const RESET_TEMPLATE = 'staff_password_reset';

/**
 * onMailerRecordPasswordResetSend (users): at most one reset mail per account per
 * STAFF_ACCOUNTS.resetWindowSeconds, however many requests arrive at once (one claim statement in
 * the transaction that queues the mail, hooks/lib/mail-claims.ts); the job carries the link's
 * token until it is sent, then the outbox wipes it (server/outbox/store.go).
 */
export function queueResetMail(e: core.MailerRecordEvent): void {
  const record = Rows.recordOf(e);
  const token = String(e.meta.token || '');
  if (!token) return;
  e.app.runInTransaction((tx) => {
    if (!claimMail(tx, claimKey('password-reset', record.email()), S.STAFF_ACCOUNTS.resetWindowSeconds)) return;
    O.enqueue(tx, 'users', record.id, [
      // Keyed by the token's hash: each link its own job (idx_outbox_job).
      { kind: 'mail', template: RESET_TEMPLATE, key: $security.sha256(token), recipient: record.email(), payload: { token } },
    ]);
    pruneClaims(tx);
  });
  // Deliberately no e.next(): that would send PocketBase's own copy of the mail as well.
}

/**
 * onRecordConfirmPasswordResetRequest (users): the new password is saved (PocketBase renews the
 * token key with it) and the activity row written in one transaction.
 */
export function recordPasswordReset(e: core.RecordConfirmPasswordResetRequestEvent): void {
  const record = Rows.recordOf(e);
  const original = e.app;
  original.runInTransaction((tx) => {
    e.app = tx;
    e.next();
    recordActivity(tx, {
      actor: record.id,
      actorName: record.email(),
      kind: 'password.reset',
      targetCollection: 'users',
      targetId: record.id,
      summary: `Password reset by mail link for ${record.email()}: every session ended`,
    });
  });
  e.app = original;
}
