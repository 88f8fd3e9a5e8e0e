/**
 * Calendar days as date pickers and date labels see them. react-day-picker works with local Date
 * objects; our dates are venue days written yyyy-MM-dd. A venue day maps to local midnight of the
 * same calendar date and back (date-fns), so a picker or a label shows the venue's calendar
 * whatever the device's zone. (The hooks have no date-fns: src/lib/venueTime.ts does their math.)
 */
import { isValid, lightFormat, parseISO } from 'date-fns';
import { DATE_PATTERN } from './rules/limits';

export function isoToLocalDate(iso: string): Date {
  const date = DATE_PATTERN.test(iso) ? parseISO(iso) : null;
  if (!date || !isValid(date)) throw new Error(`Not a date: ${iso}`);
  return date;
}

export function localDateToIso(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}
