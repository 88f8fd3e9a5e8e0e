/**
 * Calendar days as date pickers and date labels see them. react-day-picker works with local Date
 * objects; our dates are venue days written yyyy-MM-dd. A venue day maps to local midnight of the
 * same calendar date and back, so a picker or a label shows the venue's calendar whatever the
 * device's zone. (The hooks have no date-fns: src/lib/venueTime.ts does their math.)
 *
 * Reading stays a few plain lines rather than date-fns' parseISO: the blog's date labels are on
 * content pages' first load, where parseISO would cost ~2 KB for one yyyy-MM-dd.
 */
import { lightFormat } from 'date-fns';

export function isoToLocalDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // Written back the same only when it was a real yyyy-MM-dd date (no 2025-02-30, no 2025-2-3).
  if (Number.isNaN(date.getTime()) || localDateToIso(date) !== iso) throw new Error(`Not a date: ${iso}`);
  return date;
}

export function localDateToIso(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}
