/**
 * Calendar days as the date picker sees them. react-day-picker works with local Date objects;
 * our dates are venue days written yyyy-MM-dd. A venue day maps to local midnight of the same
 * calendar date and back, so the picker shows the venue's calendar whatever the device's zone.
 */
import { useSyncExternalStore } from 'react';
import { addDays, isoWeekday, parseIsoDate, venueToday } from '../../lib/venueTime';

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

/** The first date on or after `fromIso` that falls on an ISO weekday (1 = Monday … 7 = Sunday). */
export function nextWeekdayOnOrAfter(fromIso: string, weekday: number): string {
  const diff = (weekday - isoWeekday(fromIso) + 7) % 7;
  return addDays(fromIso, diff);
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 'Mondays' for 1. */
export function weekdayPlural(weekday: number): string {
  return `${WEEKDAY_NAMES[weekday - 1] ?? ''}s`;
}

/**
 * The venue's today, read on the client only: null while prerendering and hydrating (so the
 * HTML matches), then the date in New York.
 */
export function useVenueToday(): string | null {
  return useSyncExternalStore(subscribeNothing, venueToday, serverToday);
}
function subscribeNothing() {
  return () => undefined;
}
function serverToday(): string | null {
  return null;
}
