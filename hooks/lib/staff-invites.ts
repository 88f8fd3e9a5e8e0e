/**
 * Owners invite staff by email (issue 32 item 3). The link (SITE_URL/admin/accept-invite?token=…)
 * works once, for STAFF_ACCOUNTS.inviteHours; the invitee sets a password on that page, which
 * creates the `users` account with the admin role (door staff), then signs in with the emailed
 * code as everyone does. Only the token's SHA-256 is stored (`staff_invites`, no API rule,
 * pb_migrations/1763701500_staff_accounts.js); the token rides in the outbox job until it is sent.
 *   POST   /api/admin/invites { email }     → owners: invite (a new invite to one email replaces the old)
 *   GET    /api/admin/invites               → owners: the pending invitations (never a token or its hash)
 *   DELETE /api/admin/invites/{id}          → owners: cancel one
 *   POST   /api/staff/invites/accept { token, password, passwordConfirm } → anyone holding the link
 */
import * as S from '../rules';
import * as O from './outbox';
import * as Http from './http';
import * as Ids from './ids';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { isOwner } from './access';
import { actorOf, recordActivity } from './activity';

export const INVITE_TEMPLATE = 'staff_invite';

interface PendingInvite {
  id: string;
  email: string;
  expires: string;
  invited_by: string;
  created: string;
}

const forbidden = (e: core.RequestEvent) => Http.fail(e, 403, S.STAFF_ACCOUNT_MESSAGES.inviteOwnersOnly);

/** The invitation's public face: who, until when, by whom. */
const pendingOf = (r: core.Record): PendingInvite => ({
  id: r.id,
  email: r.getString('email'),
  expires: r.getString('expires'),
  invited_by: r.getString('invited_by'),
  created: r.getString('created'),
});

function accountExists(app: CoreApp, email: string): boolean {
  try {
    app.findAuthRecordByEmail('users', email);
    return true;
  } catch (_) {
    return false;
  }
}

/** POST /api/admin/invites { email }: owners only; mails a new link and ends the email's earlier one. */
export function inviteRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) return forbidden(e);
  if (!Req.isJson(e) || !Req.isJsonObject(e)) return Req.refuseNotJson(e);
  const body = Req.rawBody(e);
  if (typeof body.email !== 'string') return Http.rejectFields(e, { email: S.MESSAGES.emailInvalid });
  const problem = S.checkEmail(body.email);
  if (problem) return Http.rejectFields(e, { email: problem });
  const email = body.email.trim().toLowerCase();
  if (accountExists(e.app, email)) return Http.fail(e, 409, S.STAFF_ACCOUNT_MESSAGES.inviteAccountExists);
  const who = actorOf(e);
  const token = Ids.randomToken();
  const invite = Tx.inWriteTransaction((tx) => {
    // A new invitation replaces the old one: its row goes, and with it the old link (and its mail,
    // if not yet sent: a job whose record is gone renders nothing).
    const replaced = tx.findRecordsByFilter('staff_invites', 'email = {:email}', '', 1, 0, { email });
    replaced.forEach((old) => old && tx.delete(old));
    const row = new Record(tx.findCachedCollectionByNameOrId('staff_invites'));
    row.load({ email, token_hash: $security.sha256(token), expires: Ids.stampIn(S.STAFF_ACCOUNTS.inviteHours * 3600), invited_by: who.actorName });
    tx.save(row);
    O.enqueue(tx, 'staff_invites', row.id, [{ kind: 'mail', template: INVITE_TEMPLATE, recipient: email, payload: { token } }]);
    recordActivity(tx, {
      ...who,
      kind: 'invite.send',
      targetCollection: 'staff_invites',
      targetId: row.id,
      summary: replaced.length > 0 ? `Invited ${email} again (the earlier link no longer works)` : `Invited ${email}`,
      after: { email, expires: row.getString('expires') },
    });
    return pendingOf(row);
  });
  return e.json(201, invite);
}

/** GET /api/admin/invites: owners only; the invitations not yet used, cancelled or expired, newest first. */
export function listInvitesRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) return forbidden(e);
  const rows = e.app.findRecordsByFilter('staff_invites', 'expires > {:now}', '-created', 200, 0, { now: Ids.stamp() });
  return e.json(200, { items: rows.flatMap((r) => (r ? [pendingOf(r)] : [])) });
}

/** DELETE /api/admin/invites/{id}: owners only; the link stops working at once. */
export function cancelInviteRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) return forbidden(e);
  const id = Http.pathValue(e, 'id');
  const who = actorOf(e);
  const cancelled = Tx.inWriteTransaction((tx) => {
    const row = Rows.findRecord(tx, 'staff_invites', id);
    if (!row) return null;
    const before = pendingOf(row);
    tx.delete(row);
    recordActivity(tx, { ...who, kind: 'invite.cancel', targetCollection: 'staff_invites', targetId: id, summary: `Cancelled the invitation of ${before.email}`, before });
    return before;
  });
  if (!cancelled) return Http.fail(e, 404, S.STAFF_ACCOUNT_MESSAGES.inviteNotFound);
  return e.json(200, { ...cancelled, message: S.STAFF_ACCOUNT_MESSAGES.inviteCancelled });
}

/** The pending invitation a token opens, or null (guessed, used, cancelled, replaced or expired). */
function inviteByToken(app: CoreApp, token: string): core.Record | null {
  try {
    return app.findFirstRecordByFilter('staff_invites', 'token_hash = {:hash} && expires > {:now}', { hash: $security.sha256(token), now: Ids.stamp() });
  } catch (_) {
    return null;
  }
}

/**
 * POST /api/staff/invites/accept { token, password, passwordConfirm }: the link's holder sets a
 * password (the sign-up's rule). In one transaction: the invitation is used up (a conditional
 * DELETE: of two accepts at once, one wins), the account is made (verified: the mail reached
 * it) with the admin role, and the activity row is written.
 */
export function acceptInviteRoute(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!Req.isJson(e) || !Req.isJsonObject(e)) return Req.refuseNotJson(e);
  const body = Req.rawBody(e);
  const token = typeof body.token === 'string' ? body.token : '';
  if (!token) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.linkMissing);
  const problem = S.checkNewPassword(body.password, body.passwordConfirm);
  if (problem) return Http.rejectFields(e, { password: problem });
  const invite = inviteByToken(e.app, token);
  if (!invite) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.inviteLinkBad);
  const email = invite.getString('email');
  if (accountExists(e.app, email)) return Http.fail(e, 409, S.STAFF_ACCOUNT_MESSAGES.inviteAccountExists);
  const made = Tx.inWriteTransaction((tx) => {
    const used = tx.db().newQuery('DELETE FROM staff_invites WHERE id = {:id} AND token_hash = {:hash}').bind({ id: invite.id, hash: invite.getString('token_hash') }).execute().rowsAffected();
    if (used !== 1) return null;
    const user = new Record(tx.findCachedCollectionByNameOrId('users'));
    user.setEmail(email);
    user.setPassword(String(body.password));
    user.setVerified(true);
    tx.save(user);
    const role = new Record(tx.findCachedCollectionByNameOrId('user_roles'));
    role.load({ user_id: user.id, role: 'admin' });
    tx.save(role);
    recordActivity(tx, {
      actor: user.id,
      actorName: email,
      kind: 'invite.accept',
      targetCollection: 'staff_invites',
      targetId: invite.id,
      summary: `${email} accepted the invitation (invited by ${invite.getString('invited_by') || 'an owner'}): admin role`,
    });
    return user.id;
  });
  if (!made) return Http.fail(e, 400, S.STAFF_ACCOUNT_MESSAGES.inviteLinkBad);
  return e.json(200, { email, message: S.STAFF_ACCOUNT_MESSAGES.inviteAccepted });
}
