/// <reference path="../../pb_data/types.d.ts" />
/**
 * Two-factor staff sign-in (pb_migrations/1763700500_staff_mfa.js) and sign-out everywhere.
 *
 * The emailed code goes out through the outbox, not PocketBase's own mailer call: PocketBase
 * already mails it off the request (a background goroutine), but with no timeout, no retry and
 * no trace when it fails; the outbox gives it the send deadline, retries with backoff, the
 * venue's sender and mail look, and a row staff can see when SMTP is down. The job carries the
 * code (the OTP record holds only its hash) until it is sent or skipped, then the code is wiped
 * from it (outbox.js, SECRET_TEMPLATES); a code is useless without the account's password anyway.
 */
const S = require(`${__hooks}/lib/shared.js`);
const O = require(`${__hooks}/lib/outbox.js`);

const CODE_TEMPLATE = 'staff_sign_in_code';

/** onMailerRecordOTPSend (users): queue the code's mail instead of sending it here. */
function queueCodeMail(e) {
  const otpId = String(e.meta.otpId || '');
  const code = String(e.meta.password || '');
  O.enqueue(e.app, 'users', e.record.id, [
    { kind: 'mail', template: CODE_TEMPLATE, recipient: e.record.email(), payload: { otpId, code } },
  ]);
  // Deliberately no e.next(): that would send PocketBase's own copy of the mail as well.
  // server/outbox.go wakes the worker once this handler returns.
}

/** Renders the code's mail, or null when the code was used, replaced or has expired. */
function renderCodeMail(app, record, payload) {
  if (!payload || !payload.otpId || !payload.code) return null;
  let otp;
  try {
    otp = app.findOTPById(payload.otpId);
  } catch (_) {
    return null;
  }
  if (otp.hasExpired(record.collection().otp.durationTime())) return null;
  return S.staffCodeMail({ email: record.email(), code: payload.code, minutes: Math.round(S.STAFF_AUTH.codeSeconds / 60) });
}

/**
 * onRecordRequestOTPRequest (users): one new code per account per STAFF_AUTH.resendSeconds, so
 * a resend button (or a script) cannot fill a mailbox. Unknown emails pass to PocketBase, which
 * answers them like known ones (no account enumeration).
 */
function limitResend(e) {
  if (e.record) {
    const otps = e.app.findAllOTPsByRecord(e.record);
    const newest = otps.length > 0 ? otps[0] : null;
    if (newest) {
      const ageSeconds = (Date.now() - new Date(newest.getString('created').replace(' ', 'T')).getTime()) / 1000;
      if (ageSeconds < S.STAFF_AUTH.resendSeconds) {
        throw new ApiError(429, S.STAFF_AUTH_MESSAGES.resendTooSoon);
      }
    }
  }
  return e.next();
}

/**
 * POST /api/admin/sign-out-everywhere { email }: ends every session of that account (admins only)
 * by renewing its token key, which invalidates every token issued before, on every device.
 */
function signOutEverywhere(e, isAdmin) {
  if (!isAdmin(e)) return e.json(403, { status: 403, message: 'Only staff can end sessions.', data: {} });
  const body = e.requestInfo().body || {};
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!email) return e.json(400, { status: 400, message: 'Name the account: email is required.', data: {} });
  let user;
  try {
    user = e.app.findAuthRecordByEmail('users', email);
  } catch (_) {
    return e.json(404, { status: 404, message: 'No staff account has that email.', data: {} });
  }
  user.refreshTokenKey();
  e.app.save(user);
  return e.json(200, { email: user.email(), message: S.STAFF_AUTH_MESSAGES.signedOutEverywhere });
}

module.exports = { CODE_TEMPLATE, queueCodeMail, renderCodeMail, limitResend, signOutEverywhere };
