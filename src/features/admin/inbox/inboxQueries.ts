/**
 * The requests inbox as queries of the staff client (data/queryClient.ts): one cached list per
 * filters, the count of new requests for the tab, live changes written into every cached list.
 * The paging across the three kinds stays inboxPages.ts's.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { InboxCollection, InboxStatus } from '../../../lib/rules/staff';
import { INBOX_KINDS } from '../../../lib/rules/staff';
import { createLiveLog } from '../data/liveLog';
import { KEPT_MS } from '../data/reservationQueries';
import type { ChangeAction } from '../live';
import { INBOX_PAGE, inboxApi, type InboxItem } from './inboxApi';
import { applyLiveChange, type InboxPages } from './inboxPages';

export interface InboxFilters {
  kind: InboxCollection | '';
  status: InboxStatus | '';
}

export const NO_INBOX_FILTERS: InboxFilters = { kind: '', status: '' };

const LIST = ['staff', 'inbox', 'list'] as const;
type ListKey = readonly [...typeof LIST, InboxFilters];

type Change = [action: ChangeAction, item: InboxItem];
const live = createLiveLog<Change>();

const kindsOf = (filters: InboxFilters): InboxCollection[] => (filters.kind ? [filters.kind] : INBOX_KINDS.map((k) => k.collection));

/** A change as one list sees it: another kind's is nothing to it, one leaving its status a delete. */
function applyChange(pages: InboxPages, [action, item]: Change, filters: InboxFilters): InboxPages {
  if (filters.kind && item.collection !== filters.kind) return pages;
  const gone = action === 'delete' || (filters.status !== '' && item.status !== filters.status);
  return applyLiveChange(pages, gone ? 'delete' : action, item);
}

/**
 * The newest requests of the filters' kinds: as many of each as were loaded already (after a
 * reconnect), at least INBOX_PAGE, with the live changes that arrived meanwhile.
 */
export const inboxQuery = (filters: InboxFilters) =>
  queryOptions({
    queryKey: [...LIST, filters] as ListKey,
    queryFn: async ({ client, queryKey }): Promise<InboxPages> => {
      const loaded = client.getQueryData<InboxPages>(queryKey) ?? {};
      const kinds = kindsOf(filters);
      const { answer, changes } = await live.during(() => Promise.all(kinds.map((c) => inboxApi.listKind(c, filters.status, Math.max(INBOX_PAGE, loaded[c]?.items.length ?? 0)))));
      const pages: InboxPages = {};
      kinds.forEach((c, i) => (pages[c] = answer[i]!));
      return changes.reduce((p, change) => applyChange(p, change, filters), pages);
    },
    gcTime: KEPT_MS,
    meta: { failure: 'inbox: load failed' },
  });

/** How many requests are still new, for the dashboard's tab. */
export const newRequestsQuery = queryOptions({
  queryKey: ['staff', 'inbox', 'new'] as const,
  queryFn: () => inboxApi.countNew(),
  meta: { failure: 'inbox: count failed' },
});

/** The next INBOX_PAGE of each kind with more, after its oldest loaded, into the cached list. */
export async function loadMoreInbox(client: QueryClient, filters: InboxFilters): Promise<void> {
  const { queryKey } = inboxQuery(filters);
  const loaded = client.getQueryData(queryKey) ?? {};
  const asked = kindsOf(filters).filter((c) => loaded[c]?.more);
  const { answer, changes } = await live.during(() => Promise.all(asked.map((c) => inboxApi.listKind(c, filters.status, INBOX_PAGE, loaded[c]!.items.at(-1)))));
  client.setQueryData(queryKey, (current) => {
    if (!current) return current;
    const next: InboxPages = { ...current };
    asked.forEach((c, i) => {
      const items = current[c]?.items ?? [];
      const known = new Set(items.map((item) => item.id));
      next[c] = { items: [...items, ...answer[i]!.items.filter((item) => !known.has(item.id))], more: answer[i]!.more };
    });
    return changes.reduce((p, change) => applyChange(p, change, filters), next);
  });
}

/** A realtime change to a request, written into every cached list for that list's own filters. */
export function applyLiveToInbox(client: QueryClient, action: ChangeAction, item: InboxItem): void {
  live.add([action, item]);
  for (const query of client.getQueryCache().findAll({ queryKey: LIST })) {
    const filters = (query.queryKey as ListKey)[3];
    client.setQueryData<InboxPages>(query.queryKey, (pages) => pages && applyChange(pages, [action, item], filters));
  }
}
