/// <reference path="../pb_data/types.d.ts" />
/**
 * The board game night waitlist (issue 12, /work/contract-12.md). Anyone may join (through the
 * validating hook, like reservations: pb_hooks/lib/waitlist.js); only admins list, view, update
 * or delete, with the same admin rule the reservations are read with. The guest's fields keep
 * the reservations' limits; `token` is the secret of the entry's mail links (hidden, unique);
 * offered_at/offer_expires are ISO instants (compared as text); `reservation` is the id a claim
 * created. The index serves the offer pass: one night's live entries in line order. The entry
 * and token routes get their own rate limit, like the cancel links (tokens are not for guessing).
 */
const LIMIT = { label: '/api/waitlist/', audience: '', duration: 60, maxRequests: 30 };

/** The rate limit rules as plain objects (the settings hold Go structs), without the waitlist's own. */
function rulesWithout(settings, label) {
  const kept = [];
  const all = settings.rateLimits.rules;
  for (let i = 0; i < all.length; i++) {
    if (all[i].label === label) continue;
    kept.push({ label: all[i].label, audience: all[i].audience, duration: all[i].duration, maxRequests: all[i].maxRequests });
  }
  return kept;
}

function setRateLimits(app, rules) {
  const settings = app.settings();
  unmarshal({ rateLimits: { rules } }, settings);
  app.save(settings);
}

migrate(
  (app) => {
    // The reservations' rules: anyone creates (through the hook), the admin rule for the rest.
    const reservations = app.findCollectionByNameOrId('reservations');
    const rules = {};
    ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'].forEach((rule) => {
      rules[rule] = reservations[rule];
    });
    const text = (name, max, more) => Object.assign({ name, type: 'text', max }, more || {});
    const fields = [
      text('name', 100, { required: true }),
      text('email', 255, { required: true }),
      text('phone', 30),
      { name: 'party_size', type: 'number', onlyInt: true, min: 1, max: 20, required: true },
      text('event_date', 10, { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      text('event_time', 50, { required: true }),
      { name: 'source', type: 'select', values: ['web', 'kiosk'], maxSelect: 1 },
      { name: 'status', type: 'select', values: ['waiting', 'offered', 'claimed', 'left', 'expired'], maxSelect: 1, required: true },
      text('token', 64, { hidden: true, min: 40, required: true }),
      text('offered_at', 30),
      text('offer_expires', 30),
      text('reservation', 50),
      { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ];
    const indexes = [
      'CREATE UNIQUE INDEX idx_waitlist_token ON waitlist (token)',
      'CREATE INDEX idx_waitlist_night ON waitlist (event_date, status, created)',
    ];
    app.save(new Collection(Object.assign({ type: 'base', name: 'waitlist', fields, indexes }, rules)));
    setRateLimits(app, [LIMIT].concat(rulesWithout(app.settings(), LIMIT.label)));
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('waitlist'));
    setRateLimits(app, rulesWithout(app.settings(), LIMIT.label));
  },
);
