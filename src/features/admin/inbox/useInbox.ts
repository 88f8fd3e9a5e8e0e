import { useCallback, useRef, useState } from 'react';
import type { InboxCollection, InboxStatus } from '../../../lib/rules/staff';
import { INBOX_KINDS } from '../../../lib/rules/staff';
import { applyChange, useRealtime, type ChangeAction } from '../live';
import { byNewest, inboxApi, toItem, type InboxItem, type InboxRecord } from './inboxApi';

export interface InboxFilters {
  kind: InboxCollection | '';
  status: InboxStatus | '';
}

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
 * The inbox list and its filters: newest first, live, loaded once realtime is confirmed (again
 * after a reconnect) and whenever the filters change.
 */
export function useInbox() {
  const [filters, setFiltersState] = useState<InboxFilters>({ kind: '', status: '' });
  const [items, setItems] = useState<InboxItem[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  // The filters a realtime callback reads (it is set up once).
  const filtersRef = useRef(filters);
  const { kind, status } = filters;

  const load = useCallback(async (wanted: InboxFilters) => {
    try {
      const collections = wanted.kind ? [wanted.kind] : INBOX_KINDS.map((k) => k.collection);
      const rows = await inboxApi.list(collections, wanted.status);
      // An answer for filters since changed is dropped: the newer load is on its way.
      if (filtersRef.current !== wanted) return;
      setItems(rows);
      setState('ready');
    } catch (error) {
      console.error('inbox: load failed', error);
      setState((s) => (s === 'ready' ? s : 'error'));
    }
  }, []);

  const setFilters = (next: InboxFilters) => {
    filtersRef.current = next;
    setFiltersState(next);
    void load(next);
  };

  const onChange = useCallback(
    (action: ChangeAction, record: InboxRecord) => {
      const item = toItem(record);
      if (!item || (kind && item.collection !== kind)) return;
      const gone = action === 'delete' || (status !== '' && item.status !== status);
      setItems((list) => applyChange(list, gone ? 'delete' : action, item).sort(byNewest));
    },
    [kind, status],
  );
  const synced = useCallback(() => void load(filtersRef.current), [load]);
  useInboxRealtime(onChange, synced);
  return { items, state, setItems, filters, setFilters };
}

/** How many requests are still new, for the dashboard's tab: recounted on every change. */
export function useNewRequestCount(): number {
  const [count, setCount] = useState(0);
  const recount = useCallback(() => {
    inboxApi.countNew().then(setCount, (error: unknown) => console.warn('inbox: count failed', error));
  }, []);
  // Its subscriptions start with the dashboard's: the open view loads again once they are
  // confirmed (useRealtime), so a change landing meanwhile is not lost.
  useInboxRealtime(recount, recount);
  return count;
}
