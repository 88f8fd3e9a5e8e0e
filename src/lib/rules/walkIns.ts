/**
 * Walk-ins at the door (issue 31, defect 6): the kiosk takes them from the night's open tables
 * start until they end, as the weekly schedule that staff edit says (the active weekly events
 * marked open tables, e.g. "6pm-12am" on Fridays), with the time the guest is at the door as the
 * arrival once the listed slots have passed. The kiosk (src/features/kiosk) and the server's
 * create check (hooks/lib/create-plan.ts) read the same rule.
 */
import { venue } from '../../content/venue';
import { TIME_SLOTS } from './limits';
import {
  VENUE_NIGHT_ENDS_HOUR,
  addDays,
  formatVenueClock,
  isoWeekday,
  parseClockTime,
  venueDateTimeToUtc,
  venueNight,
  venueToday,
  weekdayName,
  type IsoDate,
} from '../venueTime';

/** A schedule entry as both sides read it (an `events` record). */
export interface ScheduleRow {
  kind: string;
  weekday: number;
  time: string;
  open_tables: boolean;
}

/** A night's open tables: from `start` until `end` (not included). */
export interface OpenTables {
  night: IsoDate;
  start: Date;
  end: Date;
}

export const WALK_IN_MESSAGES = {
  closedTitle: 'Walk-in reservations are closed',
  /** 'Walk-in reservations open again at 6 PM on Saturday.' */
  opensAgain: (opensAt: Date) => `Walk-in reservations open again at ${formatVenueClock(opensAt, true)} on ${weekdayName(venueToday(opensAt))}.`,
  askStaff: 'Please ask our staff at the bar, and come back soon!',
  /** The kiosk's arrival once the listed times have passed. */
  arrivingNow: (time: string) => `Arriving now: ${time}`,
  /** The server's refusal of a walk-in time outside the night's open tables. */
  timeOutsideOpenTables: 'Walk-ins are taken only while the open tables run that night. Please choose one of the listed times',
} as const;

/** The time a walk-in arrives, as the kiosk writes it ('11:45 PM'); the listed slots are written the same way. */
const WALK_IN_TIME = /^(1[0-2]|[1-9]):[0-5]\d [AP]M$/;

/** True for a clock time written as a walk-in's arrival ('11:45 PM'), which the kiosk may send instead of a slot. */
export function isWalkInTime(value: string): boolean {
  return WALK_IN_TIME.test(value);
}

/** '6pm-12am' (also '6pm – 12am', '6pm to 12am') as a night's window; an end at or before the start is after midnight. */
function windowOf(night: IsoDate, range: string): OpenTables | null {
  const parts = /^(.+?)\s*(?:-|–|—|\bto\b)\s*(.+)$/i.exec(range.trim());
  const from = parts ? parseClockTime(parts[1] ?? '') : null;
  const to = parts ? parseClockTime(parts[2] ?? '') : null;
  if (!parts || !from || !to) return null;
  const endsNextDay = to.hour * 60 + to.minute <= from.hour * 60 + from.minute;
  const start = venueDateTimeToUtc(night, parts[1] ?? '');
  const end = venueDateTimeToUtc(endsNextDay ? addDays(night, 1) : night, parts[2] ?? '');
  return start && end ? { night, start, end } : null;
}

/**
 * The night's open tables from the schedule: its weekday's open-tables entries (earliest start to
 * latest end), or null when the schedule has none that night. An empty schedule (the kiosk offline
 * before it ever read one) stands for the venue's own hours.
 */
export function openTablesOn(schedule: readonly ScheduleRow[], night: IsoDate): OpenTables | null {
  const ranges =
    schedule.length === 0
      ? [`${venue.hours.opens}-${venue.hours.closes}`]
      : schedule.filter((row) => row.kind === 'weekly' && row.open_tables && row.weekday === isoWeekday(night)).map((row) => row.time);
  return ranges.reduce<OpenTables | null>((found, range) => {
    const window = windowOf(night, range);
    if (!window || !found) return window ?? found;
    return { night, start: window.start < found.start ? window.start : found.start, end: window.end > found.end ? window.end : found.end };
  }, null);
}

/** What the kiosk offers at an instant. */
export type WalkIns =
  /** Open: the slots still ahead that start before the tables end (none: the arrival is now). */
  | { open: true; night: IsoDate; end: Date; slots: string[] }
  /** Closed: when walk-ins open again (null when the schedule has no open tables in the coming week). */
  | { open: false; night: IsoDate; opensAt: Date | null };

/**
 * Walk-ins at `now`, for the venue night it belongs to (until 4 AM the evening before's: at 12:30
 * AM on Saturday the night is Friday's, open until its tables end at midnight, so closed).
 */
export function walkInsAt(schedule: readonly ScheduleRow[], now: Date = new Date()): WalkIns {
  const night = venueNight(now);
  const t = now.getTime();
  const tables = openTablesOn(schedule, night);
  if (tables && tables.start.getTime() <= t && t < tables.end.getTime()) {
    const slots = TIME_SLOTS.filter((slot) => {
      const at = venueDateTimeToUtc(night, slot)?.getTime() ?? -1;
      return at >= t && at < tables.end.getTime();
    });
    return { open: true, night, end: tables.end, slots };
  }
  for (let days = 0; days <= 7; days += 1) {
    const next = openTablesOn(schedule, addDays(night, days));
    if (next && next.start.getTime() > t) return { open: false, night, opensAt: next.start };
  }
  return { open: false, night, opensAt: null };
}

/**
 * The server's check of a walk-in's arrival that is not a listed slot ('11:45 PM' for the night
 * of `night`; before 4 AM it is the next calendar day): '' while that night's tables are open at
 * that time, else the refusal.
 */
export function checkWalkInArrival(schedule: readonly ScheduleRow[], night: IsoDate, time: string): string {
  const clock = parseClockTime(time);
  const tables = openTablesOn(schedule, night);
  if (!clock || !tables) return WALK_IN_MESSAGES.timeOutsideOpenTables;
  const at = venueDateTimeToUtc(clock.hour < VENUE_NIGHT_ENDS_HOUR ? addDays(night, 1) : night, time);
  return at && at >= tables.start && at < tables.end ? '' : WALK_IN_MESSAGES.timeOutsideOpenTables;
}
