/**
 * Two-factor staff sign-in (pb_migrations/1763700500_staff_mfa.js) and sign-out everywhere.
 *
 * The emailed code goes out through the outbox, not PocketBase's own mailer call: PocketBase
 * already mails it off the request (a background goroutine), but with no timeout, no retry and
 * no trace when it fails; the outbox gives it the send deadline, retries with backoff, the
 * venue's sender and mail look, and a row to look at when SMTP is down. The job carries the code
 * (the OTP record holds only its hash) until it is sent or skipped, then server/outbox wipes the
 * code from it (the mail is hooks/outbox/render.ts's); no staff account can read a code's job through the API
 * (pb_migrations/1763700800_outbox_job_key.js), only superusers in the dashboard.
 */
import * as S from '../rules';
import * as O from './outbox';
import * as Rows from './rows';
import { isAdmin } from './access';
import { recordActivity } from './activity';
import { staffOf } from './activity-log';
import { claimKey, claimMail, pruneClaims } from './mail-claims';

/** A code job's payload: which OTP, the code itself (wiped once settled), and which sign-in asked. */
interface CodePayload {
  otpId: string;
  code: string;
  signIn: string;
}

export const CODE_TEMPLATE = 'staff_sign_in_code';

/**
 * Which sign-in a code is for (issue 24): the MFA id of the password step that asks for it (the
 * login screen sends it with the request), or '' for a request that names none or a wrong one.
 * "Only the newest code works" and the half-minute wait hold per sign-in: two tablets signing one
 * account in at once each get their own code, and neither's code ends the other's.
 */
function signInOf(e: core.RecordCreateOTPRequestEvent): string {
  const body: Record<string, unknown> = e.requestInfo().body || {};
  const mfaId = typeof body.mfaId === 'string' ? body.mfaId : '';
  if (!mfaId) return '';
  try {
    // Looked up for an unknown email too: both answers take the same steps.
    const mfa = e.app.findMFAById(mfaId);
    if (!e.record || mfa.recordRef() !== e.record.id || mfa.hasExpired(e.record.collection().mfa.durationTime())) return '';
    return mfa.id;
  } catch (_) {
    return '';
  }
}

// PocketBase mails the code from a goroutine of its own, with no request: the sign-in it belongs
// to waits here under the account and the code until the mail hook takes it.
const scopeKey = (recordId: string, code: string) => `staff-code-sign-in:${recordId}:${code}`;

/** The email a request asks a code for, as sent (PocketBase has checked its format). */
function emailAsked(e: core.RecordCreateOTPRequestEvent): string {
  const body: Record<string, unknown> = e.requestInfo().body || {};
  return typeof body.email === 'string' ? body.email : '';
}

/**
 * onRecordRequestOTPRequest (users): one new code per sign-in per STAFF_AUTH.resendSeconds, so a
 * resend button (or a script) cannot fill a mailbox; requests naming no sign-in share one such
 * wait per account. The wait is claimed in one statement (hooks/lib/mail-claims.ts): of any number
 * of simultaneous requests exactly one gets a code. The others, and every request for an email
 * no account has, get the same answer as a new code (200 with a code id; PocketBase answers an
 * unknown email so), after the same claim: the answer never tells whether the account exists.
 * The login screen keeps its own half-minute wait, so a person never meets the silent one.
 */
export function beforeCodeRequest(e: core.RecordCreateOTPRequestEvent): void {
  const signIn = signInOf(e);
  const email = e.record ? e.record.email() : emailAsked(e);
  if (!claimMail(e.app, claimKey('sign-in-code', email, signIn), S.STAFF_AUTH.resendSeconds)) {
    return e.json(200, { otpId: $security.randomString(S.RECORD_ID_LENGTH) });
  }
  if (e.record && signIn) e.app.store().set(scopeKey(e.record.id, e.password), signIn);
  return e.next();
}

/**
 * onMailerRecordOTPSend (users): queue the code's mail instead of sending it here, keyed by its
 * OTP id (each code its own job), and end the earlier codes of the same sign-in, in one
 * transaction: after "Send a new code" only the newest code works.
 */
export function queueCodeMail(e: core.MailerRecordEvent): void {
  const record = Rows.recordOf(e);
  const otpId = String(e.meta.otpId || '');
  const code = String(e.meta.password || '');
  const store = e.app.store();
  const signIn = String(store.get(scopeKey(record.id, code)) || '');
  store.remove(scopeKey(record.id, code));
  const payload: CodePayload = { otpId, code, signIn };
  e.app.runInTransaction((tx) => {
    O.enqueue(tx, 'users', record.id, [{ kind: 'mail', template: CODE_TEMPLATE, key: otpId, recipient: record.email(), payload: { ...payload } }]);
    endEarlierCodes(tx, record.id, signIn, otpId);
    pruneClaims(tx);
  });
  // Deliberately no e.next(): that would send PocketBase's own copy of the mail as well.
  // server/outbox.go wakes the worker once this handler returns.
}

/** Deletes the account's other codes asked for in the same sign-in (their jobs then render nothing). */
function endEarlierCodes(tx: CoreApp, recordId: string, signIn: string, newest: string): void {
  const rows = Rows.rowsOf({ job_key: '' });
  tx.db()
    .newQuery(
      "SELECT job_key FROM outbox WHERE record_collection = 'users' AND record_id = {:rid} AND template = {:t} " +
        "AND job_key != {:newest} AND coalesce(json_extract(payload, '$.signIn'), '') = {:signIn}",
    )
    .bind({ rid: recordId, t: CODE_TEMPLATE, newest, signIn })
    .all(rows);
  rows.forEach((row) => {
    let otp: core.OTP;
    try {
      otp = tx.findOTPById(row.job_key);
    } catch (_) {
      return; // used, expired and cleaned up, or ended already
    }
    tx.delete(otp);
  });
}

/**
 * POST /api/admin/sign-out-everywhere { email }: ends every session of that account (admins only)
 * by renewing its token key, which invalidates every token issued before, on every device.
 */
export function signOutEverywhere(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can end sessions.', data: {} });
  const body: Record<string, unknown> = e.requestInfo().body || {};
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!email) return e.json(400, { status: 400, message: 'Name the account: email is required.', data: {} });
  let user: core.Record;
  try {
    user = e.app.findAuthRecordByEmail('users', email);
  } catch (_) {
    return e.json(404, { status: 404, message: 'No staff account has that email.', data: {} });
  }
  user.refreshTokenKey();
  const who = staffOf(e);
  e.app.runInTransaction((tx) => {
    tx.save(user);
    // Who ended whose sessions, in the save's transaction (a superuser's call is not logged).
    if (who) recordActivity(tx, Object.assign({}, who, { kind: S.SIGN_OUT_EVERYWHERE_KIND, targetCollection: 'users', targetId: user.id, summary: `Ended every session of ${user.email()}` }));
  });
  return e.json(200, { email: user.email(), message: S.STAFF_AUTH_MESSAGES.signedOutEverywhere });
}

