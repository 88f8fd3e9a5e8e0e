/**
 * The staff app's one data layer for the server's online-only routes (issue 31): the reservations
 * history and its figures, the requests inbox and the dashboard's session check go through one
 * TanStack Query client. What the tablet's copy holds (tonight's list, the waitlist, tasks, events)
 * is read from IndexedDB (sync/hooks.ts) and is not cached twice here.
 *
 * Every query here loads when the screen says so (realtime confirmed, new filters, a reconnect),
 * never on its own (no refetch on focus, on reconnect or on a timer; no retry): the realtime
 * subscription decides when an answer can be trusted to miss nothing (live.ts). `networkMode:
 * 'always'`: a request made offline fails at once instead of waiting, so the session check can
 * fall back to the copy and the screens say "offline" themselves.
 */
import { QueryCache, QueryClient, partialMatchKey, type FetchQueryOptions, type Query, type QueryKey } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { notify } from '../../../components/toast';
import { pb } from '../../../lib/api/client';
import { TOAST_TITLES } from '../../../lib/rules/limits';
import { isOnline } from '../../outbox';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** logged when a load fails, and the toast's words when staff are told */
      failure?: string;
      /** tell staff when a load fails: 'always', or 'first' (only while nothing is shown yet) */
      toast?: 'always' | 'first';
    };
  }
}

/**
 * A failed load staff should hear about: the server answered with an error. No answer at all
 * (offline, or the network coming back a moment later than the browser says) is what the staff
 * frame's state line shows, and the screen loads again when the connection returns.
 */
export function worthTelling(error: unknown): boolean {
  return isOnline() && !(error instanceof ClientResponseError && error.status === 0);
}

/** Logs a failed load and, when worth it, tells staff in a toast. */
export function tellFailure(error: unknown, failure: string, toast: boolean): void {
  console.error(failure, error);
  if (toast && worthTelling(error)) notify.error(TOAST_TITLES.error, failure);
}

/** Only a load a screen is showing is told (one asked for early, e.g. before the role check, is not). */
function onError(error: unknown, query: Query<unknown, unknown, unknown, QueryKey>): void {
  const { failure, toast } = query.meta ?? {};
  if (!failure) return;
  const shown = query.getObserversCount() > 0;
  tellFailure(error, failure, shown && (toast === 'always' || (toast === 'first' && query.state.data === undefined)));
}

export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    defaultOptions: {
      queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchOnMount: false },
    },
  });
}

/** The session checks' keys (one per account: sessionQuery.ts). */
export const SESSION_KEY = ['staff', 'session'] as const;

/** The staff app's client: the dashboard provides it, and its early start fills it. */
export const staffQueryClient = createStaffQueryClient();

// A signed-out tablet (or another account signing in) keeps nothing of the last one's answers. A
// session check on its way is left to answer (keyed by account, it says "signed out" and the
// dashboard goes to the login screen).
let signedInAs = pb.authStore.record?.id ?? '';
pb.authStore.onChange((token, record) => {
  const now = token ? (record?.id ?? '') : '';
  if (now !== signedInAs) staffQueryClient.removeQueries({ predicate: (query) => !partialMatchKey(query.queryKey, SESSION_KEY) });
  signedInAs = now;
});

/**
 * Asks the server again for one query, never joining a request already on its way: that request
 * left before what the caller has just learnt (the realtime subscription confirmed, new filters,
 * a live change), so its answer may miss something. It is cancelled (its answer, when it comes,
 * is dropped) and the cache takes the new one. Failures are the query's state (and onError's);
 * the promise never rejects.
 */
export async function refresh<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<void> {
  await client.cancelQueries({ queryKey: options.queryKey, exact: true });
  await client.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined);
}
