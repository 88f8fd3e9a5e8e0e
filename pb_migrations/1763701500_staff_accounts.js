/// <reference path="../pb_data/types.d.ts" />
/**
 * Issue 32 items 2 and 3: the password reset by mail and the owners' invitations, and the
 * request-otp wait that held only for one request at a time.
 *
 * `mail_claims`: one row per (what, whom) that may be mailed at most once per window (a sign-in
 * code, a reset link). hooks/lib/mail-claims.ts claims it with ONE statement (an INSERT … ON
 * CONFLICT DO UPDATE … WHERE the window has passed): SQLite runs it whole on its one write
 * connection, so of 100 requests at once exactly one changes the row and may mail. The key is a
 * hash (no email in it). Superusers only.
 *
 * `staff_invites`: an owner's invitation (one per email: a new one replaces it). Only the token's
 * SHA-256 is stored; the token itself rides in the outbox job until it is sent, then the outbox
 * wipes it (server/outbox/store.go secretTemplates). No API rule: owners list and cancel through
 * hooks/lib/staff-invites.ts routes, which never answer the hash.
 *
 * Numbers from src/lib/rules/staffAccounts.ts (STAFF_ACCOUNTS; migrations cannot load the bundle,
 * tests/api/staff-reset.test.ts checks they match): a reset link works 30 minutes; 5 reset
 * requests a minute per IP; 20 tries a minute per IP at a reset link or an invitation link.
 */
const NUMBERS = { resetLinkSeconds: 1800, resetsPerMinutePerIp: 5, linkTriesPerMinutePerIp: 20 };
const SECRET_TEMPLATES = ['staff_password_reset', 'staff_invite'];
const LIMITS = [
  { label: 'users:requestPasswordReset', audience: '', duration: 60, maxRequests: NUMBERS.resetsPerMinutePerIp },
  { label: 'users:confirmPasswordReset', audience: '', duration: 60, maxRequests: NUMBERS.linkTriesPerMinutePerIp },
  { label: '/api/staff/invites/accept', audience: '', duration: 60, maxRequests: NUMBERS.linkTriesPerMinutePerIp },
];
const LABELS = LIMITS.map((l) => l.label);

/** The rate limit rules as plain objects (the settings hold Go structs), without ours. */
function otherRules(settings) {
  const kept = [];
  const all = settings.rateLimits.rules;
  for (let i = 0; i < all.length; i++) {
    if (LABELS.indexOf(all[i].label) >= 0) continue;
    kept.push({ label: all[i].label, audience: all[i].audience, duration: all[i].duration, maxRequests: all[i].maxRequests });
  }
  return kept;
}

function setRules(app, rules) {
  const settings = app.settings();
  unmarshal({ rateLimits: { rules } }, settings);
  app.save(settings);
}

/** The outbox rules also keep the reset links' and invitations' jobs from staff (as the codes'). */
function hideSecretJobs(app, hide) {
  const outbox = app.findCollectionByNameOrId('outbox');
  const extra = SECRET_TEMPLATES.map((t) => ` && template != "${t}"`).join('');
  ['listRule', 'viewRule', 'updateRule'].forEach((name) => {
    const rule = outbox[name];
    if (rule === null || rule === undefined) return;
    outbox[name] = hide ? rule + extra : rule.split(extra).join('');
  });
  app.save(outbox);
}

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'mail_claims',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'key', type: 'text', max: 100, required: true },
          { name: 'until', type: 'text', max: 30, required: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_mail_claims_key ON mail_claims (key)', 'CREATE INDEX idx_mail_claims_until ON mail_claims (until)'],
      }),
    );
    app.save(
      new Collection({
        type: 'base',
        name: 'staff_invites',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'email', type: 'text', max: 255, required: true },
          { name: 'token_hash', type: 'text', max: 64, required: true, hidden: true },
          { name: 'expires', type: 'text', max: 30, required: true },
          { name: 'invited_by', type: 'text', max: 255 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_staff_invites_email ON staff_invites (email)',
          'CREATE UNIQUE INDEX idx_staff_invites_token ON staff_invites (token_hash)',
        ],
      }),
    );
    const users = app.findCollectionByNameOrId('users');
    users.passwordResetToken.duration = NUMBERS.resetLinkSeconds;
    app.save(users);
    setRules(app, LIMITS.concat(otherRules(app.settings())));
    hideSecretJobs(app, true);
  },
  (app) => {
    hideSecretJobs(app, false);
    setRules(app, otherRules(app.settings()));
    app.delete(app.findCollectionByNameOrId('staff_invites'));
    app.delete(app.findCollectionByNameOrId('mail_claims'));
  },
);
