/**
 * Text helpers that run while a page starts, so they must be cheap at a phone's speed.
 * Intl's formatters and localeCompare load ICU data on first use: the CPU profile of a cold
 * /meetups-groups load at 4× slowdown had ~60 ms in the FAQ's ListFormat and ~39 ms in the blog
 * list's localeCompare sort, all inside the app's first task (a long task in TBT's count).
 */

/**
 * "a", "a and b", "a, b, and c": what Intl.ListFormat('en-US', conjunction, long) gives, without
 * it. Its first use loads ICU's list data, ~15 ms of a page's start-up on this machine and ~60 ms at
 * a phone's speed, for the few lists the FAQ and the articles build while their module loads.
 */
export function englishList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/**
 * Orders strings by code point, the order ISO dates, ids and ASCII slugs already sort in, without
 * a collator. Not for names a guest reads in a list: those want localeCompare.
 */
export function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
