/**
 * The inbox's "Load more" across three collections (issue 25): each kind is loaded newest first,
 * INBOX_PAGE at a time, after the oldest one loaded (a cursor on created and id, so a request
 * arriving or leaving meanwhile never shifts a page). The merged list shows only what is newer
 * than every kind's loading edge: a kind with more to load may still hold requests newer than
 * another kind's oldest loaded one, and showing that older one first would leave a gap in the
 * "newest first" order. So the list only ever grows at its end.
 */
import type { InboxCollection } from '../../../lib/rules/staff';
import type { InboxItem } from './inboxApi';

/** One kind's loaded requests (newest first) and whether older ones remain on the server. */
export interface KindPage {
  items: InboxItem[];
  more: boolean;
}
export type InboxPages = Partial<Record<InboxCollection, KindPage>>;

/** Newest first; the same created time falls back to the id (the server sorts '-created,-id'). */
export function byNewest(a: Pick<InboxItem, 'created' | 'id'>, b: Pick<InboxItem, 'created' | 'id'>): number {
  return b.created.localeCompare(a.created) || b.id.localeCompare(a.id);
}

/** What the inbox shows, and whether "Load more" has anything to load. */
export function mergeInbox(pages: InboxPages): { items: InboxItem[]; more: boolean } {
  const kinds = Object.values(pages).filter((p): p is KindPage => !!p);
  // The newest of the kinds' loading edges: nothing older than it is known to be complete.
  let edge: InboxItem | undefined;
  for (const page of kinds) {
    const oldest = page.items[page.items.length - 1];
    if (page.more && oldest && (!edge || byNewest(oldest, edge) < 0)) edge = oldest;
  }
  const all = kinds.flatMap((p) => p.items).sort(byNewest);
  return { items: edge ? all.filter((item) => byNewest(item, edge) <= 0) : all, more: kinds.some((p) => p.more) };
}

/** Applies a change to every kind's list (a saved status or note), each kept newest first. */
export function updatePages(pages: InboxPages, change: (list: InboxItem[]) => InboxItem[]): InboxPages {
  const next: InboxPages = {};
  for (const [kind, page] of Object.entries(pages) as [InboxCollection, KindPage][]) next[kind] = { ...page, items: change(page.items).sort(byNewest) };
  return next;
}

/**
 * A live change to one request: added, replaced or removed in its kind's list. A request older
 * than what is loaded of a kind with more to load is left for "Load more" to bring: inserted now,
 * it would become the kind's cursor and the requests between would never load.
 */
export function applyLiveChange(pages: InboxPages, action: string, item: InboxItem): InboxPages {
  const page = pages[item.collection];
  if (!page || !['create', 'update', 'delete'].includes(action)) return pages;
  const rest = page.items.filter((i) => i.id !== item.id);
  const oldest = page.items[page.items.length - 1];
  const known = rest.length !== page.items.length;
  if (action === 'delete' || (!known && page.more && oldest && byNewest(item, oldest) > 0)) {
    return known ? { ...pages, [item.collection]: { ...page, items: rest } } : pages;
  }
  return { ...pages, [item.collection]: { ...page, items: [item, ...rest].sort(byNewest) } };
}
