import { describe, expect, it } from 'vitest';
import { buildIcs, icsFold, parseIcsLines } from './ics';
import { escapeHtml, inquiryAckMail, parseMailFrom, reservationConfirmationMail } from './mail';
import { venue } from '../../src/content/venue';

/** A string's length in UTF-8 bytes (the hooks' tsconfig has neither Node's Buffer nor the DOM's TextEncoder). */
const utf8Bytes = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length;

describe('ics', () => {
  it('folds long lines at 75 octets and unfolds back', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = icsFold(line);
    for (const l of folded.split('\r\n')) expect(utf8Bytes(l)).toBeLessThanOrEqual(75);
    expect(parseIcsLines(folded + '\r\n')[0]!.value).toBe('é'.repeat(80));
  });

  it('folds every kind of character where a per-character fold would, and leaves short lines alone', () => {
    // The reference: the fold written with a code-point iterator (too slow in goja, issue 33).
    const reference = (line: string) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const ch of Array.from(line)) {
        const code = ch.codePointAt(0) ?? 0;
        const len = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        if (octets + len > (parts.length === 0 ? 75 : 74)) {
          parts.push(current);
          current = '';
          octets = 0;
        }
        current += ch;
        octets += len;
      }
      parts.push(current);
      return parts.join('\r\n ');
    };
    const lines = [
      '',
      'SUMMARY:Board Game Night',
      'x'.repeat(75),
      'x'.repeat(76),
      `DESCRIPTION:${'a'.repeat(300)}`,
      `DESCRIPTION:${'ab🎲ç'.repeat(40)}`,
      `LOCATION:${'日本語'.repeat(30)}`,
      `X:${'\ud83c'}${'z'.repeat(80)}${'\udfb2'}${'é'.repeat(40)}`,
    ];
    for (const line of lines) expect(icsFold(line)).toBe(reference(line));
    expect(icsFold('SUMMARY:Board Game Night')).toBe('SUMMARY:Board Game Night');
  });

  it('falls back to an all-day entry for unreadable times and escapes text', () => {
    const ics = buildIcs({ uid: 'u1', date: '2026-12-31', time: 'late', summary: 'A, B; C', description: 'x\ny', location: 'Here', now: new Date('2026-11-22T00:00:00Z') });
    const lines = parseIcsLines(ics);
    const get = (n: string) => lines.find((l) => l.name === n)!;
    expect(get('DTSTART')).toMatchObject({ params: { VALUE: 'DATE' }, value: '20261231' });
    expect(get('DTEND').value).toBe('20270101');
    expect(get('SUMMARY').value).toBe('A\\, B\\; C');
    expect(get('DESCRIPTION').value).toBe('x\\ny');
    expect(get('DTSTAMP').value).toBe('20261122T000000Z');
  });
});

describe('mail copy', () => {
  it('escapes each of the five HTML specials once, and returns plain text as it is', () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('Board Game Night')).toBe('Board Game Night');
    expect(escapeHtml(4)).toBe('4');
    expect(escapeHtml(null)).toBe('');
  });

  it('escapes guest input in HTML and uses the venue facts', () => {
    const mail = reservationConfirmationMail({
      id: 'abc123def456ghi',
      name: '<script>alert(1)</script>',
      email: 'a@example.com',
      event_name: 'Board Game Night',
      event_date: '2026-12-05',
      event_time: '7:30 PM',
      party_size: 1,
      cancelUrl: 'https://example.test/cancel/tok',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml('<script>alert(1)</script>'));
    expect(mail.text).toContain('1 person');
    expect(mail.text).toContain('Saturday, December 5, 2026');
    expect(mail.text).toContain(venue.address.oneLine);
    expect(mail.icalEvent?.content).toContain('DTSTART:20261206T003000Z');
  });

  it('promises a reply within 24 hours for inquiries', () => {
    const mail = inquiryAckMail({ id: 'x', name: 'Kat', email: 'k@example.com', phone: '718', message: 'Hi' });
    expect(mail.text).toContain('within 24 hours');
  });
});

describe('MAIL_FROM', () => {
  it('reads "Name <address>", a quoted name, and a bare address', () => {
    expect(parseMailFrom('Tiny Cupboard Games <games@example.test>')).toEqual({ name: 'Tiny Cupboard Games', address: 'games@example.test' });
    expect(parseMailFrom(' "Games, Inc" <a@b.test> ')).toEqual({ name: 'Games, Inc', address: 'a@b.test' });
    expect(parseMailFrom('  a@b.test ')).toEqual({ name: '', address: 'a@b.test' });
  });
});
