/**
 * Which of two copies of one record was saved later, by PocketBase's 'updated' autodate
 * ('yyyy-MM-dd HH:mm:ss.SSSZ' in UTC, so the strings compare in time order). Realtime messages,
 * pulls and the answers to the tablet's changes can each arrive after a newer copy: the live lists
 * (live.ts) and the tablet's copy (sync/store.ts) keep the later one by this one rule.
 * False when either has no 'updated': there is nothing to order them by.
 */
export function savedAfter(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '' && a > b;
}
