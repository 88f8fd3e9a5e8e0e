/// <reference path="../pb_data/types.d.ts" />
/**
 * Startup configuration from the environment (DESIGN.md §6) and the security headers.
 *
 * SMTP_HOST, SMTP_PORT (default 587; 465 means implicit TLS), SMTP_USER, SMTP_PASS and
 * MAIL_FROM ("Name <address>" or an address) are applied to the in-memory settings at
 * bootstrap, so secrets are not written to the database. Without SMTP_HOST (and no SMTP set
 * up in the dashboard) mail jobs are marked skipped and logged, never silently dropped.
 */
onBootstrap((e) => {
  e.next();

  // A serving process releases the claims of a previous one that died mid-send (see server.js).
  // Console commands (superuser upsert, admin:grant) may run beside a live server: they don't.
  if (($os.args || []).indexOf('serve') !== -1) {
    try {
      const released = require(`${__hooks}/lib/server.js`).releaseStaleClaims(e.app);
      if (released > 0) console.log(`outbox: released ${released} job(s) claimed by a process that stopped mid-send`);
    } catch (_) {
      // first start: the migrations that create the outbox have not run yet, so nothing is claimed
    }
  }

  const host = $os.getenv('SMTP_HOST');
  if (host) {
    const settings = e.app.settings();
    const port = Number($os.getenv('SMTP_PORT') || '587') || 587;
    settings.smtp.enabled = true;
    settings.smtp.host = host;
    settings.smtp.port = port;
    settings.smtp.username = $os.getenv('SMTP_USER');
    settings.smtp.password = $os.getenv('SMTP_PASS');
    settings.smtp.tls = port === 465;
    const from = $os.getenv('MAIL_FROM');
    if (from) {
      const parsed = require(`${__hooks}/lib/shared.js`).parseMailFrom(from);
      settings.meta.senderAddress = parsed.address;
      if (parsed.name) settings.meta.senderName = parsed.name;
    }
  }
});

/**
 * Security headers for every response. The CSP fits the built Vite React app: scripts only
 * from our origin (JSON-LD blocks are data, not executed), inline styles allowed (React style
 * props and motion), images from data: and blob:, API calls to our own origin. PocketBase's
 * dashboard (/_/) ships its own inline bootstrapping, so it keeps the other headers but no CSP.
 */
routerUse((e) => {
  const h = e.response.header();
  const path = e.request.url.path;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (path !== '/_' && path.indexOf('/_/') !== 0) {
    h.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    h.set('X-Frame-Options', 'DENY');
  }
  return e.next();
});
