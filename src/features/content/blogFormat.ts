/** 'April 8, 2025' for '2025-04-08' (a calendar date: no time zone can move it). */
export function formatCalendarDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Up to `count` other articles to read next: the ones after this one in the list, wrapping round. */
export function relatedArticles<T extends { slug: string }>(list: readonly T[], slug: string, count = 3): T[] {
  const index = list.findIndex((item) => item.slug === slug);
  const others = index === -1 ? [...list] : [...list.slice(index + 1), ...list.slice(0, index)];
  return others.slice(0, count);
}
