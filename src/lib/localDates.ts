/**
 * Calendar days as date pickers see them. react-day-picker works with local Date objects; our
 * dates are venue days written yyyy-MM-dd. A venue day maps to local midnight of the same calendar
 * date and back, so a picker shows the venue's calendar whatever the device's zone.
 */
import { parseIsoDate } from './venueTime';

export function isoToLocalDate(iso: string): Date {
  const p = parseIsoDate(iso);
  if (!p) throw new Error(`Not a date: ${iso}`);
  return new Date(p.year, p.month - 1, p.day);
}

export function localDateToIso(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
