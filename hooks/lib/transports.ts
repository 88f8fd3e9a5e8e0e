/**
 * The two ways out: SMTP (PocketBase's mail client, with the deadline server/outbox.go gives
 * every send) and Meta's Conversions API over HTTPS. Only the outbox worker sends; a public
 * create asks conversionSkipReason whether a conversion job can be sent at all.
 */
import * as S from '../rules';
import * as U from './util';

export interface MailAddress {
  address: string;
  name: string;
}

/** A rendered mail, as the shared mail copy builds it. */
export type RenderedMail = S.RenderedMail;

/** What one attempt at a job came to (lib/outbox.ts runJob). */
export type Outcome = { sent: true } | { skipped: string } | { error: string };

export function mailFrom(app: CoreApp): MailAddress {
  const configured = U.env('MAIL_FROM');
  if (configured) {
    const parsed = S.parseMailFrom(configured);
    return { address: parsed.address, name: parsed.name || S.venue.name };
  }
  const meta = app.settings().meta;
  return { address: meta.senderAddress || S.venue.contact.email, name: meta.senderName || S.venue.name };
}

export function smtpConfigured(app: CoreApp): boolean {
  return !!app.settings().smtp.enabled && !!app.settings().smtp.host;
}

/**
 * Names, to server/imip.go, the attachment that is the mail's calendar invitation. PocketBase's
 * mailer can only attach a file, with a content type it guesses (text/calendar, no method=); the
 * Go hook takes such a message over, removes this header, and writes the iMIP structure itself.
 */
const ICAL_EVENT_HEADER = 'X-Venue-Ical-Event';

/** Sends a rendered mail ({ subject, html, text, attachments, icalEvent, replyTo }) to one recipient. */
export function sendMail(app: CoreApp, recipient: string, p: RenderedMail, jobId: string): Outcome {
  const attachments: Record<string, io.Reader> = {};
  const attach = (filename: string, content: string) => {
    // The opened file is an io.Reader in Go; the pinned types leave its interface empty.
    attachments[filename] = $filesystem.fileFromBytes(toBytes(content), filename).reader.open() as unknown as io.Reader;
  };
  (p.attachments || []).forEach((a) => attach(a.filename, a.content));
  // One Message-ID per job: a copy sent again (a send cut off by a crash is repeated after the
  // restart, SMTP has no idempotency key) is recognised by mail clients as the same message.
  const headers: Record<string, string> = { 'Message-ID': `<${jobId}.outbox@${U.siteHost()}>` };
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
export function conversionSkipReason(): string {
  if (U.env('META_PIXEL_ID') && U.env('META_ACCESS_TOKEN')) return '';
  return 'Meta Conversions API is not configured (set META_PIXEL_ID and META_ACCESS_TOKEN)';
}

/** Posts one event to Meta's Conversions API; skipped when it is not configured. */
export function sendConversion(event: unknown): Outcome {
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
