/**
 * Live updates for the staff dashboard (DESIGN §5): realtime subscriptions (SSE) that keep a
 * list in step with other devices, and a reload after the connection was lost (changes made
 * while disconnected are not replayed by the server).
 */
import { useEffect, useRef, useState } from 'react';
import type { RecordSubscription, UnsubscribeFunc } from 'pocketbase';
import { pb } from '../../lib/api/client';
import { savedAfter } from './recordOrder';

export type ChangeAction = 'create' | 'update' | 'delete' | string;

/**
 * PocketBase (v0.39, apis/realtime.go) sends each realtime message on its own goroutine, so two
 * changes to one record made within milliseconds can reach a device in either order: an event's
 * `update` before its `create`, or a reservation's check-in before the edit it followed. Applied
 * as they come, the older copy would stay on screen until the next reload. Each topic passes on
 * a message only when it is not older than the newest it has passed on for that record, by the
 * record's 'updated' (savedAfter, recordOrder.ts).
 * After a delete, anything not newer than the deleted copy is dropped too. A message whose
 * record has no id or 'updated' is passed on: there is nothing to order it by.
 */
export function createOrderGuard(): (action: ChangeAction, record: unknown) => boolean {
  const newest = new Map<string, { updated: string; deleted: boolean }>();
  return (action, record) => {
    const { id, updated } = (record ?? {}) as { id?: unknown; updated?: unknown };
    if (typeof id !== 'string' || typeof updated !== 'string' || updated === '') return true;
    const seen = newest.get(id);
    if (seen && (savedAfter(seen.updated, updated) || (seen.deleted && !savedAfter(updated, seen.updated)))) return false;
    newest.set(id, { updated, deleted: action === 'delete' });
    return true;
  };
}

/**
 * The reload of every subscription whose data is loaded. PocketBase replaces a connection's whole
 * subscription set each time one is added or removed (unsubscribe all, then subscribe the new
 * set, server side), so a change landing in that moment reaches none of the open subscriptions.
 * After each change of the set, the others load again, coalesced into one reload each.
 */
const loaded = new Set<() => void>();
const toReload = new Set<() => void>();
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

function subscriptionSetChanged(except?: () => void): void {
  for (const reload of loaded) if (reload !== except) toReload.add(reload);
  if (reloadTimer !== undefined || toReload.size === 0) return;
  reloadTimer = setTimeout(() => {
    reloadTimer = undefined;
    const due = [...toReload];
    toReload.clear();
    for (const reload of due) if (loaded.has(reload)) reload();
  }, RESYNC_DELAY_MS);
}

/** A burst of set changes (the dashboard's first load) costs each open subscription one reload, not one per change. */
const RESYNC_DELAY_MS = 50;

type Listener = { onChange: (action: ChangeAction, record: unknown) => void; reload: () => void };

/**
 * One SDK subscription per collection for the whole staff app, shared by every listener (the
 * local copy and any screen), so a screen that opens never changes the connection's set when
 * the collection is already subscribed. `ready` settles once the server confirmed it.
 */
interface Topic {
  listeners: Set<Listener>;
  ready: Promise<UnsubscribeFunc>;
  confirmed: boolean;
}
const topics = new Map<string, Topic>();

function openTopic(collection: string): Topic {
  const topic: Topic = { listeners: new Set(), confirmed: false, ready: Promise.resolve(() => Promise.resolve()) };
  const inOrder = createOrderGuard();
  topic.ready = pb.collection(collection).subscribe('*', (event: RecordSubscription<unknown>) => {
    if (!inOrder(event.action, event.record)) return;
    for (const listener of topic.listeners) listener.onChange(event.action, event.record);
  });
  topic.ready.then(
    () => {
      topic.confirmed = true;
    },
    () => undefined,
  );
  topics.set(collection, topic);
  if (topics.size === 1) keepConnecting();
  return topic;
}

function closeTopic(collection: string, topic: Topic): void {
  topics.delete(collection);
  if (topics.size === 0) stopConnecting?.();
  topic.ready.then((unsubscribe) => unsubscribe()).then(() => subscriptionSetChanged(), () => undefined);
}

/** How often a realtime connection that never came up is tried again while the device is online. */
export const REVIVE_INTERVAL_MS = 5_000;
let stopConnecting: (() => void) | undefined;

/**
 * The SDK reconnects a connection that dropped, but one that never came up (the staff app
 * reloaded offline: the first connect fails) it leaves closed, with every subscription kept and
 * none sent. Nothing would connect it again: the tablet read "Connecting…" all night and other
 * tablets' changes never arrived. So, while any topic is open, a device back online (and every
 * few seconds while online, for a wifi with no way out) asks for the connection again: a
 * subscribe while disconnected connects and sends the whole kept set, and each PB_CONNECT
 * listener (subscribeLive's catch-up, useLiveStatus) then runs as after any reconnect.
 */
export function reviveRealtime(): void {
  if (pb.realtime.isConnected || topics.size === 0 || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  pb.realtime.subscribe('PB_CONNECT', () => undefined).then(
    (unsubscribe) => unsubscribe(),
    () => undefined,
  );
}

function keepConnecting(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', reviveRealtime);
  const timer = window.setInterval(reviveRealtime, REVIVE_INTERVAL_MS);
  stopConnecting = () => {
    window.removeEventListener('online', reviveRealtime);
    window.clearInterval(timer);
    stopConnecting = undefined;
  };
}

/**
 * Listens to every change of a collection until the returned function is called. `onSynced`
 * runs once the subscription is confirmed by the server, again after each set change made by
 * another subscription (coalesced), and each time the connection comes back with a new client
 * id: load the data there, never before, so that no change falls between the load and the
 * subscription (the server does not replay missed events). If realtime cannot connect,
 * `onSynced` still runs once so the data loads without live updates.
 */
export function subscribeLive<T>(collection: string, onChange: (action: ChangeAction, record: T) => void, onSynced: () => void): () => void {
  let active = true;
  let synced = false;
  let clientId = '';
  const reload = () => {
    if (active) onSynced();
  };
  const listener: Listener = { onChange: (action, record) => active && onChange(action, record as T), reload };
  const existing = topics.get(collection);
  const topic = existing ?? openTopic(collection);
  topic.listeners.add(listener);
  const ready = () => {
    synced = true;
    clientId = pb.realtime.clientId;
    if (!existing) subscriptionSetChanged(reload);
    loaded.add(reload);
    reload();
  };
  const connect = pb.realtime.subscribe('PB_CONNECT', (event: { clientId?: string }) => {
    const next = event?.clientId ?? '';
    const reconnected = synced && next !== clientId;
    if (synced) clientId = next;
    if (active && reconnected) onSynced();
  });
  Promise.all([topic.ready, connect]).then(ready, (error) => {
    console.warn(`Realtime subscription to ${collection} failed`, error);
    if (!synced) ready();
  });
  return () => {
    active = false;
    loaded.delete(reload);
    toReload.delete(reload);
    topic.listeners.delete(listener);
    if (topic.listeners.size === 0 && topics.get(collection) === topic) closeTopic(collection, topic);
    connect.then((unsubscribe) => unsubscribe(), () => undefined);
  };
}

/**
 * subscribeLive while mounted and `enabled`. Safe under StrictMode's mount → unmount → mount:
 * each effect run removes only its own listener.
 */
export function useRealtime<T>(
  collection: string,
  onChange: (action: ChangeAction, record: T) => void,
  onSynced: () => void,
  enabled = true,
): void {
  const changeRef = useRef(onChange);
  const syncedRef = useRef(onSynced);
  useEffect(() => {
    changeRef.current = onChange;
    syncedRef.current = onSynced;
  });

  useEffect(() => {
    if (!enabled) return;
    return subscribeLive<T>(
      collection,
      (action, record) => changeRef.current(action, record),
      () => syncedRef.current(),
    );
  }, [collection, enabled]);
}

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * The realtime connection as staff should read it: 'live' while the server pushes changes,
 * 'connecting' while the SDK (re)connects, 'offline' when the device has no network.
 */
export function useLiveStatus(online: boolean): LiveState {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let active = true;
    const pending = pb.realtime.subscribe('PB_CONNECT', () => {
      if (active) setConnected(true);
    });
    pending.then(() => active && setConnected(pb.realtime.isConnected)).catch(() => undefined);
    // The SDK has one disconnect callback; keep any other and chain it.
    const previous = pb.realtime.onDisconnect;
    pb.realtime.onDisconnect = (subscriptions) => {
      previous?.(subscriptions);
      if (active) setConnected(false);
    };
    return () => {
      active = false;
      pb.realtime.onDisconnect = previous;
      pending.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    };
  }, []);
  if (!online) return 'offline';
  return connected ? 'live' : 'connecting';
}
