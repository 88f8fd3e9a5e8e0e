/**
 * Mail copy: our own words, branded with the venue's facts from src/content/venue.ts.
 * Pure functions returning subject, HTML and text (and an .ics for reservations). A guest's
 * request only queues an outbox job naming the template and the record; the outbox worker renders
 * the mail from the record as it is when the job is sent (hooks/outbox/render.ts, called by the Go outbox), so a mail
 * says what is true at send time and the create's transaction builds no mail.
 */
import { venue } from '../../src/content/venue';
import { formatLongDate } from '../../src/lib/venueTime';
import { reservationInvite, type IcalEvent, type ReservationInviteInput } from './ics';
import { BOARD_GAME_NIGHT, BUDGET_OPTIONS, EVENT_TYPES } from '../../src/lib/rules/limits';
import type { PassConfirmationBody } from '../../src/lib/rules/validate';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** attachments by file name */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  /**
   * A calendar invitation, sent as nodemailer's `icalEvent` is: a `text/calendar; method=…`
   * alternative beside the text and HTML (what calendar-aware clients act on, RFC 6047) and the
   * same file attached (server/outbox/transports.go, server/imip.go).
   */
  icalEvent?: IcalEvent;
  replyTo?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/;

/** One pass, and none for text with nothing to escape (most of a mail's, rendered in goja). */
export function escapeHtml(value: unknown): string {
  const text = String(value ?? '');
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!) : text;
}

type Row = [label: string, value: string];

function rowsHtml(rows: Row[]): string {
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;width:100%">' +
    rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 12px 6px 0;color:#6b5b4b;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0;font-weight:600;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      )
      .join('') +
    '</table>'
  );
}

function rowsText(rows: Row[]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

const footerText = () =>
  [
    '—',
    venue.name,
    `${venue.address.oneLine}. ${venue.address.entranceNote}`,
    `${venue.hours.summary}. ${venue.ageRule}.`,
    venue.contact.email,
  ].join('\n');

const footerHtml = () =>
  `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e8dccb;color:#6b5b4b;font-size:13px;line-height:1.5">` +
  `<strong>${escapeHtml(venue.name)}</strong><br>` +
  `<a href="${escapeHtml(venue.address.mapsUrl)}" style="color:#6b5b4b">${escapeHtml(venue.address.oneLine)}</a><br>` +
  `${escapeHtml(venue.address.entranceNote)}<br>` +
  `${escapeHtml(venue.hours.summary)} · ${escapeHtml(venue.ageRule)}<br>` +
  `<a href="mailto:${escapeHtml(venue.contact.email)}" style="color:#6b5b4b">${escapeHtml(venue.contact.email)}</a></p>`;

/** The venue's mail frame (heading, body, address footer), shared by every template. */
function layout(title: string, bodyHtml: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;background:#faf6f0;font-family:Georgia,\'Times New Roman\',serif;color:#2b2118">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px">' +
    `<p style="margin:0 0 8px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#a0522d">${escapeHtml(venue.name)}</p>` +
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25">${escapeHtml(title)}</h1>` +
    bodyHtml +
    footerHtml() +
    '</div></body></html>'
  );
}

const p = (html: string) => `<p style="margin:0 0 12px;line-height:1.5">${html}</p>`;

// For templates kept beside their own rules (staffAuth.ts, mailWaitlist.ts, mailReminder.ts).
export { layout as mailLayout, p as mailParagraph, rowsHtml as mailRowsHtml, rowsText as mailRowsText, footerText as mailFooterText };
export type { Row as MailRow };

export type ReservationMailInput = ReservationInviteInput;

export function isBoardGameNight(eventName: string): boolean {
  return eventName.trim().toLowerCase() === BOARD_GAME_NIGHT.toLowerCase();
}

/** A reservation's details as mail rows: event, date, time, party size (board game night), where, entry. */
export function reservationRows(r: Pick<ReservationMailInput, 'event_name' | 'event_date' | 'event_time' | 'party_size'>): Row[] {
  const rows: Row[] = [
    ['Event', r.event_name],
    ['Date', formatLongDate(r.event_date)],
    ['Time', r.event_time],
  ];
  if (isBoardGameNight(r.event_name)) rows.push(['Party size', `${r.party_size} ${r.party_size === 1 ? 'person' : 'people'}`]);
  rows.push(['Where', `${venue.address.oneLine}\n${venue.address.entranceNote}`]);
  rows.push(['Entry', venue.pricing.totalCostText]);
  return rows;
}

/** The guest's confirmation: details, address, the support-the-bar rule, the invitation (REQUEST) and cancel link. */
export function reservationConfirmationMail(r: ReservationMailInput): RenderedMail {
  const longDate = formatLongDate(r.event_date);
  const board = isBoardGameNight(r.event_name);
  const title = board ? 'Your table is reserved' : `You're on the list for ${r.event_name}`;
  const subject = `You're all set: ${r.event_name}, ${longDate} at ${r.event_time}`;
  const rows = reservationRows(r);

  const intro = board
    ? `Hi ${r.name}, we've saved a table for your group at ${venue.name}. Pick a game from our ${venue.games.boardGameCount} shelf when you arrive, or ask staff for a recommendation.`
    : `Hi ${r.name}, your spot is saved. See you there!`;
  const support = `${venue.pricing.supportTheBar} Bar minimum: ${venue.pricing.barMinimum}`;
  const cancel = `Can't make it? Cancel online so someone else can have the seats: ${r.cancelUrl}`;
  const calendar = 'A calendar invite (invite.ics) is attached.';

  const html = layout(
    title,
    p(escapeHtml(intro)) +
      rowsHtml(rows) +
      p(`<strong>${escapeHtml(venue.pricing.supportTheBar)}</strong> Bar minimum: ${escapeHtml(venue.pricing.barMinimum)}`) +
      p(escapeHtml(`${venue.ageRule}. Tables are limited, so please arrive on time.`)) +
      p(escapeHtml(calendar)) +
      p(
        `Can't make it? <a href="${escapeHtml(r.cancelUrl)}" style="color:#a0522d">Cancel your reservation</a> so someone else can have the seats.`,
      ),
  );
  const text = [
    title,
    '',
    intro,
    '',
    rowsText(rows),
    '',
    support,
    `${venue.ageRule}. Tables are limited, so please arrive on time.`,
    '',
    calendar,
    cancel,
    '',
    footerText(),
  ].join('\n');

  return { subject, html, text, icalEvent: reservationInvite(r, 'REQUEST') };
}

/** The cancellation, with an .ics that withdraws the calendar entry (METHOD:CANCEL, same UID, higher SEQUENCE). */
export function reservationCancelledMail(r: ReservationMailInput): RenderedMail {
  const longDate = formatLongDate(r.event_date);
  const title = 'Your reservation is cancelled';
  const subject = `Cancelled: ${r.event_name}, ${longDate}`;
  const line = `Hi ${r.name}, we've cancelled your reservation for ${r.event_name} on ${longDate} at ${r.event_time}. Thanks for letting us know: the seats are free for someone else now.`;
  const again = `Walk-ins are always welcome, and you can reserve again any time. ${venue.hours.summary}.`;
  return {
    subject,
    html: layout(title, p(escapeHtml(line)) + p(escapeHtml(again))),
    text: [title, '', line, '', again, '', footerText()].join('\n'),
    icalEvent: reservationInvite(r, 'CANCEL'),
  };
}

export interface InquiryMailInput {
  id: string;
  name: string;
  email: string;
  phone: string;
  event_type?: string;
  number_of_people?: number;
  budget?: string;
  preferred_date?: string;
  preferred_time?: string;
  message: string;
}

export function eventTypeLabel(id: string | undefined): string {
  return EVENT_TYPES.find((t) => t.id === id)?.label ?? '';
}

export function budgetLabel(id: string | undefined): string {
  return BUDGET_OPTIONS.find((b) => b.id === id)?.label ?? '';
}

function inquiryRows(q: InquiryMailInput): Row[] {
  return [
    ['Name', q.name],
    ['Email', q.email],
    ['Phone', q.phone],
    ['Event type', eventTypeLabel(q.event_type) || 'Not given'],
    ['Guests', q.number_of_people ? String(q.number_of_people) : 'Not given'],
    ['Budget', budgetLabel(q.budget) || 'Not given'],
    ['Preferred date', q.preferred_date ? formatLongDate(q.preferred_date) : 'Not given'],
    ['Preferred time', q.preferred_time || 'Not given'],
    ['Additional details', q.message],
  ];
}

/** Staff notification of a private event inquiry (reply goes straight to the guest). */
export function inquiryStaffMail(q: InquiryMailInput): RenderedMail {
  const type = eventTypeLabel(q.event_type);
  const subject = `New private event inquiry: ${q.name}${type ? ` (${type})` : ''}`;
  const title = 'New private event inquiry';
  const promise = `We promise guests a reply ${venue.privateEvents.replyPromise}. Reply to this email to answer ${q.name} directly.`;
  return {
    subject,
    html: layout(title, rowsHtml(inquiryRows(q)) + p(escapeHtml(promise))),
    text: [title, '', rowsText(inquiryRows(q)), '', promise, `Inquiry id: ${q.id}`].join('\n'),
    replyTo: q.email,
  };
}

/** The guest's acknowledgement of an inquiry, promising a reply within 24 hours. */
export function inquiryAckMail(q: InquiryMailInput): RenderedMail {
  const title = 'We got your event inquiry';
  const subject = `We got your event inquiry: ${venue.name}`;
  const line = `Hi ${q.name}, thanks for thinking of ${venue.name} for your event. Our events team will reply ${venue.privateEvents.replyPromise}.`;
  const space = `Private events hold up to ${venue.privateEvents.maxGuests} people, with ${venue.games.boardGameCount} board games, video games on a big screen, a full bar and kitchen.`;
  const contact = `Anything to add? Write to ${venue.contact.eventsEmail}.`;
  return {
    subject,
    html: layout(
      title,
      p(escapeHtml(line)) + p('Here is what you sent us:') + rowsHtml(inquiryRows(q)) + p(escapeHtml(space)) + p(escapeHtml(contact)),
    ),
    text: [title, '', line, '', 'Here is what you sent us:', rowsText(inquiryRows(q)), '', space, contact, '', footerText()].join('\n'),
  };
}

export interface InfluencerMailInput {
  id: string;
  name: string;
  email: string;
  message: string;
}

export function influencerStaffMail(a: InfluencerMailInput): RenderedMail {
  const title = 'New local influencer application';
  const subject = `New influencer application: ${a.name}`;
  const rows: Row[] = [
    ['Name', a.name],
    ['Email', a.email],
    ['Message', a.message],
  ];
  const promise = `We tell applicants we reply by email ${venue.influencer.replyPromise}. Reply to this email to answer ${a.name} directly.`;
  return {
    subject,
    html: layout(title, rowsHtml(rows) + p(escapeHtml(promise))),
    text: [title, '', rowsText(rows), '', promise, `Application id: ${a.id}`].join('\n'),
    replyTo: a.email,
  };
}

export function influencerAckMail(a: InfluencerMailInput): RenderedMail {
  const title = 'Application submitted!';
  const subject = `Thanks for applying: ${venue.name} local influencer collabs`;
  const line = `Hi ${a.name}, thanks for applying to create with ${venue.name}. Our team reads every application and will reply by email ${venue.influencer.replyPromise}.`;
  const contact = `Questions in the meantime? Write to ${venue.contact.collabEmail}.`;
  return {
    subject,
    html: layout(title, p(escapeHtml(line)) + p(escapeHtml(contact))),
    text: [title, '', line, '', contact, '', footerText()].join('\n'),
  };
}

/** The stored record, for its receipt mail. */
export interface PassMailInput extends PassConfirmationBody {
  id: string;
}

export function dollars(value: number): string {
  return `$${(Math.round(value * 100) / 100).toFixed(2)}`;
}

/** Monthly pass receipt. */
export function passConfirmationMail(m: PassMailInput): RenderedMail {
  const title = 'Your Monthly Pass is active';
  const subject = `Monthly Pass receipt: ${venue.name}`;
  const people = `${m.people} ${m.people === 1 ? 'person' : 'people'}`;
  const rows: Row[] = [
    ['Pass', `Monthly Pass for ${people}`],
    ['Starts', `${m.date}, ${m.time}`],
    ['Pass price', dollars(m.cost)],
    ['Tax', dollars(m.tax)],
    ['Total', dollars(m.total)],
  ];
  const line = `Hi ${m.name}, your Monthly Pass gives you unlimited game nights for one month: it is valid for ${venue.monthlyPass.validDays} days and is not a subscription.`;
  const rule = `${venue.pricing.supportTheBar}`;
  const promo = `Bonus: use promo code ${venue.monthlyPass.promoCode} for ${venue.monthlyPass.promoDiscount}.`;
  return {
    subject,
    html: layout(title, p(escapeHtml(line)) + rowsHtml(rows) + p(`<strong>${escapeHtml(rule)}</strong>`) + p(escapeHtml(promo))),
    text: [title, '', line, '', rowsText(rows), '', rule, promo, '', footerText()].join('\n'),
  };
}

/**
 * MAIL_FROM as configured: "Name <address>" (the name may be quoted) or a bare address. Read by
 * the bootstrap hook (PocketBase's sender settings) and the SMTP transport.
 */
export function parseMailFrom(value: string): { name: string; address: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  if (m) return { name: m[1]!.replace(/^"|"$/g, ''), address: m[2]! };
  return { name: '', address: value.trim() };
}
