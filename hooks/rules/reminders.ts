/**
 * The day-of reminder (issue 12): from REMINDER_HOUR (venue time) on a venue night, each
 * confirmed reservation of that night gets one reminder, unless it was made less than
 * REMINDER_MIN_LEAD_HOURS before its arrival time or its arrival time has passed. Pure
 * functions of the records and an injected "now" (server/reminders.go runs them, through the rules bundle).
 */
import { venueDateTimeToUtc, venueNight, type IsoDate } from '../../src/lib/venueTime';
import { REMINDER_HOUR, REMINDER_MIN_LEAD_HOURS } from '../../src/lib/rules/waitlist';

/** What the selection reads of a reservation. */
export interface ReminderCandidate {
  event_date: string;
  event_time: string;
  status: string;
  /** empty until the reminder is queued */
  reminded_at: string;
  /** when the reservation was made: PocketBase datetime text ('2026-11-22 03:02:06.575Z') or ISO */
  created: string;
}

/** The instant of REMINDER_HOUR:00 on a night's own date, venue time. */
export function reminderTime(night: IsoDate): Date | null {
  return venueDateTimeToUtc(night, `${REMINDER_HOUR}:00`);
}

/** The night whose reminders are due at `now` (its venue night, once REMINDER_HOUR has struck), else null. */
export function reminderNightAt(now: Date): IsoDate | null {
  const night = venueNight(now);
  const from = reminderTime(night);
  return from && now.getTime() >= from.getTime() ? night : null;
}

/** A PocketBase datetime or ISO text as an instant (null when unreadable). */
function instantOf(value: string): Date | null {
  const d = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Does this reservation get its reminder at `now`? Its night is the one due, it is confirmed and
 * not yet reminded, it was made at least REMINDER_MIN_LEAD_HOURS before its arrival, and the
 * arrival is still ahead. An unreadable time (an event's free text) counts from REMINDER_HOUR.
 */
export function isReminderDue(r: ReminderCandidate, now: Date): boolean {
  const night = reminderNightAt(now);
  if (!night || r.event_date !== night || r.status !== 'confirmed' || r.reminded_at !== '') return false;
  const readable = venueDateTimeToUtc(r.event_date, r.event_time);
  const arrival = readable ?? reminderTime(night);
  const created = instantOf(r.created);
  if (!arrival || !created) return false;
  if (readable && arrival.getTime() <= now.getTime()) return false;
  return arrival.getTime() - created.getTime() >= REMINDER_MIN_LEAD_HOURS * 3_600_000;
}

/** The reservations (of any night) that get their reminder at `now`. */
export function dueReminders<T extends ReminderCandidate>(reservations: readonly T[], now: Date): T[] {
  return reservations.filter((r) => isReminderDue(r, now));
}
