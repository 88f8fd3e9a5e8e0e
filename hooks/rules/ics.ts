/**
 * A minimal RFC 5545 calendar file for one reservation: times are the venue's
 * America/New_York wall clock converted to UTC, lines end in CRLF and are folded at 75 octets.
 */
import { venue } from '../../src/content/venue';
import { addDays, toIcsUtc, venueDateTimeToUtc } from '../../src/lib/venueTime';
import { BOARD_GAME_NIGHT } from '../../src/lib/rules/limits';

/** Default length of a calendar entry when the time text has no end. */
export const DEFAULT_EVENT_MINUTES = 120;

/**
 * PUBLISH: a plain calendar entry, no organizer. REQUEST: an invitation from its ORGANIZER; sent
 * again with the same UID and a higher SEQUENCE, calendars replace the event. CANCEL: the event
 * is withdrawn (RFC 5546). A reservation's mails use REQUEST and CANCEL only (reservationInvite).
 */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** A participant: who sends the invitation (ORGANIZER) or who is invited (ATTENDEE). */
export interface IcsPerson {
  name: string;
  email: string;
}

/** An attendee, with the answer the invitation records for them (RFC 5545 §3.2.12, §3.2.17). */
export interface IcsAttendee extends IcsPerson {
  /** PARTSTAT: ACCEPTED when the guest booked it themselves (no answer is asked of them) */
  partstat?: 'NEEDS-ACTION' | 'ACCEPTED' | 'DECLINED';
  /** RSVP: FALSE when no reply is expected */
  rsvp?: boolean;
}

export interface IcsEvent {
  uid: string;
  /** yyyy-MM-dd at the venue */
  date: string;
  /** free text such as '7:30 PM' or '7pm-11pm'; unreadable times give an all-day entry */
  time: string;
  summary: string;
  description: string;
  location: string;
  url?: string;
  durationMinutes?: number;
  /** the stamp time (defaults to now) */
  now?: Date;
  prodId?: string;
  /** METHOD (default PUBLISH) */
  method?: IcsMethod;
  /** SEQUENCE (default 0): raised by each change of an event already sent */
  sequence?: number;
  /** ORGANIZER and ATTENDEE, which REQUEST and CANCEL need for calendars to match the event */
  organizer?: IcsPerson;
  attendee?: IcsAttendee;
}

/** Escapes TEXT values (RFC 5545 §3.3.11). */
export function icsEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** UTF-8 octets of the UTF-16 unit `code` (a surrogate pair's lead counts the pair's 4). */
function utf8Octets(code: number, pair: boolean): number {
  if (pair) return 4;
  if (code < 0x80) return 1;
  return code < 0x800 ? 2 : 3; // a lone surrogate too: 3, as codePointAt read it
}

const NOT_PLAIN_ASCII = /[^ -~\t]/; // anything but printable ASCII and tab: control characters take the careful path too

/**
 * Folds a content line to at most 75 octets per physical line. Written with charCodeAt and slices,
 * not a per-character iterator: the outbox renders every confirmation's invitation in goja, where
 * iterating a string's characters cost most of a mail's render (issue 33).
 */
export function icsFold(line: string): string {
  if (!NOT_PLAIN_ASCII.test(line)) {
    // One octet a character: 75 on the first line, 74 after each continuation's space.
    if (line.length <= 75) return line;
    const parts = [line.slice(0, 75)];
    for (let at = 75; at < line.length; at += 74) parts.push(line.slice(at, at + 74));
    return parts.join('\r\n ');
  }
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let at = 0; at < line.length; ) {
    const code = line.charCodeAt(at);
    const next = line.charCodeAt(at + 1);
    const pair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const len = utf8Octets(code, pair);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + len > limit) {
      parts.push(line.slice(start, at));
      start = at;
      octets = 0;
    }
    octets += len;
    at += pair ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

function compactDate(dateIso: string): string {
  return dateIso.replace(/-/g, '');
}

export function buildIcs(event: IcsEvent): string {
  const now = event.now ?? new Date();
  const start = venueDateTimeToUtc(event.date, event.time);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${event.prodId ?? '-//Tiny Cupboard Games//Reservations//EN'}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method ?? 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${toIcsUtc(now)}`,
  ];
  if (event.organizer) lines.push(`ORGANIZER;CN=${icsParam(event.organizer.name)}:mailto:${event.organizer.email}`);
  if (event.attendee) lines.push(attendeeLine(event.attendee));
  if (start) {
    const end = new Date(start.getTime() + (event.durationMinutes ?? DEFAULT_EVENT_MINUTES) * 60_000);
    lines.push(`DTSTART:${toIcsUtc(start)}`, `DTEND:${toIcsUtc(end)}`);
  } else {
    lines.push(`DTSTART;VALUE=DATE:${compactDate(event.date)}`, `DTEND;VALUE=DATE:${compactDate(addDays(event.date, 1))}`);
  }
  lines.push(
    `SUMMARY:${icsEscape(event.summary)}`,
    `DESCRIPTION:${icsEscape(event.description)}`,
    `LOCATION:${icsEscape(event.location)}`,
  );
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`, 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return lines.map(icsFold).join('\r\n') + '\r\n';
}

/** A parameter value (CN=…): quoted, without the characters a quoted value cannot hold. */
function icsParam(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

function attendeeLine(a: IcsAttendee): string {
  const params = [`CN=${icsParam(a.name)}`, 'ROLE=REQ-PARTICIPANT'];
  if (a.partstat) params.push(`PARTSTAT=${a.partstat}`);
  if (a.rsvp !== undefined) params.push(`RSVP=${a.rsvp ? 'TRUE' : 'FALSE'}`);
  return `ATTENDEE;${params.join(';')}:mailto:${a.email}`;
}

/** The reservation fields its calendar entry (and its mails, mail.ts) are made of. */
export interface ReservationInviteInput {
  id: string;
  name: string;
  email: string;
  event_name: string;
  event_date: string;
  event_time: string;
  party_size: number;
  /** the manage link (/cancel/{token}) */
  cancelUrl: string;
  /** the reservation's ics_sequence */
  sequence?: number;
  /**
   * The invitation's ORGANIZER: the address the mail is sent from (MAIL_FROM, or PocketBase's
   * sender settings; hooks/outbox/render.ts), so a calendar sees the update come from its organizer.
   * Default: the venue's own address.
   */
  organizer?: IcsPerson;
  now?: Date;
}

/** One UID per reservation, for its whole life: every invitation, update and cancellation. */
export function reservationIcsUid(id: string): string {
  return `${id}@reservations.${venue.shortName.toLowerCase().replace(/\s+/g, '')}`;
}

/** A mail's calendar event: sent as an iMIP part (text/calendar; method=…) and as the .ics attachment. */
export interface IcalEvent {
  method: IcsMethod;
  filename: string;
  content: string;
}

/**
 * A reservation's invitation (RFC 6047 iMIP): REQUEST for the confirmation and every update
 * (one UID; each change raises SEQUENCE, so calendars move the event in place), CANCEL for the
 * cancellation. The venue organizes; the guest attends, ACCEPTED with no reply asked (they booked
 * it), so a calendar files it as accepted instead of asking the guest to answer.
 */
export function reservationInvite(r: ReservationInviteInput, method: Exclude<IcsMethod, 'PUBLISH'>): IcalEvent {
  const board = r.event_name.trim().toLowerCase() === BOARD_GAME_NIGHT.toLowerCase();
  const content = buildIcs({
    uid: reservationIcsUid(r.id),
    date: r.event_date,
    time: r.event_time,
    summary: `${r.event_name} at ${venue.name}`,
    description: `${board ? `Party of ${r.party_size}. ` : ''}${venue.pricing.supportTheBar} Bar minimum: ${venue.pricing.barMinimum}\nManage or cancel: ${r.cancelUrl}`,
    location: `${venue.name}, ${venue.address.oneLine}`,
    url: r.cancelUrl,
    method,
    sequence: r.sequence ?? 0,
    organizer: r.organizer ?? { name: venue.name, email: venue.contact.email },
    attendee: { name: r.name, email: r.email, partstat: 'ACCEPTED', rsvp: false },
    ...(r.now ? { now: r.now } : {}),
  });
  return { method, filename: 'invite.ics', content };
}

/** Unfolds and splits a calendar into `[name;params, value]` pairs (for tests and tools). */
export function parseIcsLines(ics: string): Array<{ name: string; params: Record<string, string>; value: string }> {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split(/\r\n/)
    .filter((l) => l.length > 0)
    .map((line) => {
      const colon = line.indexOf(':');
      const head = line.slice(0, colon);
      const value = line.slice(colon + 1);
      const [name = '', ...paramParts] = head.split(';');
      const params: Record<string, string> = {};
      for (const p of paramParts) {
        const eq = p.indexOf('=');
        params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1);
      }
      return { name: name.toUpperCase(), params, value };
    });
}
