/**
 * Calendar days as date pickers and date labels see them. react-day-picker works with local Date
 * objects; our dates are venue days written yyyy-MM-dd. A venue day maps to local midnight of the
 * same calendar date and back, so a picker or a label shows the venue's calendar whatever the
 * device's zone. (The hooks have no Intl time zones: src/lib/venueTime.ts does their math.)
 *
 * Plain Date, not date-fns: the blog's date labels use this on content pages' first load, which
 * keeps date-fns (the day picker's) off it (tests/e2e/budget.test.ts).
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function localDateToIso(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function isoToLocalDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // Written back the same only when it was a real yyyy-MM-dd date (no 2025-02-30, no 2025-2-3).
  if (Number.isNaN(date.getTime()) || localDateToIso(date) !== iso) throw new Error(`Not a date: ${iso}`);
  return date;
}
