/**
 * Tonight's list in the order the night runs: by arrival time on the clock (a text sort put
 * '11:30 PM' before '8:00 PM'), times past midnight after the evening's, then by name. A time
 * that cannot be read goes last.
 */
import { parseClockTime } from '../../../lib/venueTime';

function minutesIntoNight(time: string): number {
  const t = parseClockTime(time);
  if (!t) return Number.MAX_SAFE_INTEGER;
  // The night runs from the evening into the small hours: 1:00 AM comes after 11:30 PM.
  return (t.hour < 12 ? t.hour + 24 : t.hour) * 60 + t.minute;
}

export function byNightTime(a: { event_time: string; name: string }, b: { event_time: string; name: string }): number {
  return minutesIntoNight(a.event_time) - minutesIntoNight(b.event_time) || a.name.localeCompare(b.name);
}
