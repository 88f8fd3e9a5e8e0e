import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES } from '../../../lib/rules/limits';
import type { InboxCollection, InboxStatus } from '../../../lib/rules/staff';
import { INBOX_KINDS } from '../../../lib/rules/staff';
import { useRealtime, type ChangeAction } from '../live';
import { INBOX_PAGE, inboxApi, toItem, type InboxItem, type InboxRecord } from './inboxApi';
import { applyLiveChange, mergeInbox, updatePages, type InboxPages } from './inboxPages';

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
 * after a reconnect, as much of each kind as was loaded) and whenever the filters change;
 * `loadMore` brings the next INBOX_PAGE of each kind that has more (inboxPages.ts).
 */
export function useInbox() {
  const [filters, setFiltersState] = useState<InboxFilters>({ kind: '', status: '' });
  const [pages, setPages] = useState<InboxPages>({});
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  // The filters and pages a realtime callback or a load reads (set up once).
  const filtersRef = useRef(filters);
  const pagesRef = useRef(pages);
  useEffect(() => {
    pagesRef.current = pages;
  }, [pages]);
  const { kind, status } = filters;
  // Live changes, numbered: a load's answer was read before the ones that arrived while it was on
  // its way, so they are applied again on top of it (else a request arriving during a reload,
  // which each realtime set change starts, vanished until the next one).
  const liveLog = useRef<{ seq: number; action: ChangeAction; item: InboxItem }[]>([]);
  const liveSeq = useRef(0);

  /** Loads the filters' kinds: `more` after what is loaded, else from the newest again. */
  const load = useCallback(async (wanted: InboxFilters, more = false) => {
    const collections = wanted.kind ? [wanted.kind] : INBOX_KINDS.map((k) => k.collection);
    const loaded = pagesRef.current;
    const since = liveSeq.current;
    const asked = collections.filter((c) => !more || loaded[c]?.more);
    const answers = await Promise.all(
      asked.map((c) => {
        const items = loaded[c]?.items ?? [];
        return more ? inboxApi.listKind(c, wanted.status, INBOX_PAGE, items[items.length - 1]) : inboxApi.listKind(c, wanted.status, Math.max(INBOX_PAGE, items.length));
      }),
    );
    // An answer for filters since changed is dropped: the newer load is on its way.
    if (filtersRef.current !== wanted) return;
    setPages((current) => {
      const next: InboxPages = more ? { ...current } : {};
      asked.forEach((c, i) => {
        const page = answers[i]!;
        next[c] = more ? { items: [...(current[c]?.items ?? []), ...page.items], more: page.more } : page;
      });
      return liveLog.current.filter((e) => e.seq > since).reduce((pages, e) => applyLiveChange(pages, e.action, e.item), next);
    });
    setState('ready');
  }, []);

  const reload = useCallback(
    (wanted: InboxFilters) =>
      load(wanted).catch((error: unknown) => {
        console.error('inbox: load failed', error);
        setState((s) => (s === 'ready' ? s : 'error'));
      }),
    [load],
  );

  const setFilters = (next: InboxFilters) => {
    filtersRef.current = next;
    pagesRef.current = {};
    setFiltersState(next);
    void reload(next);
  };

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      await load(filtersRef.current, true);
    } catch (error) {
      console.error('inbox: load more failed', error);
      notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.unexpected);
    } finally {
      setLoadingMore(false);
    }
  }, [load]);

  const onChange = useCallback(
    (action: ChangeAction, record: InboxRecord) => {
      const item = toItem(record);
      if (!item || (kind && item.collection !== kind)) return;
      const gone = action === 'delete' || (status !== '' && item.status !== status);
      const change = { seq: ++liveSeq.current, action: gone ? ('delete' as const) : action, item };
      liveLog.current = [...liveLog.current.slice(-199), change];
      setPages((current) => applyLiveChange(current, change.action, item));
    },
    [kind, status],
  );
  const synced = useCallback(() => void reload(filtersRef.current), [reload]);
  useInboxRealtime(onChange, synced);

  const { items, more } = useMemo(() => mergeInbox(pages), [pages]);
  const setItems = useCallback((change: (list: InboxItem[]) => InboxItem[]) => setPages((current) => updatePages(current, change)), []);
  return { items, more, loadMore, loadingMore, state, setItems, filters, setFilters };
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
