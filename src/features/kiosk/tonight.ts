/**
 * What the door kiosk offers: tonight only (the venue night, America/New_York: until 4:00 the
 * night that began the evening before, see venueNight) and only the board game night slots that
 * have not started yet in venue time.
 */
import { TIME_SLOTS } from '../../lib/rules/limits';
import { venueDateTimeToUtc, venueNight, type IsoDate } from '../../lib/venueTime';

export interface Tonight {
  /** The venue night, yyyy-MM-dd. */
  date: IsoDate;
  /** Slots still ahead (a slot at exactly `now` still counts); empty once the last one has passed. */
  slots: string[];
}

export function tonightAt(now: Date = new Date()): Tonight {
  const date = venueNight(now);
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
