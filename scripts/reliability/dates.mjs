// Venue dates for the reliability script (plain Node: the app's venueTime.ts is TypeScript).

/** Until this hour (venue clock) the night that began the evening before is still tonight (src/lib/venueTime.ts VENUE_NIGHT_ENDS_HOUR). */
const VENUE_NIGHT_ENDS_HOUR = 4;

/**
 * The venue night `now` belongs to, yyyy-MM-dd, as the server counts "today" (src/lib/venueTime.ts
 * venueNight; tests/unit/reliabilityDates.test.ts holds the two together): between midnight and
 * 4 AM in New York the calendar's yesterday is still tonight, so "a past date" must be the day
 * before the venue night, or a run in that window stores it and calls it malformed.
 */
export function venueToday(now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return Number(part('hour')) < VENUE_NIGHT_ENDS_HOUR ? addDays(date, -1) : date;
}

export function addDays(iso, days) {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(iso) {
  return ((new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The first date at least `minDays` after `from` that falls on ISO `weekday`. */
export function nextWeekday(from, weekday, minDays = 1) {
  let date = addDays(from, minDays);
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** 'Saturday, December 5, 2026' */
export function longDate(iso) {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}
