// 'April 8, 2025' for '2025-04-08', written out without Intl (whose first DateTimeFormat loads ICU
// data while the blog list or a legal page's "Last updated" hydrates).
export { formatCalendarDate } from '../../lib/venueTime';

/** Up to `count` other articles to read next: the ones after this one in the list, wrapping round. */
export function relatedArticles<T extends { slug: string }>(list: readonly T[], slug: string, count = 3): T[] {
  const index = list.findIndex((item) => item.slug === slug);
  const others = index === -1 ? [...list] : [...list.slice(index + 1), ...list.slice(0, index)];
  return others.slice(0, count);
}
