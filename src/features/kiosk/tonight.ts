/**
 * What the door kiosk offers: tonight only (the venue's today, America/New_York) and only the
 * board game night slots that have not started yet in venue time.
 */
import { TIME_SLOTS } from '../../lib/rules/limits';
import { venueDateTimeToUtc, venueToday, type IsoDate } from '../../lib/venueTime';

export interface Tonight {
  /** The venue's today, yyyy-MM-dd. */
  date: IsoDate;
  /** Slots still ahead (a slot at exactly `now` still counts); empty once the last one has passed. */
  slots: string[];
}

export function tonightAt(now: Date = new Date()): Tonight {
  const date = venueToday(now);
  const t = now.getTime();
  const slots = TIME_SLOTS.filter((slot) => {
    const start = venueDateTimeToUtc(date, slot);
    return start !== null && start.getTime() >= t;
  });
  return { date, slots };
}

/** 'Ada' from '  Ada   Lovelace '; the whole trimmed name when it has no spaces. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
