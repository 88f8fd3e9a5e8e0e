/**
 * The reservations CSV (DESIGN §8), shared by the browser and the server's streamed export
 * (hooks/lib/reservation-stats.ts, through pb_hooks/lib/backend.js): RFC 4180 quoting, CRLF
 * line ends. Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start:
 * guests type their own names) get a leading apostrophe; phone numbers such as
 * '+1 (347) 555-0100' stay as they are.
 */
import { parseClockTime, parseServerDate, venueParts } from '../venueTime';

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

export const RESERVATION_STATUS_LABELS = {
  confirmed: 'Confirmed',
  arrived: 'Arrived',
  no_show: 'No-show',
  cancelled: 'Cancelled',
} as const;

export function reservationStatusLabel(status: string): string {
  return (RESERVATION_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export { parseServerDate };

function clock(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 20, 2026, 7:42 PM' in New York time. */
export function formatCreated(value: string): string {
  const date = parseServerDate(value);
  if (!date) return value;
  const p = venueParts(date);
  return `${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}, ${clock(p.hour, p.minute)}`;
}

/** The fields of a reservation the export writes. */
export interface CsvReservation {
  event_name: string;
  event_date: string;
  event_time: string;
  name: string;
  email: string;
  phone: string;
  party_size: number;
  status: string;
  source: string;
  created: string;
}

/** One reservation as the cells of a CSV line, in CSV_HEADER's order. */
export function reservationCsvCells(r: CsvReservation): unknown[] {
  return [
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
  ];
}

/** The staff list's sort orders (SPEC §9): the screen, the paged list and the export share them. */
export type ReservationSort = 'event_date' | 'event_name' | 'created';

type Sortable = Pick<CsvReservation, 'event_name' | 'event_date' | 'event_time' | 'name' | 'created'>;

/** Minutes after midnight of a free-text time ('7:30 PM', '6pm'); unreadable times sort last. */
function timeKey(text: string): number {
  const t = parseClockTime(text);
  return t ? t.hour * 60 + t.minute : 24 * 60;
}

export const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * The comparator of a sort order: event date (soonest first, then time, event, guest), event
 * name (A–Z, then date, time, guest) or created (newest first).
 */
export function reservationOrder(sort: ReservationSort): (a: Sortable, b: Sortable) => number {
  switch (sort) {
    case 'event_date':
      return (a, b) =>
        a.event_date.localeCompare(b.event_date) ||
        timeKey(a.event_time) - timeKey(b.event_time) ||
        byName(a.event_name, b.event_name) ||
        byName(a.name, b.name);
    case 'event_name':
      return (a, b) =>
        byName(a.event_name, b.event_name) ||
        a.event_date.localeCompare(b.event_date) ||
        timeKey(a.event_time) - timeKey(b.event_time) ||
        byName(a.name, b.name);
    case 'created':
    default:
      return (a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0);
  }
}
