import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvCell, reservationCsvCells, toCsv, type CsvReservation } from './csv';

describe('csv quoting', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('The "Engine" crew')).toBe('"The ""Engine"" crew"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(4)).toBe('4');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas, but not phone numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('+1 (347) 555-0100')).toBe('+1 (347) 555-0100');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['a', 'b'], ['c,d', 'e']])).toBe('a,b\r\n"c,d",e\r\n');
  });
});

describe('reservations csv', () => {
  const row: CsvReservation = {
    name: 'Grace "Amazing" Hopper',
    email: 'grace@example.test',
    phone: '(718) 555-0199',
    event_name: 'Board Game Night',
    event_date: '2026-11-27',
    event_time: '7:30 PM',
    party_size: 4,
    source: 'web',
    status: 'no_show',
    created: '2026-11-20 23:42:11.123Z',
  };

  it('has a header and one line per reservation, times in New York', () => {
    const lines = toCsv([CSV_HEADER, reservationCsvCells(row)]).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[1]).toBe(
      'Board Game Night,2026-11-27,7:30 PM,"Grace ""Amazing"" Hopper",grace@example.test,(718) 555-0199,4,No-show,web,"Nov 20, 2026, 6:42 PM"',
    );
    expect(lines[2]).toBe('');
  });
});
