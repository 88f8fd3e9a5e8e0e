/// <reference path="../pb_data/types.d.ts" />
/**
 * Two-factor staff sign-in (issue 11): PocketBase's own MFA on `users`, with the emailed one-time
 * code (OTP) as the second factor. The rule makes it apply to every account that holds the admin
 * role in `user_roles` (the only accounts that can read guests' data); an account without it
 * signs in with its password alone and is refused by the login screen as before.
 *
 * A correct password then answers 401 with an `mfaId`; the login screen asks for a code
 * (POST /api/collections/users/request-otp, which PocketBase answers at once and mails from the
 * outbox, pb_hooks/staff_auth.pb.js) and signs in with auth-with-otp + that mfaId.
 *
 * Numbers from src/lib/rules/staffAuth.ts (STAFF_AUTH; migrations cannot load the rules bundle,
 * a unit test checks they match): a 6-digit code valid 10 minutes, the password step good for 15,
 * and at most 5 code requests a minute per IP (PocketBase also allows only 5 wrong tries per
 * account per 3 minutes, and the hook one new code per account per 30 s).
 */
const STAFF_MFA = {
  codeLength: 6,
  codeSeconds: 600,
  mfaSeconds: 900,
  codesPerMinutePerIp: 5,
  rule: '@collection.user_roles.user_id ?= id && @collection.user_roles.role ?= "admin"',
};

/** The rate limit rules other than the code's, as plain objects (the settings hold Go structs). */
function otherRateLimits(settings) {
  const out = [];
  const rules = settings.rateLimits.rules;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (r.label !== 'users:requestOTP') out.push({ label: r.label, audience: r.audience, duration: r.duration, maxRequests: r.maxRequests });
  }
  return out;
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.mfa.enabled = true;
    users.mfa.duration = STAFF_MFA.mfaSeconds;
    users.mfa.rule = STAFF_MFA.rule;
    users.otp.enabled = true;
    users.otp.duration = STAFF_MFA.codeSeconds;
    users.otp.length = STAFF_MFA.codeLength;
    app.save(users);

    const settings = app.settings();
    const rules = otherRateLimits(settings);
    rules.unshift({ label: 'users:requestOTP', audience: '', duration: 60, maxRequests: STAFF_MFA.codesPerMinutePerIp });
    unmarshal({ rateLimits: { rules } }, settings);
    app.save(settings);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.mfa.enabled = false;
    users.mfa.rule = '';
    users.otp.enabled = false;
    app.save(users);
    const settings = app.settings();
    unmarshal({ rateLimits: { rules: otherRateLimits(settings) } }, settings);
    app.save(settings);
  },
);
