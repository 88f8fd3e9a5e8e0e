/**
 * The outbox's IndexedDB store (Dexie). One row per submission that has not been confirmed by
 * the server yet, keyed by its client-chosen record id. Opened lazily so importing the outbox
 * costs nothing during prerendering or in browsers without IndexedDB.
 */
import Dexie, { type Table } from 'dexie';
import { OUTBOX_DB_NAME } from './presence';

export type OutboxState = 'pending' | 'rejected';

export interface OutboxEntry {
  /** The record id the server will store (15 chars, [a-z0-9]); chosen before anything else. */
  id: string;
  collection: string;
  body: Record<string, unknown>;
  /** What the guest sees in the pending list, e.g. "Board Game Night · Saturday, December 5". */
  label: string;
  createdAt: number;
  state: OutboxState;
  /** Failed delivery attempts so far (network errors and server errors). */
  attempts: number;
  /** Earliest time (ms) the background flush tries again; 0 = as soon as possible. */
  nextAttemptAt: number;
  lastError?: string;
  /** HTTP status of the last failed attempt (429: rate limited, the server is busy), 0 = no answer. */
  lastStatus?: number;
  /** Set when the server rejected the submission during a background flush. */
  message?: string;
  fieldErrors?: Record<string, string>;
  /** The refusal's stable code, when the server gave one: what to decide a rejection by. */
  code?: string | undefined;
  rejectedAt?: number;
}

class OutboxDatabase extends Dexie {
  entries!: Table<OutboxEntry, string>;

  constructor() {
    super(OUTBOX_DB_NAME);
    this.version(1).stores({ entries: 'id, state, createdAt' });
  }
}

let instance: OutboxDatabase | null = null;

export function outboxDb(): OutboxDatabase {
  if (!instance) instance = new OutboxDatabase();
  return instance;
}

/** Tests: drop the database between cases. */
export async function resetOutboxDbForTests(): Promise<void> {
  if (instance) {
    instance.close();
    await Dexie.delete(instance.name);
    instance = null;
  }
}
