/**
 * The staff sync's shapes: the rows the tablet keeps, and the two answers of the API contract
 * (docs/staff-sync.md: GET /api/admin/sync, POST /api/admin/changes).
 */
import type { StaffEvent } from '../events/eventsApi';
import type { WaitlistStatus } from '../../../lib/rules/waitlist';
import type { FieldConflict, SYNC_OPS, SyncCode, SyncCollection, SyncOutcome } from '../../../lib/rules/staffSync';
import type { CapacityRow, Priority, Reservation, Task } from '../types';

export type { StaffEvent, CapacityRow, Priority, Reservation, Task, FieldConflict };

/** A row of the `waitlist` collection as staff see it. */
export interface WaitlistRow {
  id: string;
  name: string;
  /** the sync carries both; rows from older tests may lack them */
  email?: string;
  phone?: string;
  party_size: number;
  event_date: string;
  event_time: string;
  status: WaitlistStatus;
  offer_expires: string;
  created: string;
}

/** Every collection the tablet keeps a copy of. */
export const SYNCED = ['reservations', 'waitlist', 'capacity', 'events', 'tasks', 'priorities'] as const;
export type SyncedCollection = (typeof SYNCED)[number];

/** The collections staff change through the queue (the contract's push). */
export type ChangeCollection = SyncCollection;

/** A stored row: any record with an id (and, from the server, 'updated'). */
export type Row = { id: string; updated?: string } & Record<string, unknown>;

export interface SyncWindow {
  /** yyyy-MM-dd: the venue night (until 4:00) */
  from: string;
  /** yyyy-MM-dd: 14 nights later */
  to: string;
}

/** GET /api/admin/sync */
export type PullAnswer = {
  cursor: string;
  window: SyncWindow;
  full: boolean;
  /** The server's data generation: one more after each restore of a backup (server/backups). */
  generation?: number;
  deleted: { collection: string; id: string; at?: string }[];
} & Record<SyncedCollection, Row[]>;

export type ChangeOp = (typeof SYNC_OPS)[number];

/** One change as POST /api/admin/changes takes it. */
export interface ChangeWire {
  id: string;
  collection: ChangeCollection;
  op: ChangeOp;
  record_id: string;
  fields: Record<string, unknown>;
  base: Record<string, unknown>;
  force: boolean;
  made_at: string;
}

export type ChangeCode = SyncCode;

/** One result of POST /api/admin/changes. */
export interface ChangeResult {
  id: string;
  outcome: SyncOutcome;
  replayed?: boolean;
  code?: ChangeCode | string;
  message?: string;
  record?: Row;
  conflicts?: FieldConflict[];
}

/**
 * A staff change stored on the tablet: `pending` until the server answers, then gone (applied)
 * or `not_applied` (conflict or refused) until staff apply it anyway, retry or drop it.
 */
export interface StoredChange extends ChangeWire {
  /** the queue's order (Dexie's auto-increment key) */
  seq?: number;
  state: 'pending' | 'not_applied';
  /** what staff read in the Not applied list, e.g. "Ada Lovelace · party size" */
  label: string;
  /** shown but never sent: what the server will add to a create (a walk-in's status, source…) */
  preview?: Record<string, unknown>;
  outcome?: 'conflict' | 'refused';
  code?: string;
  message?: string;
  conflicts?: FieldConflict[];
}
