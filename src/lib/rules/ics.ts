/**
 * A minimal RFC 5545 calendar file for one reservation: times are the venue's
 * America/New_York wall clock converted to UTC, lines end in CRLF and are folded at 75 octets.
 */
import { addDays, toIcsUtc, venueDateTimeToUtc } from '../venueTime';

/** Default length of a calendar entry when the time text has no end. */
export const DEFAULT_EVENT_MINUTES = 120;

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
}

/** Escapes TEXT values (RFC 5545 §3.3.11). */
export function icsEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** UTF-8 byte length without TextEncoder (absent in goja). */
function utf8Length(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

/** Folds a content line to at most 75 octets per physical line. */
export function icsFold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of Array.from(line)) {
    const len = utf8Length(ch);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + len > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += len;
  }
  parts.push(current);
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
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${toIcsUtc(now)}`,
  ];
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
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return lines.map(icsFold).join('\r\n') + '\r\n';
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
