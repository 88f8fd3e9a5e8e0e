/** Which nights the tablet keeps: the venue night (until 4:00) and the next 14. */
import { addDays, venueNight } from '../../../lib/venueTime';
import type { Row, SyncWindow, SyncedCollection } from './types';

export const WINDOW_NIGHTS = 14;

export function syncWindow(now: Date = new Date()): SyncWindow {
  const from = venueNight(now);
  return { from, to: addDays(from, WINDOW_NIGHTS) };
}

/** The date a row of a collection belongs to, or null for collections kept whole. */
function dateOf(collection: SyncedCollection, row: Row): string | null {
  if (collection === 'reservations' || collection === 'waitlist') return String(row.event_date ?? '');
  if (collection === 'capacity') return row.date === 'default' ? null : String(row.date ?? '');
  return null;
}

/** Does the tablet keep this row? A reservation moved to a night outside the window is dropped. */
export function inWindow(collection: SyncedCollection, row: Row, window: SyncWindow): boolean {
  const date = dateOf(collection, row);
  return date === null || (date >= window.from && date <= window.to);
}
