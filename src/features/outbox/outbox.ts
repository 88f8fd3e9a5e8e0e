/**
 * The offline outbox: every public form submits through it (DESIGN.md §4).
 *
 * 1. The record id is chosen first (or given, for deterministic ids such as the monthly pass).
 * 2. The entry is written to IndexedDB before anything is sent.
 * 3. Online, it is sent at once: delivered (or already there: a duplicate id) removes it;
 *    a rejection removes it and is returned to the form, which shows the reason.
 * 4. Offline, or when the network or server fails, it stays queued and is sent by the
 *    background flush: on app start, when the browser comes back online, when the tab becomes
 *    visible and on an interval, one flush at a time (a module lock, and a Web Lock across
 *    tabs), with exponential backoff per entry, or the wait the server asked for (Retry-After,
 *    schedule.ts). A rejection during a background flush stays stored, marked rejected, until the
 *    guest dismisses it.
 */
import { RECORD_ID_PATTERN } from '../../lib/rules/limits';
import { RetryableError } from '../../lib/api/client';
import { isOnline, newOutboxId } from './ids';
import { outboxDb, type OutboxEntry } from './db';
import { writeOutboxPresence } from './presence';
import { isRestoring } from './restoring';
import { backoffMs, retryDelayMs, wakeAt } from './schedule';
import { lookAgainSoon, withCrossTabLock } from './crossTabLock';
import { sendRecord } from './transport';

export type SubmitOutcome =
  | { status: 'delivered'; id: string }
  /** `restoring`: the server refused it because a backup is being restored (say so: BACKUP_MESSAGES.restoring). */
  | { status: 'queued'; id: string; restoring?: boolean }
  /** `code`: the refusal's stable code when it has one (src/lib/rules/refusals.ts): decide by it, not the words. */
  | { status: 'rejected'; id: string; message: string; fieldErrors: Record<string, string>; code?: string | undefined };

export interface SubmitOptions {
  /** Shown in the pending list, e.g. "Board Game Night · Saturday, December 5 · 4 people". */
  label: string;
  /** A deterministic record id (15 chars, [a-z0-9]); a fresh random one otherwise. */
  id?: string;
}

export type OutboxEvent =
  | { type: 'delivered'; entry: OutboxEntry; background: boolean }
  | { type: 'rejected'; entry: OutboxEntry; background: boolean }
  | { type: 'queued'; entry: OutboxEntry };

export { isOnline, newOutboxId };

const listeners = new Set<(event: OutboxEvent) => void>();

/** Subscribe to deliveries, rejections and queueing (the indicator uses it for toasts). */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: OutboxEvent) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('[outbox] listener failed', error);
    }
  }
}

export { backoffMs };

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** The HTTP status of a retryable failure (429 = the server asked us to slow down), 0 for a network error. */
function statusOf(error: unknown): number {
  return error instanceof RetryableError ? error.status : 0;
}

/**
 * Keeps a failed entry for later: its attempts, when to try again (its backoff or the server's
 * Retry-After) and why it failed; and wakes the flush when it is due.
 */
async function keepForLater(id: string, attempts: number, error: unknown): Promise<Pick<OutboxEntry, 'lastStatus' | 'lastError'>> {
  const failure = { lastError: describe(error), lastStatus: statusOf(error) };
  const nextAttemptAt = Date.now() + retryDelayMs(attempts, error);
  await outboxDb().entries.update(id, { attempts, nextAttemptAt, ...failure }).catch(() => undefined);
  wakeAt(nextAttemptAt, wakeFlush);
  return failure;
}

/** Ids being sent by this tab right now: the flush skips them so nothing is sent twice at once. */
const inFlight = new Set<string>();

export async function submitThroughOutbox(
  collection: string,
  body: Record<string, unknown>,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  const id = options.id ?? newOutboxId();
  if (!RECORD_ID_PATTERN.test(id)) throw new Error(`Outbox ids must be 15 characters of [a-z0-9]: ${id}`);
  const payload = { ...body, id };
  const entry: OutboxEntry = {
    id,
    collection,
    body: payload,
    label: options.label,
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  };

  let stored = true;
  try {
    writeOutboxPresence(true);
    await outboxDb().entries.put(entry);
  } catch (error) {
    // No IndexedDB (some private modes): still send, but nothing can be kept for later.
    console.warn('[outbox] could not store the submission on this device', error);
    stored = false;
  }

  if (!isOnline() && stored) {
    emit({ type: 'queued', entry });
    return { status: 'queued', id };
  }

  inFlight.add(id);
  try {
    const result = await sendRecord(collection, payload);
    if (stored) {
      await outboxDb().entries.delete(id);
      await recordPresence();
    }
    if (result.status === 'delivered') {
      emit({ type: 'delivered', entry, background: false });
      return { status: 'delivered', id };
    }
    const code = result.code;
    emit({ type: 'rejected', entry: { ...entry, message: result.message, fieldErrors: result.fieldErrors, code }, background: false });
    return { status: 'rejected', id, message: result.message, fieldErrors: result.fieldErrors, code };
  } catch (error) {
    if (!stored) throw error;
    const failure = await keepForLater(id, 1, error);
    emit({ type: 'queued', entry });
    return { status: 'queued', id, restoring: isRestoring(failure) };
  } finally {
    inFlight.delete(id);
  }
}

export interface FlushResult {
  delivered: number;
  rejected: number;
  failed: number;
}

export interface FlushOptions {
  /** Ignore the per-entry backoff (app start, back online, "Send now"). */
  force?: boolean;
}

let running: Promise<FlushResult> | null = null;
let again = false;
let againForce = false;

/** What a wake-up runs: a flush whose failure is only logged (nobody awaits a timer). */
function wakeFlush(): void {
  void flushOutbox().catch((e) => console.warn('[outbox] flush failed', e));
}

/**
 * Sends every pending entry, oldest first. Only one flush runs at a time in this page; a call
 * made while one runs schedules one more pass after it and shares its promise.
 */
export function flushOutbox(options: FlushOptions = {}): Promise<FlushResult> {
  if (running) {
    again = true;
    againForce ||= !!options.force;
    return running;
  }
  // `running` is cleared in the step that finds no further pass asked for, not in a `.finally`
  // on the promise: a call in between would be answered by a flush already over (serialFlight.ts).
  running = (async () => {
    try {
      const total: FlushResult = { delivered: 0, rejected: 0, failed: 0 };
      let force = !!options.force;
      do {
        again = false;
        const pass = await withCrossTabLock(() => flushPass(force), () => lookAgainSoon(force, flushOutbox));
        total.delivered += pass.delivered;
        total.rejected += pass.rejected;
        total.failed += pass.failed;
        force = againForce;
        againForce = false;
      } while (again);
      return total;
    } finally {
      running = null;
    }
  })();
  return running;
}

/** True while a flush is running in this page (tests and the indicator's "Sending…" state). */
export function isFlushing(): boolean {
  return running !== null;
}

async function flushPass(force: boolean): Promise<FlushResult> {
  const result: FlushResult = { delivered: 0, rejected: 0, failed: 0 };
  if (!isOnline()) return result;
  let entries: OutboxEntry[];
  try {
    entries = await outboxDb().entries.where('state').equals('pending').sortBy('createdAt');
  } catch (error) {
    console.warn('[outbox] could not read the queue', error);
    return result;
  }
  let soonestSkipped = Infinity;
  for (const entry of entries) {
    if (inFlight.has(entry.id)) continue;
    if (!force && entry.nextAttemptAt > Date.now()) {
      soonestSkipped = Math.min(soonestSkipped, entry.nextAttemptAt);
      continue;
    }
    if (!isOnline()) break;
    inFlight.add(entry.id);
    try {
      const answer = await sendRecord(entry.collection, { ...entry.body, id: entry.id });
      if (answer.status === 'delivered') {
        await outboxDb().entries.delete(entry.id);
        result.delivered++;
        emit({ type: 'delivered', entry, background: true });
      } else {
        const rejected: Partial<OutboxEntry> = {
          state: 'rejected',
          message: answer.message,
          fieldErrors: answer.fieldErrors,
          code: answer.code,
          rejectedAt: Date.now(),
        };
        await outboxDb().entries.update(entry.id, rejected);
        result.rejected++;
        emit({ type: 'rejected', entry: { ...entry, ...rejected }, background: true });
      }
    } catch (error) {
      await keepForLater(entry.id, entry.attempts + 1, error);
      result.failed++;
      // The network or the server is down: the rest would fail the same way. Try later.
      break;
    } finally {
      inFlight.delete(entry.id);
    }
  }
  // An entry not yet due may have lost its wake-up to an earlier one (one timer for the outbox,
  // set at the soonest entry, which this pass just sent): wake again when it is due.
  if (soonestSkipped < Infinity) wakeAt(soonestSkipped, wakeFlush);
  await recordPresence();
  return result;
}

/** The guest has read a rejection: forget it. */
export async function dismissRejected(id: string): Promise<void> {
  await outboxDb().entries.delete(id);
  await recordPresence();
}

/** Tells the next visit whether it must load the outbox (see presence.ts). */
async function recordPresence(): Promise<void> {
  try {
    writeOutboxPresence((await outboxDb().entries.count()) > 0);
  } catch {
    // IndexedDB unavailable: leave the last answer; the next visit checks again.
  }
}

export const FLUSH_INTERVAL_MS = 20_000;

/**
 * Starts the background flush: now, whenever the browser comes back online or the tab becomes
 * visible, and every 20 s (entries wait out their own backoff). Returns a stop function.
 */
export function startOutbox(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const now = () => void flushOutbox({ force: true }).catch((e) => console.warn('[outbox] flush failed', e));
  const tick = () => void flushOutbox().catch((e) => console.warn('[outbox] flush failed', e));
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  now();
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(tick, FLUSH_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
