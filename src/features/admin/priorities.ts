/**
 * Which priorities the panel lists, and in what order (SPEC §7 reads them newest date first).
 * Today's come first; an unfinished one from an earlier day stays listed, marked with its date,
 * so that nothing left open vanishes at the venue's midnight. A finished one from an earlier day
 * is history and is not listed; once listed (ticked off here or on another tablet) it stays in
 * view, struck through, until the panel opens again, so a mistaken tick can be undone
 * (usePriorities in sync/hooks.ts).
 */
import type { IsoDate } from '../../lib/venueTime';
import type { Priority } from './types';

/** True for a row the panel loads: any of today's, and an open one from another day. */
export function isListed(row: Pick<Priority, 'priority_date' | 'is_completed'>, today: IsoDate): boolean {
  return row.priority_date === today || !row.is_completed;
}

/** Today's by order_index, then other days newest date first, each by order_index (ties: oldest first). */
export function orderPriorities<T extends Priority>(rows: readonly T[], today: IsoDate): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.priority_date === today) - Number(a.priority_date === today) ||
      b.priority_date.localeCompare(a.priority_date) ||
      a.order_index - b.order_index ||
      a.created.localeCompare(b.created),
  );
}

/** order_index of a new priority for today: the count of today's (SPEC §7 "order_index = current count"). */
export function nextOrderIndex(rows: readonly Priority[], today: IsoDate): number {
  return rows.filter((p) => p.priority_date === today).length;
}
