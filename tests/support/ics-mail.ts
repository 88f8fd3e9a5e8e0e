/**
 * The .ics of a mail caught by tests/support/smtp-receiver.ts, checked for what every calendar
 * file we send must be (CRLF lines folded at 75 octets, one VEVENT) and read as properties.
 */
import { expect } from 'vitest';
import { parseIcsLines } from '../../src/lib/rules/ics';

/** The raw .ics bytes of a mail (decoded from the MIME part, so CRLFs are as sent). */
export function icsOf(mail: { raw: string; parsed: { attachments: Array<{ filename: string | null; mimeType: string }> } }) {
  const att = mail.parsed.attachments.find((a) => a.filename === 'invite.ics');
  expect(att).toBeDefined();
  expect(att!.mimeType).toBe('text/calendar');
  const headerAt = mail.raw.lastIndexOf('name="invite.ics"');
  const bodyStart = mail.raw.indexOf('\r\n\r\n', headerAt) + 4;
  const bodyEnd = mail.raw.indexOf('\r\n--', bodyStart);
  const text = Buffer.from(mail.raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64').toString('utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // every line ends in CRLF
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = parseIcsLines(text);
  const get = (name: string) => lines.find((l) => l.name === name);
  expect(lines.filter((l) => l.name === 'BEGIN').map((l) => l.value)).toEqual(['VCALENDAR', 'VEVENT']);
  expect(lines.filter((l) => l.name === 'END').map((l) => l.value)).toEqual(['VEVENT', 'VCALENDAR']);
  expect(get('VERSION')!.value).toBe('2.0');
  expect(get('DTSTAMP')!.value).toMatch(/^\d{8}T\d{6}Z$/);
  return { text, get };
}
