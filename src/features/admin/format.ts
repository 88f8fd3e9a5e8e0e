/** Display helpers for the staff screens (venue time, labels). */
import { TASK_CATEGORIES, type ReservationStatus, type TaskCategoryId } from '../../lib/rules/limits';
import { parseIsoDate, venueParts, weekdayName } from '../../lib/venueTime';

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** PocketBase's 'yyyy-MM-dd HH:mm:ss.SSSZ' (UTC) as a Date, or null. */
export function parseServerDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

function clock(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 20, 2026, 7:42 PM' in New York time. */
export function formatCreated(value: string): string {
  const date = parseServerDate(value);
  if (!date) return value;
  const p = venueParts(date);
  return `${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}, ${clock(p.hour, p.minute)}`;
}

/** 'Sat, Dec 5, 2026' for 2026-12-05. */
export function formatShortDate(iso: string): string {
  const p = parseIsoDate(iso);
  if (!p) return iso;
  return `${weekdayName(iso).slice(0, 3)}, ${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}`;
}

export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  confirmed: 'Confirmed',
  arrived: 'Arrived',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

export function reservationStatusLabel(status: string): string {
  return RESERVATION_STATUS_LABELS[status as ReservationStatus] ?? status;
}

const CATEGORY_LABELS = new Map<string, string>(TASK_CATEGORIES.map((c) => [c.id, c.label]));

export function categoryLabel(id: TaskCategoryId | string): string {
  return CATEGORY_LABELS.get(id) ?? id;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
