/**
 * Admin data access (SPEC §7 "Admin data"). Every collection here is admin-only on the server
 * (pb_migrations/1763700000_collections.js); the calls carry the signed-in staff session.
 * requestKey: null everywhere: parallel calls to one path must not cancel each other.
 */
import { pb } from '../../lib/api/client';
import type { ReservationStatus, TaskCategoryId, TaskStatus } from '../../lib/rules/limits';
import type { NewTaskRecord } from './starterTasks';
import type { ReservationFilters, ReservationSort } from './reservationsLogic';
import type { CapacityRow, Priority, Reservation, ReservationStats, Task } from './types';

const RESERVATION_FIELDS = 'id,name,email,phone,event_name,event_date,event_time,party_size,source,status,created,updated';

/** The filters as the stats and export endpoints read them (hooks/lib/reservation-stats.ts). */
function filterQuery(filters: ReservationFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.eventName) query.event = filters.eventName;
  if (filters.date) query.date = filters.date;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.q.trim()) query.q = filters.q.trim();
  return query;
}

export const reservationsApi = {
  /** One page of reservations (no total: counting is the stats endpoint's job). */
  page: (page: number, perPage: number, filter: string, sort: string) =>
    pb.collection('reservations').getList<Reservation>(page, perPage, {
      filter,
      sort,
      fields: RESERVATION_FIELDS,
      skipTotal: true,
      requestKey: null,
    }),
  /** Counts, analytics, event names and tonight's seats for the filters, computed by the server. */
  stats: (filters: ReservationFilters) =>
    pb.send<ReservationStats>('/api/admin/reservations/stats', { query: filterQuery(filters), requestKey: null }),
  /** The filtered reservations as a CSV file, in the list's sort order, written by the server. */
  exportCsv: async (filters: ReservationFilters, sort: ReservationSort): Promise<Blob> => {
    const query = new URLSearchParams({ ...filterQuery(filters), sort });
    const response = await fetch(pb.buildURL(`/api/admin/reservations/export?${query}`), {
      headers: { Authorization: pb.authStore.token },
    });
    if (!response.ok) throw new Error(`CSV export failed with ${response.status}`);
    return response.blob();
  },
  setStatus: (id: string, status: ReservationStatus) =>
    pb.collection('reservations').update<Reservation>(id, { status }, { fields: RESERVATION_FIELDS, requestKey: null }),
};

export interface TaskEdit {
  title: string;
  description: string | null;
  cadence: string | null;
  category: TaskCategoryId;
}

/** Saving a change to a staff record and deleting one (never auto-cancelled: each call is its own). */
function editable<T, Patch extends object>(collection: string) {
  return {
    update: (id: string, patch: Patch) => pb.collection(collection).update<T>(id, patch, { requestKey: null }),
    remove: (id: string) => pb.collection(collection).delete(id, { requestKey: null }),
  };
}

export const tasksApi = {
  /** All tasks by order_index (ties: oldest first). */
  list: () => pb.collection('tasks').getFullList<Task>({ sort: 'order_index,created', requestKey: null }),
  create: (record: NewTaskRecord) => pb.collection('tasks').create<Task>(record, { requestKey: null }),
  ...editable<Task, Partial<TaskEdit> & { status?: TaskStatus; notes?: string | null }>('tasks'),
};

export const prioritiesApi = {
  /**
   * What the panel lists (priorities.ts `isListed`): every priority of `today` and the open ones
   * of other days, newest date first as SPEC §7 reads them. Finished ones of earlier days are
   * history and stay on the server.
   */
  listOpenAndForDate: (today: string) =>
    pb.collection('priorities').getFullList<Priority>({
      filter: pb.filter('priority_date = {:today} || is_completed = false', { today }),
      sort: '-priority_date,order_index,created',
      requestKey: null,
    }),
  create: (priority_text: string, priority_date: string, order_index: number) =>
    pb.collection('priorities').create<Priority>(
      { priority_text, priority_date, is_completed: false, order_index },
      { requestKey: null },
    ),
  ...editable<Priority, { is_completed?: boolean; priority_text?: string }>('priorities'),
};

export const capacityApi = {
  /** The 'default' row and the row for `date`, whichever exist. */
  forDate: (date: string) =>
    pb.collection('capacity').getFullList<CapacityRow>({
      filter: pb.filter('date = {:date} || date = "default"', { date }),
      requestKey: null,
    }),
  save: (existing: CapacityRow | undefined, date: string, seats: number, note: string) =>
    existing
      ? pb.collection('capacity').update<CapacityRow>(existing.id, { seats, note }, { requestKey: null })
      : pb.collection('capacity').create<CapacityRow>({ date, seats, note }, { requestKey: null }),
};
