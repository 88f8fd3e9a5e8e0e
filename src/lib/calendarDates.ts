/**
 * Venue days as calendars and schedules use them: weekdays, the next night of a weekly event, and
 * today in New York read without breaking hydration. Shared by the reservation forms, the events
 * pages and the kiosk, so it lives here rather than inside one feature.
 */
import { useHydrated } from './useHydrated';
import { addDays, isoWeekday, venueToday, WEEKDAY_NAMES } from './venueTime';

/** The first date on or after `fromIso` that falls on an ISO weekday (1 = Monday … 7 = Sunday). */
export function nextWeekdayOnOrAfter(fromIso: string, weekday: number): string {
  const diff = (weekday - isoWeekday(fromIso) + 7) % 7;
  return addDays(fromIso, diff);
}

export { WEEKDAY_NAMES };

/** 'Mondays' for 1. */
export function weekdayPlural(weekday: number): string {
  return `${WEEKDAY_NAMES[weekday - 1] ?? ''}s`;
}

/**
 * The venue's today, read on the client only: null while prerendering and hydrating (so the
 * HTML matches), then the date in New York (see useHydrated: the switch renders as a transition).
 */
export function useVenueToday(): string | null {
  return useHydrated() ? venueToday() : null;
}
