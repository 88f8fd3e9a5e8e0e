/// <reference path="../pb_data/types.d.ts" />
/**
 * The manage link (POST /api/reservations/manage/{token}) gets the cancel links' rate limit
 * (issue 24): 20 per 60 s per client IP. It takes the same token as the cancel link, so without
 * a limit of its own it answered as many guesses as the general /api/ rule (300 per 10 s) let
 * through. Tokens are 48 random characters anyway; the limit keeps guessing from being cheap.
 */
const LIMIT = { label: '/api/reservations/manage/', audience: '', duration: 60, maxRequests: 20 };

/** The rate limit rules as plain objects (the settings hold Go structs), without the one labelled `label`. */
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
  (app) => setRateLimits(app, [LIMIT].concat(rulesWithout(app.settings(), LIMIT.label))),
  (app) => setRateLimits(app, rulesWithout(app.settings(), LIMIT.label)),
);
