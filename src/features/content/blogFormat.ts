import { isoToLocalDate } from '../../lib/localDates';

/** 'April 8, 2025' for '2025-04-08' (a calendar date: local midnight, formatted in the same zone). */
let longDate: Intl.DateTimeFormat | undefined;

export function formatCalendarDate(iso: string): string {
  try {
    longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }); // one formatter: each costs ICU data
    return longDate.format(isoToLocalDate(iso));
  } catch {
    return iso;
  }
}

/** Up to `count` other articles to read next: the ones after this one in the list, wrapping round. */
export function relatedArticles<T extends { slug: string }>(list: readonly T[], slug: string, count = 3): T[] {
  const index = list.findIndex((item) => item.slug === slug);
  const others = index === -1 ? [...list] : [...list.slice(index + 1), ...list.slice(0, index)];
  return others.slice(0, count);
}
