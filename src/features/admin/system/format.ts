/** How the System view writes times and sizes. */
import { formatVenueClock, parseServerDate, venueToday } from '../../../lib/venueTime';
import { formatShortDate } from '../format';

/** 'today at 8:05 PM', else 'Tue, Nov 24, 2026 at 8:05 PM' (venue time); 'never' for ''. */
export function whenText(stamp: string, now: Date = new Date()): string {
  const at = parseServerDate(stamp);
  if (!at) return stamp ? stamp : 'never';
  const day = venueToday(at);
  return `${day === venueToday(now) ? 'today' : formatShortDate(day)} at ${formatVenueClock(at)}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1,536 → '1.5 KB'; powers of 1024, one decimal under 10. */
export function sizeText(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  const digits = unit === 0 || n >= 10 ? 0 : 1;
  return `${n.toFixed(digits)} ${UNITS[unit]}`;
}
