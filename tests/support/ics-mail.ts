/**
 * The calendar invitation of a mail caught by tests/support/smtp-receiver.ts, checked for what
 * every invitation we send must be: iMIP (RFC 6047) as nodemailer's `icalEvent` writes it, a
 * `text/calendar; method=…` alternative beside the text and HTML whose method equals the file's
 * METHOD, and the same file attached as invite.ics; the file itself in CRLF lines folded at 75
 * octets with one VEVENT. Returns its properties.
 */
import { expect } from 'vitest';
import { parseIcsLines } from '../../hooks/rules/ics';
import type { ReceivedMail } from './smtp-receiver';
import type { MimePart } from './mime-tree';

/** The message's parts: multipart/mixed of a multipart/alternative and the attachments. */
export function imipParts(mail: Pick<ReceivedMail, 'tree'>) {
  const { tree } = mail;
  expect(tree.type).toBe('multipart/mixed');
  const alternative = tree.parts.find((p) => p.type === 'multipart/alternative');
  expect(alternative, 'a multipart/alternative part').toBeDefined();
  expect(alternative!.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html', 'text/calendar']);
  const calendar = alternative!.parts[2]!;
  expect(calendar.disposition).toBe(''); // an alternative, not a file
  expect(calendar.params.charset?.toLowerCase()).toBe('utf-8');
  const attachments = tree.parts.filter((p) => p !== alternative);
  const file = attachments.find((p) => p.dispositionParams.filename === 'invite.ics');
  expect(file, 'invite.ics attached').toBeDefined();
  expect(file!).toMatchObject({ type: 'application/ics', disposition: 'attachment', params: { name: 'invite.ics' } });
  return { calendar, file: file! };
}

function checkedText(part: MimePart): string {
  const text = part.content!.toString('utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // every line ends in CRLF
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  return text;
}

/** The invitation of a mail, checked as above; `method` is the iMIP part's method parameter. */
export function icsOf(mail: Pick<ReceivedMail, 'tree'>) {
  const { calendar, file } = imipParts(mail);
  const text = checkedText(calendar);
  expect(checkedText(file)).toBe(text);
  const lines = parseIcsLines(text);
  const get = (name: string) => lines.find((l) => l.name === name);
  expect(lines.filter((l) => l.name === 'BEGIN').map((l) => l.value)).toEqual(['VCALENDAR', 'VEVENT']);
  expect(lines.filter((l) => l.name === 'END').map((l) => l.value)).toEqual(['VEVENT', 'VCALENDAR']);
  expect(get('VERSION')!.value).toBe('2.0');
  expect(get('DTSTAMP')!.value).toMatch(/^\d{8}T\d{6}Z$/);
  const method = calendar.params.method!;
  expect(method).toBe(get('METHOD')!.value); // RFC 6047 §2.4
  return { text, get, method };
}
