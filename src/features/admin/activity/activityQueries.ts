/**
 * The activity log as queries of the staff client (data/queryClient.ts): a reservation's history
 * (admins may read it: the collection's rule allows target_collection = "reservations") and the
 * owner's view, paged newest first per filters. Read live from the server, never kept on the
 * tablet: offline the screens say it needs the connection.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { pb } from '../../../lib/api/client';
import { KEPT_MS } from '../data/reservationQueries';
import { ACTIVITY_FIELDS, activityFilter, type ActivityFilters, type ActivityRow } from './activityLogic';

export const ACTIVITY_PAGE = 50;
/** The CSV takes the filtered rows in pages of this many (PocketBase's largest page). */
const EXPORT_BATCH = 500;

const activity = () => pb.collection('activity');

/** Every row about one reservation, oldest first: its story in order. */
export const historyQuery = (reservationId: string) =>
  queryOptions({
    queryKey: ['staff', 'activity', 'history', reservationId] as const,
    queryFn: () =>
      activity().getFullList<ActivityRow>({
        filter: pb.filter('target_collection = "reservations" && target_id = {:id}', { id: reservationId }),
        sort: 'created,id',
        fields: ACTIVITY_FIELDS,
        requestKey: null,
      }),
    staleTime: 0,
    gcTime: KEPT_MS,
    meta: { failure: 'Could not load this reservation’s history', toast: 'first' },
  });

const filterOf = (filters: ActivityFilters) => {
  const { filter, params } = activityFilter(filters);
  return filter ? pb.filter(filter, params) : '';
};

/** The owner's list: ACTIVITY_PAGE rows a page, newest first. */
export const activityListQuery = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'activity', 'list', filters] as const,
    queryFn: ({ pageParam }) =>
      activity().getList<ActivityRow>(pageParam, ACTIVITY_PAGE, { filter: filterOf(filters), sort: '-created,-id', fields: ACTIVITY_FIELDS, skipTotal: true, requestKey: null }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.items.length === ACTIVITY_PAGE ? page + 1 : undefined),
    gcTime: KEPT_MS,
    meta: { failure: 'Could not load the activity', toast: 'first' },
  });

/** Every row of the filters, newest first, for the CSV (the owner asked for all of them). */
export function allActivity(filters: ActivityFilters): Promise<ActivityRow[]> {
  return activity().getFullList<ActivityRow>({ batch: EXPORT_BATCH, filter: filterOf(filters), sort: '-created,-id', fields: ACTIVITY_FIELDS, requestKey: null });
}
