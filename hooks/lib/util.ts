/**
 * Small helpers every hook module shares: environment, PocketBase datetimes, the site URL,
 * error text with secrets redacted, PocketBase-shaped refusals, and (from request-body.ts) the
 * request body as sent.
 */
import type { ReservationSummary } from '../../src/lib/rules/reservationSummary';
import * as S from '../rules';
import { type AnyRequestEvent, type Body } from './request-body';

export { header, isJson, isJsonObject, rawBody, refuseNotJson, str, type AnyRequestEvent, type Body } from './request-body';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CANCEL_TOKEN_LENGTH = S.CANCEL_TOKEN_LENGTH;

/** A field → message map, as PocketBase's validation errors name them. */
export type FieldErrors = Record<string, string>;
/** A refusal: the top-level message and the message per field. */
export interface Refusal {
  message: string;
  fields: FieldErrors;
  /** The refusal's stable code (S.REFUSALS), when it has one. */
  code?: string;
}

/** An outbox job as the hooks queue it (lib/outbox.ts enqueue). */
export interface Job {
  kind: 'mail' | 'conversion';
  template: string;
  recipient: string;
  payload: string | Record<string, unknown>;
  status?: 'pending' | 'skipped';
  lastError?: string;
  key?: string;
  dueIn?: number;
}

/** Who asked: the guest's IP and user agent, captured for the conversion event. */
export interface RequestContext {
  ip: string;
  ua: string;
}

export function env(name: string, fallback?: string): string {
  const v = $os.getenv(name);
  return v ? v : fallback === undefined ? '' : fallback;
}

/** PocketBase's datetime text format (UTC), comparable as text: 2026-11-22 03:02:06.575Z */
export function stamp(date?: Date): string {
  return (date || new Date()).toISOString().replace('T', ' ');
}

export function stampIn(seconds: number): string {
  return stamp(new Date(Date.now() + seconds * 1000));
}

export function siteUrl(): string {
  return env('SITE_URL', 'http://127.0.0.1:8090').replace(/\/+$/, '');
}


/**
 * An error as text fit to store (outbox.last_error is readable by every admin) and to log: the
 * configured secrets and any access_token parameter are replaced by [redacted].
 */
export function errorText(err: unknown): string {
  if (!err) return 'unknown error';
  // goja hands a thrown Go error over as an object with `value`; a JS error has `message`.
  const e = err as { message?: unknown; value?: unknown };
  const msg = e.message || e.value || err;
  return redactSecrets(String(msg)).slice(0, 1900);
}

const SECRET_ENV = ['META_ACCESS_TOKEN', 'SMTP_PASS'];

export function redactSecrets(text: string): string {
  let out = text.replace(/(access_token["']?\s*[=:]\s*["']?)[^&\s"',}]+/gi, '$1[redacted]');
  SECRET_ENV.forEach((name) => {
    const secret = env(name);
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  });
  return out;
}

export function log(): slog.Logger {
  return $app.logger().with('component', 'venue');
}

export function randomToken(): string {
  return $security.randomStringWithAlphabet(CANCEL_TOKEN_LENGTH, ALNUM);
}

export function recordExists(app: CoreApp, collection: string, id: string): boolean {
  try {
    app.findRecordById(collection, id);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Runs fn(tx) in a write transaction once the writes that asked before it are done, first come
 * first served, and returns its result once that transaction has committed
 * ($inWriteTransaction, server/writeturn.go): SQLite's one write connection otherwise goes to a
 * random waiter, and a burst leaves some guests waiting for all the others. Writes queued
 * together commit together, so fn may share its transaction with other requests' writes: it
 * writes only through tx, and an exception it throws after writing rolls back the others too
 * (they answer as for a failed write). Call it outside any transaction, never from inside fn,
 * except through `within`: a request event's app that may already be one.
 * Without the binding (a server built without it) fn runs in a transaction of its own.
 */
export function inWriteTransaction<T>(fn: (tx: core.App) => T, within?: CoreApp): T {
  // Already inside a write transaction (a staff request the activity log wraps,
  // lib/activity-log.ts): run in it, as queueing again would wait for our own connection.
  if (within && within.isTransactional()) return fn(within as core.App);
  if (typeof $inWriteTransaction === 'function') return $inWriteTransaction(fn);
  let result: T | undefined;
  $app.runInTransaction((tx) => {
    result = fn(tx);
  });
  return result as T;
}


/**
 * Answers a rejected create like PocketBase does, but with our exact messages, and with the
 * refusal's stable code (S.REFUSALS) as `code` when it has one: `code` when the caller knows it
 * (a capacity refusal), else the code of the first field's fixed message (a past date, an unknown event).
 */
export function rejectFields(e: AnyRequestEvent, errors: FieldErrors, message?: string, code?: string): void {
  const data: Record<string, { code: string; message: string }> = {};
  let first = '';
  Object.keys(errors).forEach((field) => {
    const text = errors[field] ?? '';
    if (!first) first = text;
    data[field] = { code: 'validation_invalid_value', message: text };
  });
  const answer: { status: number; message: string; data: typeof data; code?: string } = { status: 400, message: message || first, data };
  const refusal = code || S.refusalCode(errors);
  if (refusal) answer.code = refusal;
  return e.json(400, answer);
}

/** A PocketBase-shaped error answer ({ status, message, data }), with the refusal's stable code (S.REFUSALS) when it has one. */
export function fail(e: AnyRequestEvent, status: number, message: string, code?: string): void {
  return e.json(status, code ? { status, message, code, data: {} } : { status, message, data: {} });
}

/**
 * A mail job names its template and recipient only: the outbox worker renders the mail from the
 * record when it sends it (hooks/outbox/render.ts), so a guest's request does not build mails and calendars.
 */
export function mailJob(template: string, recipient: string): Job {
  return { kind: 'mail', template, recipient, payload: '{}' };
}

/** The guest's own fields of a board game night form, as stored (reservations, the waitlist). */
export function guestFields(input: Body): { name: string; email: string; phone: string } {
  return { name: S.text(input.name), email: S.text(input.email), phone: S.text(input.phone) };
}

/**
 * The record behind a mail link's token (a reservation's cancel_token, a waitlist entry's token),
 * or null. A malformed token is never looked up.
 */
export function recordByToken(app: CoreApp, collection: string, field: string, token: string): core.Record | null {
  if (!S.CANCEL_TOKEN_PATTERN.test(token)) return null;
  try {
    return app.findFirstRecordByData(collection, field, token);
  } catch (_) {
    return null;
  }
}

/** The record `id` of `collection`, or null. */
export function findRecord(app: CoreApp, collection: string, id: string): core.Record | null {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

/** What the manage link shows of its reservation (see cancelSummary). */
export type CancelSummary = ReservationSummary;

/**
 * What the manage link (/cancel/{token}) shows of its reservation: the look-up, the change and
 * the cancel all answer with it. can_change: still confirmed and its venue night not passed.
 */
export function cancelSummary(r: core.Record): CancelSummary {
  const facts = {
    event_name: r.getString('event_name'),
    event_date: r.getString('event_date'),
    event_time: r.getString('event_time'),
    party_size: r.getInt('party_size'),
    status: r.getString('status'),
    name: r.getString('name'),
  };
  return {
    ...facts,
    is_board_game_night: S.isBoardGameNight(facts.event_name),
    can_change: S.canChangeReservation(facts, S.venueNight()),
  };
}

/**
 * The rows of a raw SQL query, typed by the shape their DynamicModel is built from. goja fills
 * DynamicModel (typed `{ [key]: any }` by PocketBase) with the shape's fields; this is the one
 * place that says so.
 */
export function rowsOf<T extends Record<string, string | number | boolean>>(shape: T): T[] {
  return arrayOf(new DynamicModel(shape)) as unknown as T[];
}

/** One row of a raw SQL query (see rowsOf). */
export function rowOf<T extends Record<string, string | number | boolean>>(shape: T): T {
  return new DynamicModel(shape) as unknown as T;
}

/**
 * The record of a record event or record request event. PocketBase always sets it on the events
 * these hooks are bound to (the pinned types make it optional, as Go's pointer is).
 */
export function recordOf(e: { record?: core.Record }): core.Record {
  return e.record as core.Record;
}

/** The route's request: a route handler's event always has one (the pinned types say it may not). */
export function requestOf(e: core.RequestEvent): http.Request {
  return e.request as http.Request;
}

/** A path parameter of the route ({token}, {id}). */
export function pathValue(e: core.RequestEvent, name: string): string {
  return requestOf(e).pathValue(name);
}

/** A query parameter of the request, '' when absent. */
export function queryValue(e: core.RequestEvent, name: string): string {
  return String(requestOf(e).url?.query().get(name) || '');
}
