/**
 * Venue dates and times in America/New_York, computed without Intl.
 *
 * The same code runs in the browser and inside PocketBase's JavaScript hooks (goja, which has
 * no Intl and no time zone database), so the US daylight-saving rule is written out here:
 * EDT (UTC-4) from the second Sunday of March at 02:00 local standard time (07:00 UTC) to the
 * first Sunday of November at 02:00 local daylight time (06:00 UTC); EST (UTC-5) otherwise.
 * That rule has been in force since 2007.
 */

export type IsoDate = string;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Monday first, to match ISO weekday numbers (1 = Monday … 7 = Sunday). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number, width = 2): string {
  let s = String(n);
  while (s.length < width) s = '0' + s;
  return s;
}

/** Day of month of the n-th Sunday (n >= 1) of a month, in UTC calendar arithmetic. */
function nthSunday(year: number, monthIndex: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay(); // 0 = Sunday
  const firstSunday = 1 + ((7 - firstWeekday) % 7);
  return firstSunday + (n - 1) * 7;
}

/** UTC instants (ms) at which daylight time starts and ends in New York for a year. */
export function nyDstBounds(year: number): { start: number; end: number } {
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7, 0, 0); // 02:00 EST = 07:00 UTC
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6, 0, 0); // 02:00 EDT = 06:00 UTC
  return { start, end };
}

/** Offset of New York local time from UTC in minutes at an instant: -240 (EDT) or -300 (EST). */
export function nyOffsetMinutes(date: Date): number {
  const t = date.getTime();
  const { start, end } = nyDstBounds(date.getUTCFullYear());
  return t >= start && t < end ? -240 : -300;
}

interface Parts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 1 = Monday … 7 = Sunday
}

/** Wall-clock parts of an instant in New York. */
export function venueParts(now: Date = new Date()): Parts {
  const shifted = new Date(now.getTime() + nyOffsetMinutes(now) * 60_000);
  const jsDay = shifted.getUTCDay();
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: jsDay === 0 ? 7 : jsDay,
  };
}

/** Today's date at the venue, as yyyy-MM-dd. */
export function venueToday(now: Date = new Date()): IsoDate {
  return dateOf(venueParts(now));
}

const dateOf = (p: Parts): IsoDate => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

/**
 * The venue's night ends at this hour (America/New_York wall clock): the bar is open from 6pm to
 * midnight or later, so until 4:00 the night that began the evening before is still "tonight".
 */
export const VENUE_NIGHT_ENDS_HOUR = 4;

/** venueNight's last answer, and the minute (ms since the epoch / 60 000) it is for. */
const lastNight = { minute: NaN, night: '' };

/**
 * The venue night an instant belongs to, as yyyy-MM-dd: the calendar date of its evening.
 * 23:59 on the 23rd and 00:30 and 03:59 on the 24th are all the night of the 23rd; 04:00 on the
 * 24th begins the 24th. Read from the wall clock, so it holds on the nights the clocks change.
 */
export function venueNight(now: Date = new Date()): IsoDate {
  // The night changes only on a minute (4:00 on the wall clock, and the clocks change on the
  // hour), so one minute's answer holds for all of it: every create's rules ask (server/rules.go).
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastNight.minute) {
    const p = venueParts(now);
    lastNight.minute = minute;
    lastNight.night = p.hour < VENUE_NIGHT_ENDS_HOUR ? addDays(dateOf(p), -1) : dateOf(p);
  }
  return lastNight.night;
}

/** Parses yyyy-MM-dd into its numbers when it is a real calendar date, else null. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

/** Adds whole days to a yyyy-MM-dd date. */
export function addDays(dateIso: IsoDate, days: number): IsoDate {
  const p = parseIsoDate(dateIso);
  if (!p) throw new Error(`Not a date: ${dateIso}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`Not a date: ${a ? to : from}`);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(dateIso: IsoDate): number {
  const p = parseIsoDate(dateIso);
  if (!p) throw new Error(`Not a date: ${dateIso}`);
  const jsDay = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return jsDay === 0 ? 7 : jsDay;
}

/** 'Saturday' for 2026-12-05. */
export function weekdayName(dateIso: IsoDate): string {
  return WEEKDAY_NAMES[isoWeekday(dateIso) - 1] ?? '';
}

/** 'December 5, 2026' for 2026-12-05 (a calendar date: an article's, a legal page's update). */
export function formatCalendarDate(dateIso: IsoDate): string {
  const p = parseIsoDate(dateIso);
  if (!p) return dateIso;
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/** 'Saturday, December 5, 2026' for 2026-12-05 (the spec's long human date). */
export function formatLongDate(dateIso: IsoDate): string {
  const p = parseIsoDate(dateIso);
  if (!p) return dateIso;
  return `${weekdayName(dateIso)}, ${formatCalendarDate(dateIso)}`;
}

/** 'Saturday, December 5' for 2026-12-05 (used where the year is obvious, e.g. a full night). */
export function formatNight(dateIso: IsoDate): string {
  const p = parseIsoDate(dateIso);
  if (!p) return dateIso;
  return `${weekdayName(dateIso)}, ${MONTHS[p.month - 1]} ${p.day}`;
}

/**
 * Reads the first clock time in free text: '7:30 PM', '7pm', '7:30pm', '10PM', '7pm-11pm',
 * '1pm and 10pm' (first one), '12am', or 24-hour '19:30'. Returns hours (0..23) and minutes.
 */
export function parseClockTime(text: string): { hour: number; minute: number } | null {
  const ampm = /(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\b\.?/i.exec(text);
  if (ampm) {
    let hour = Number(ampm[1]);
    const minute = ampm[2] ? Number(ampm[2]) : 0;
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const pm = (ampm[3] ?? '').toLowerCase() === 'p';
    if (hour === 12) hour = pm ? 12 : 0;
    else if (pm) hour += 12;
    return { hour, minute };
  }
  const h24 = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (h24) {
    const hour = Number(h24[1]);
    const minute = Number(h24[2]);
    if (hour > 23 || minute > 59) return null;
    return { hour, minute };
  }
  return null;
}

/**
 * The UTC instant of a venue wall-clock date and time ('7:30 PM', '7pm', …), or null when the
 * time cannot be read. Times in the spring-forward gap resolve to the instant one hour later.
 */
export function venueDateTimeToUtc(dateIso: IsoDate, time: string): Date | null {
  const p = parseIsoDate(dateIso);
  const t = parseClockTime(time);
  if (!p || !t) return null;
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, t.hour, t.minute, 0);
  // First guess with standard time, then correct with the offset in force at that instant.
  let instant = wallAsUtc + 300 * 60_000;
  const offset = nyOffsetMinutes(new Date(instant));
  instant = wallAsUtc - offset * 60_000;
  const check = nyOffsetMinutes(new Date(instant));
  if (check !== offset) instant = wallAsUtc - check * 60_000;
  return new Date(instant);
}

/** An instant as an iCalendar UTC date-time: 20261205T233000Z. */
export function toIcsUtc(date: Date): string {
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    'T' +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds()) +
    'Z'
  );
}

/** '7:45 PM' for 19:45; `short` leaves out whole hours' minutes: '6 PM', '10:30 PM'. */
export function clockText(hour: number, minute: number, short = false): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  const m = short && minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`;
  return `${h}${m} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '7:45 PM' for an instant, on the venue's clock (a waitlist hold's end in its mail, a sync time on the staff tablet). */
export function formatVenueClock(instant: Date, short = false): string {
  const p = venueParts(instant);
  return clockText(p.hour, p.minute, short);
}

/** PocketBase's 'yyyy-MM-dd HH:mm:ss.SSSZ' (UTC), or an ISO instant, as a Date; null when it is neither. */
export function parseServerDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '8:05 AM on Tuesday, December 1': when a hold ends, with its calendar day at the venue. An offer
 * for a night weeks away ends long before that night, so the time alone reads as the night's. The
 * one way a claim deadline is written, in the offer's mail and on its page; `instant` may be the
 * stored stamp (an unreadable one is shown as it is).
 */
export function formatVenueDeadline(instant: Date | string): string {
  const at = typeof instant === 'string' ? parseServerDate(instant) : instant;
  if (!at) return String(instant);
  return `${formatVenueClock(at)} on ${formatNight(venueToday(at))}`;
}
