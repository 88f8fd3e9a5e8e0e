/** Display helpers for the staff screens (venue time, labels). */
import { TASK_CATEGORIES, type TaskCategoryId } from '../../lib/rules/limits';
import { parseIsoDate, weekdayName } from '../../lib/venueTime';

// The CSV export and the screens show times and statuses the same way (one source: lib/rules/csv).
export { formatCreated, parseServerDate, RESERVATION_STATUS_LABELS, reservationStatusLabel } from '../../lib/rules/csv';

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sat, Dec 5, 2026' for 2026-12-05. */
export function formatShortDate(iso: string): string {
  const p = parseIsoDate(iso);
  if (!p) return iso;
  return `${weekdayName(iso).slice(0, 3)}, ${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}`;
}

const CATEGORY_LABELS = new Map<string, string>(TASK_CATEGORIES.map((c) => [c.id, c.label]));

export function categoryLabel(id: TaskCategoryId | string): string {
  return CATEGORY_LABELS.get(id) ?? id;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
