/**
 * POST /api/reservations/manage/{token} { party_size?, event_time? } (issue 12): a guest changes
 * a confirmed reservation from the link in their mails. The change is checked with the shared
 * rules as sent (S.checkReservationChange: strict types, the spec's limits, board game night only
 * for the party size), a bigger party against the night's seats in the same transaction that
 * writes it (capacity.js checkSeats, the usual messages), and every change raises ics_sequence
 * and queues a 'reservation_updated' mail whose invitation keeps the UID with a higher SEQUENCE.
 * Answers: 200 summary; 400 field messages or nothingChanged; 409 changeTooLate; 404.
 */
import * as S from '../rules';
import * as Env from './env';
import * as Guests from './guest-records';
import * as Http from './http';
import * as Ids from './ids';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as C from './capacity';
import * as O from './outbox';
import { offerFreedSeats } from './waitlist';

const findByToken = (app: CoreApp, token: string) => Rows.recordByToken(app, 'reservations', 'cancel_token', token);

const UPDATED = 'reservation_updated';

/** Below the outbox's claim lease, so a waiting job is never taken for a claimed one. */
const MAX_DELAY_SECONDS = 300;

/** How long an update mail waits for more changes (seconds; the env var for tests and operators). */
function updateDelay(): number {
  const configured = Number(Env.env('UPDATE_MAIL_DELAY_SECONDS', String(S.UPDATE_MAIL_DELAY_SECONDS)));
  return Number.isFinite(configured) && configured >= 0 ? configured : S.UPDATE_MAIL_DELAY_SECONDS;
}

/** What the guest was last told of a reservation: the fields an update mail shows, and its status. */
export interface Told {
  party_size: number;
  event_time: string;
  status: string;
}

const toldOf = (r: core.Record): Told => ({ party_size: r.getInt('party_size'), event_time: r.getString('event_time'), status: r.getString('status') });
const sameTold = (a: Told, b: Told) => a.party_size === b.party_size && a.event_time === b.event_time && a.status === b.status;

/** How long an update mail waits for changes to fold into it. */
function foldDelay(): number {
  return Math.min(updateDelay(), MAX_DELAY_SECONDS);
}

/**
 * The update mail of reservation `id` still waiting for more changes, or undefined: pending and due
 * within the delay. A job a worker has claimed is due a lease later (server/outbox/store.go
 * LeaseSeconds, well past the delay) and is left alone.
 */
function waitingUpdate(tx: CoreApp, id: string): { id: string; payload: string } | undefined {
  const waiting = Rows.rowsOf({ id: '', payload: '' });
  tx.db()
    .newQuery(
      "SELECT id, payload FROM outbox WHERE record_collection = 'reservations' AND record_id = {:rid} " +
        "AND template = {:t} AND status = 'pending' AND next_attempt_at <= {:latest} LIMIT 1",
    )
    .bind({ rid: id, t: UPDATED, latest: Ids.stampIn(foldDelay()) })
    .all(waiting);
  return waiting[0];
}

/** Settles a waiting update mail as skipped, with why. */
function skipUpdate(tx: CoreApp, jobId: string, payload: string, why: string): void {
  tx.db()
    .newQuery("UPDATE outbox SET payload = {:payload}, status = 'skipped', last_error = {:why}, updated = {:now} WHERE id = {:id}")
    .bind({ id: jobId, payload, why, now: Ids.stamp() })
    .execute();
}

/** Why a waiting update mail is not sent: its changes were undone before it went. */
const UNDONE = 'Changed back before the update went: the guest already has these details.';
const CANCELLED = 'Cancelled before the update went: the cancellation says it.';

/**
 * Queues the 'reservation_updated' mail of this change, or folds the change into the one still
 * waiting (issue 24, waitingUpdate): changes close together send one mail, rendered from the record
 * at send time; a change made while its mail is on the way gets a job of its own. The job's key is the SEQUENCE of its first change
 * (idx_outbox_job), and its payload carries the latest, which the renderer checks
 * (hooks/outbox/render.ts: an older SEQUENCE than the record's renders nothing), and `from`, what
 * the guest was told before its first change: a fold that ends where it began (a party of 2 made 4,
 * then 2 again) sends nothing (issue 31: the job is settled as skipped, with why).
 * A reservation without an email (a walk-in staff added) gets no mail.
 */
function queueUpdatedMail(tx: CoreApp, r: core.Record, before: Told): void {
  const recipient = r.getString('email');
  if (!recipient) return;
  const sequence = r.getInt('ics_sequence');
  const job = waitingUpdate(tx, r.id);
  if (!job) {
    O.enqueue(tx, 'reservations', r.id, [{ kind: 'mail', template: UPDATED, key: String(sequence), dueIn: foldDelay(), recipient, payload: { sequence, from: before } }]);
    return;
  }
  // A job queued before `from` was kept folds as before.
  const from = (JSON.parse(job.payload || '{}') as { from?: Told }).from;
  const payload = JSON.stringify({ sequence, from });
  if (from && sameTold(from, toldOf(r))) return skipUpdate(tx, job.id, payload, UNDONE);
  tx.db().newQuery('UPDATE outbox SET payload = {:payload}, updated = {:now} WHERE id = {:id}').bind({ id: job.id, payload, now: Ids.stamp() }).execute();
}

/**
 * Saves `r`, whose party size or time the caller has changed (and checked, seats included), inside
 * `tx`: the invitation's SEQUENCE goes up, the guest's updated invitation (same UID) is queued in
 * this transaction (or folded into the one waiting), and a smaller party's freed seats go to the
 * waitlist. `before`: the reservation as it was. The manage link and the staff tablet
 * (lib/staff-reservations.js) both save changes with it.
 */
export function saveChange(tx: CoreApp, r: core.Record, before: Told): void {
  r.set('ics_sequence', r.getInt('ics_sequence') + 1);
  tx.save(r);
  queueUpdatedMail(tx, r, before);
  if (r.getInt('party_size') < before.party_size) offerFreedSeats(tx, r.getString('event_date'));
}

/**
 * Cancels `r` inside `tx`: the guest's own cancel link and the staff tablet. The cancellation's
 * .ics (METHOD:CANCEL) must outrank every invitation sent before it, so SEQUENCE goes up; its mail
 * is queued in this transaction, keyed by that SEQUENCE (staff can restore and cancel again, and
 * each cancellation is mailed), and the freed seats go to the night's waitlist (an offer with a hold).
 */
export function cancelReservation(tx: CoreApp, r: core.Record): void {
  r.set('status', 'cancelled');
  r.set('ics_sequence', r.getInt('ics_sequence') + 1);
  tx.save(r);
  // A restore starts a fold of its own, which compares with the cancelled booking.
  const update = waitingUpdate(tx, r.id);
  if (update) skipUpdate(tx, update.id, update.payload, CANCELLED);
  const recipient = r.getString('email');
  if (recipient) {
    const key = String(r.getInt('ics_sequence'));
    O.enqueue(tx, 'reservations', r.id, [{ kind: 'mail', template: 'reservation_cancelled', key, recipient, payload: '{}' }]);
  }
  offerFreedSeats(tx, r.getString('event_date'));
}

/** What a change through the manage link came to. */
type ChangeResult =
  | { outcome: 'notFound' }
  | { outcome: 'changed'; summary: Guests.CancelSummary }
  | { outcome: 'tooLate' | 'nothing'; summary: Guests.CancelSummary }
  | { outcome: 'invalid'; summary: Guests.CancelSummary; errors: Http.FieldErrors; message?: string; code?: S.RefusalCode };

/** Checks and writes the change inside `tx`; returns { outcome, summary, errors?, message? }. */
function applyChange(tx: CoreApp, token: string, body: Req.Body): ChangeResult {
  const r = findByToken(tx, token);
  if (!r) return { outcome: 'notFound' };
  const summary = Guests.cancelSummary(r);
  const check = S.checkReservationChange(summary, body, S.venueNight());
  if (check.kind === 'invalid') return { outcome: 'invalid', summary, errors: check.errors };
  if (check.kind !== 'change') return { outcome: check.kind, summary };
  const told = toldOf(r);
  const before = told.party_size;
  if (check.party_size > before) {
    // The reservation's own seats are already counted on its night.
    const refused = C.checkSeats(tx, r.getString('event_date'), check.party_size, before);
    if (refused) return { outcome: 'invalid', summary, errors: refused.fields, message: refused.message, code: refused.code };
  }
  r.set('party_size', check.party_size);
  r.set('event_time', check.event_time);
  saveChange(tx, r, told);
  return { outcome: 'changed', summary: Guests.cancelSummary(r) };
}

export function handleManage(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  // Like the public creates: a form body would turn "6" into 6 before the rules read it.
  if (!Req.isJson(e)) return Req.refuseNotJson(e);
  if (!Req.isJsonObject(e)) return Http.fail(e, 400, S.REQUEST_MESSAGES.manageObjectExpected);
  const token = Http.pathValue(e, 'token');
  const body = Req.rawBody(e);
  let result: ChangeResult = { outcome: 'notFound' };
  if (S.CANCEL_TOKEN_PATTERN.test(token)) {
    // In turn with guests' creates (Tx.inWriteTransaction); the count and the write share the transaction.
    result = Tx.inWriteTransaction((tx) => applyChange(tx, token, body));
  }
  const done = result as ChangeResult; // set inside the transaction's callback
  switch (done.outcome) {
    case 'changed':
      return e.json(200, done.summary);
    case 'invalid':
      return Http.rejectFields(e, done.errors, done.message, done.code);
    case 'nothing':
      return e.json(400, { status: 400, message: S.MANAGE_MESSAGES.nothingChanged, data: {} });
    case 'tooLate':
      return e.json(409, { status: 409, message: S.REFUSALS.change_too_late, code: 'change_too_late', data: {}, reservation: done.summary });
    default:
      return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  }
}

