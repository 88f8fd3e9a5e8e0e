/// <reference path="../../pb_data/types.d.ts" />
/**
 * The two ways out: SMTP (PocketBase's mail client, with the deadline server/outbox.go gives
 * every send) and Meta's Conversions API over HTTPS. Only the outbox worker sends; a public
 * create asks conversionSkipReason whether a conversion job can be sent at all.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);

function mailFrom(app) {
  const configured = U.env('MAIL_FROM');
  if (configured) {
    const parsed = S.parseMailFrom(configured);
    return { address: parsed.address, name: parsed.name || S.venue.name };
  }
  const meta = app.settings().meta;
  return { address: meta.senderAddress || S.venue.contact.email, name: meta.senderName || S.venue.name };
}

function smtpConfigured(app) {
  return !!app.settings().smtp.enabled && !!app.settings().smtp.host;
}

/**
 * Names, to server/imip.go, the attachment that is the mail's calendar invitation. PocketBase's
 * mailer can only attach a file, with a content type it guesses (text/calendar, no method=); the
 * Go hook takes such a message over, removes this header, and writes the iMIP structure itself.
 */
const ICAL_EVENT_HEADER = 'X-Venue-Ical-Event';

/** Sends a rendered mail ({ subject, html, text, attachments, icalEvent, replyTo }) to one recipient. */
function sendMail(app, recipient, p, jobId) {
  const attachments = {};
  const attach = (filename, content) => {
    attachments[filename] = $filesystem.fileFromBytes(toBytes(content), filename).reader.open();
  };
  (p.attachments || []).forEach((a) => attach(a.filename, a.content));
  // One Message-ID per job: a copy sent again (a send cut off by a crash is repeated after the
  // restart, SMTP has no idempotency key) is recognised by mail clients as the same message.
  const headers = { 'Message-ID': `<${jobId}.outbox@${U.siteHost()}>` };
  if (p.replyTo) headers['Reply-To'] = p.replyTo;
  if (p.icalEvent) {
    attach(p.icalEvent.filename, p.icalEvent.content);
    headers[ICAL_EVENT_HEADER] = p.icalEvent.filename;
  }
  const message = new MailerMessage({
    from: mailFrom(app),
    to: [{ address: recipient }],
    subject: p.subject,
    html: p.html,
    text: p.text,
    headers,
    attachments,
  });
  app.newMailClient().send(message);
  return { sent: true };
}

/** Why conversion events are not sent ('' when Meta's Conversions API is configured). */
function conversionSkipReason() {
  if (U.env('META_PIXEL_ID') && U.env('META_ACCESS_TOKEN')) return '';
  return 'Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)';
}

/** Posts one event to Meta's Conversions API; skipped when it is not configured. */
function sendConversion(event) {
  const unconfigured = conversionSkipReason();
  if (unconfigured) return { skipped: unconfigured };
  const pixel = U.env('META_PIXEL_ID');
  const token = U.env('META_ACCESS_TOKEN');
  const base = U.env('META_API_BASE', 'https://graph.facebook.com/v21.0').replace(/\/+$/, '');
  // The token travels in the body, never in the URL: a network error quotes the URL, and errors
  // are stored where every admin can read them (errorText redacts them anyway).
  const res = $http.send({
    url: `${base}/${encodeURIComponent(pixel)}/events`,
    method: 'POST',
    body: JSON.stringify({ data: [event], access_token: token }),
    headers: { 'content-type': 'application/json' },
    timeout: 15,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`Meta answered ${res.statusCode}: ${toString(res.body).slice(0, 500)}`);
  }
  return { sent: true };
}

module.exports = { mailFrom, smtpConfigured, sendMail, conversionSkipReason, sendConversion };
