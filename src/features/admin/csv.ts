/**
 * CSV export of the filtered reservations (DESIGN §8). RFC 4180 quoting, CRLF line ends and a
 * UTF-8 byte-order mark so spreadsheet apps read names with accents correctly. Cells a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start: guests type their own
 * names) get a leading apostrophe;
 * phone numbers such as '+1 (347) 555-0100' stay as they are.
 */
import { formatCreated, reservationStatusLabel } from './format';
import type { Reservation } from './types';

const FORMULA_START = /^[=+\-@\t\r]/;
/** Phone numbers and plain numbers ('+1 (347) 555-0100', '-3') are data, not formulas. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]+$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const CSV_HEADER = [
  'Event',
  'Event date',
  'Event time',
  'Name',
  'Email',
  'Phone',
  'Party size',
  'Status',
  'Source',
  'Reserved at (New York)',
] as const;

export function reservationsCsv(list: readonly Reservation[]): string {
  return toCsv([
    CSV_HEADER,
    ...list.map((r) => [
      r.event_name,
      r.event_date,
      r.event_time,
      r.name,
      r.email,
      r.phone,
      r.party_size,
      reservationStatusLabel(r.status),
      r.source,
      formatCreated(r.created),
    ]),
  ]);
}

/** reservations-2026-11-22.csv, or with the filter's dates: reservations-2026-11-01-to-2026-11-30.csv */
export function csvFilename(today: string, filters: { date: string; from: string; to: string }): string {
  if (filters.date) return `reservations-${filters.date}.csv`;
  if (filters.from || filters.to) return `reservations-${filters.from || 'start'}-to-${filters.to || 'end'}.csv`;
  return `reservations-${today}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
