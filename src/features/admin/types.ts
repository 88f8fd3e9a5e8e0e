import type { ReservationSource, ReservationStatus, TaskCategoryId, TaskStatus } from '../../lib/rules/limits';

/** A row of the reservations collection as staff see it (attribution fields are not shown). */
export interface Reservation {
  id: string;
  name: string;
  email: string;
  phone: string;
  event_name: string;
  /** yyyy-MM-dd */
  event_date: string;
  /** free text: '7:00 PM', '6pm' */
  event_time: string;
  party_size: number;
  source: ReservationSource | '';
  status: ReservationStatus;
  /** 'yyyy-MM-dd HH:mm:ss.SSSZ' (UTC), PocketBase's autodate */
  created: string;
  updated: string;
}

export interface Task {
  id: string;
  title: string;
  /** PocketBase stores a null text as '' */
  description: string;
  cadence: string;
  category: TaskCategoryId;
  order_index: number;
  is_completed: boolean;
  /** '' on rows written without a status: treated as unchecked */
  status: TaskStatus | '';
  notes: string;
  created: string;
}

export interface Priority {
  id: string;
  priority_text: string;
  /** yyyy-MM-dd */
  priority_date: string;
  is_completed: boolean;
  order_index: number;
  created: string;
}

export interface CapacityRow {
  id: string;
  /** yyyy-MM-dd or 'default' */
  date: string;
  seats: number;
  note: string;
}

/** [key, reservations, guests]: an event name or a yyyy-MM-dd date. */
export type StatsRow = [key: string, reservations: number, guests: number];

/** GET /api/admin/reservations/stats (hooks/lib/reservation-stats.ts). */
export interface ReservationStats {
  counts: { reservations: number; guests: number; events: number };
  byEvent: StatsRow[];
  byDate: StatsRow[];
  /** every event name in the data, for the event filter */
  eventNames: string[];
  /** tonight's Board Game Night: seats of reservations not cancelled, and of guests arrived */
  /** the venue night (until 4:00 the night that began the evening before) */
  tonight: { date: string };
}
