import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FAILURE_MESSAGES } from '../../../lib/rules/limits';
import { INBOX_KINDS } from '../../../lib/rules/staff';
import { refresh, tellFailure } from '../data/queryClient';
import { useRealtime, type ChangeAction } from '../live';
import { toItem, type InboxItem, type InboxRecord } from './inboxApi';
import { mergeInbox, updatePages } from './inboxPages';
import { NO_INBOX_FILTERS, applyLiveToInbox, inboxQuery, loadMoreInbox, newRequestsQuery, type InboxFilters } from './inboxQueries';

export type { InboxFilters };

/**
 * Live changes of the three request collections (realtime, admin-only by their list rule):
 * `onChange` gets each, `onSynced` runs once all three subscriptions are confirmed and after a
 * reconnect (load there, so nothing arriving meanwhile is missed).
 */
const nothing = () => undefined;
function useInboxRealtime(onChange: (action: ChangeAction, record: InboxRecord) => void, onSynced: () => void, enabled = true) {
  // One subscription per kind over the one realtime connection, confirmed in the order asked:
  // the last one's confirmation (and its reconnects) stands for all three.
  useRealtime<InboxRecord>(INBOX_KINDS[0].collection, onChange, nothing, enabled);
  useRealtime<InboxRecord>(INBOX_KINDS[1].collection, onChange, nothing, enabled);
  useRealtime<InboxRecord>(INBOX_KINDS[2].collection, onChange, onSynced, enabled);
}

/**
 * The inbox list and its filters, through the staff query client: newest first, live, loaded
 * once realtime is confirmed (again after a reconnect, as much of each kind as was loaded) and
 * whenever the filters change; `loadMore` brings the next INBOX_PAGE of each kind that has more
 * (inboxPages.ts). Until new filters' answer is in, the previous list stays on screen.
 */
export function useInbox() {
  const client = useQueryClient();
  const [filters, setFilters] = useState<InboxFilters>(NO_INBOX_FILTERS);
  const query = useMemo(() => inboxQuery(filters), [filters]);
  const { data, isError } = useQuery({ ...query, enabled: false, placeholderData: keepPreviousData });
  const [loadingMore, setLoadingMore] = useState(false);
  const [synced, setSynced] = useState(0);

  const onChange = useCallback(
    (action: ChangeAction, record: InboxRecord) => {
      const item = toItem(record);
      if (item) applyLiveToInbox(client, action, item);
    },
    [client],
  );
  useInboxRealtime(onChange, () => setSynced((n) => n + 1));
  useEffect(() => {
    if (synced) void refresh(client, query);
  }, [synced, query, client]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      await loadMoreInbox(client, filters);
    } catch (error) {
      tellFailure(error, FAILURE_MESSAGES.unexpected, true);
    } finally {
      setLoadingMore(false);
    }
  }, [client, filters]);

  const state = data !== undefined ? 'ready' : isError ? 'error' : 'loading';
  const { items, more } = useMemo(() => mergeInbox(data ?? {}), [data]);
  const setItems = useCallback((change: (list: InboxItem[]) => InboxItem[]) => client.setQueryData(query.queryKey, (pages) => pages && updatePages(pages, change)), [client, query]);
  return { items, more, loadMore, loadingMore, state, setItems, filters, setFilters };
}

/** How many requests are still new, for the dashboard's tab: recounted on every change. */
export function useNewRequestCount(): number {
  const client = useQueryClient();
  const { data } = useQuery({ ...newRequestsQuery, enabled: false });
  const recount = useCallback(() => void refresh(client, newRequestsQuery), [client]);
  // Its subscriptions start with the dashboard's: the open view loads again once they are
  // confirmed (useRealtime), so a change landing meanwhile is not lost.
  useInboxRealtime(recount, recount);
  return data ?? 0;
}
