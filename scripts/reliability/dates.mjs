// Venue dates for the reliability script (plain Node: the app's venueTime.ts is TypeScript).

/** Today's date at the venue (America/New_York), yyyy-MM-dd. */
export function venueToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
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
