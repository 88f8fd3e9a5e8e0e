/// <reference path="../pb_data/types.d.ts" />
/**
 * App settings: name, and rate limits on.
 *
 * Rate limits (per client IP, superusers exempt; behind a reverse proxy set Settings >
 * Trusted proxy so the real client IP is used):
 *   *:auth       10 per 60 s  sign-in attempts (password, OTP, OAuth2) — slows password guessing
 *   *:create     30 per 60 s  record creates per collection (reservations, inquiries, sign-ups…).
 *                             Must stay above 20 a minute: a guest's device that was offline
 *                             flushes up to 20 queued reservations at once.
 *   /api/reservations/cancel/  20 per 60 s  cancel-link lookups (tokens are 48 random chars anyway)
 *   /api/availability          120 per 60 s the calendar asks for a range per month viewed
 *   /api/batch                  3 per 1 s   (PocketBase default)
 *   /api/                       300 per 10 s everything else (PocketBase default)
 */
migrate(
  (app) => {
    const settings = app.settings();
    unmarshal(
      {
        meta: { appName: 'Tiny Cupboard Games' },
        rateLimits: {
          enabled: true,
          rules: [
            { label: '*:auth', audience: '', duration: 60, maxRequests: 10 },
            { label: '*:create', audience: '', duration: 60, maxRequests: 30 },
            { label: '/api/reservations/cancel/', audience: '', duration: 60, maxRequests: 20 },
            { label: '/api/availability', audience: '', duration: 60, maxRequests: 120 },
            { label: '/api/batch', audience: '', duration: 1, maxRequests: 3 },
            { label: '/api/', audience: '', duration: 10, maxRequests: 300 },
          ],
        },
      },
      settings,
    );
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = false;
    app.save(settings);
  },
);
