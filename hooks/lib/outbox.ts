/**
 * The outbox worker: jobs are queued in the record's own transaction (enqueue), and sent later
 * by flushDue, which server/outbox.go runs after each commit and every few seconds (and the
 * every-minute cron as a fallback). Claims (one statement leases a few due jobs) keep concurrent
 * workers off one job; failures retry with backoff; nothing is deleted. Mails are rendered from
 * their record at send time. Staff may requeue a job and change nothing else (guardOutboxUpdate).
 */
import * as S from '../rules';
import * as U from './util';
import * as T from './transports';
import * as M from './mail-renderers';

/** A job as a worker claims it (CLAIMED_COLUMNS). */
export interface ClaimedJob {
  id: string;
  kind: string;
  template: string;
  recipient: string;
  payload: string;
  record_collection: string;
  record_id: string;
  attempts: number;
}

/** What a flush did (flushDue). */
export interface FlushSummary {
  processed: number;
  sent: number;
  skipped: number;
  failed: number;
  busy: number;
}

/** A claimed job is left alone by other workers for this long (a send in flight). */
const LEASE_SECONDS = 600;
/** Longest wait between two attempts of one job. */
const BACKOFF_CAP_SECONDS = 3600;

/**
 * Inserts jobs with the given app (pass the transaction's app to commit them with the record).
 * One plain INSERT for all of a record's jobs: this runs while the create holds SQLite's only
 * write lock, so it skips the record machinery (the values are ours, not a caller's), and
 * server/outbox.go wakes the worker when the record's transaction has committed. A job may come
 * already settled (status 'skipped' and lastError: a conversion without Meta's settings), with a
 * `key` (which of a record's mails of that template it is: idx_outbox_job is record + template +
 * key, pb_migrations/1763700800_outbox_job_key.js) and a `dueIn` (seconds before it may go out).
 */
export function enqueue(app: CoreApp, recordCollection: string, recordId: string, jobs: U.Job[]): void {
  if (jobs.length === 0) return;
  const now = U.stamp();
  const params: Record<string, string> = { c: recordCollection, rid: recordId, now };
  const rows = jobs.map((job, i) => {
    params[`id${i}`] = $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
    params[`kind${i}`] = job.kind;
    params[`template${i}`] = job.template;
    params[`recipient${i}`] = job.recipient;
    params[`payload${i}`] = typeof job.payload === 'string' ? job.payload : JSON.stringify(job.payload);
    params[`status${i}`] = job.status || 'pending';
    params[`error${i}`] = job.lastError || '';
    params[`key${i}`] = job.key === undefined ? '' : String(job.key);
    params[`due${i}`] = job.dueIn ? U.stampIn(job.dueIn) : now;
    return (
      `({:id${i}}, {:kind${i}}, {:template${i}}, {:recipient${i}}, {:payload${i}}, {:c}, {:rid}, {:key${i}}, {:status${i}}, 0, ` +
      `{:due${i}}, {:error${i}}, '', {:now}, {:now})`
    );
  });
  app
    .db()
    .newQuery(
      'INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, job_key, status, attempts, ' +
        'next_attempt_at, last_error, sent_at, created, updated) VALUES ' +
        rows.join(', '),
    )
    .bind(params)
    .execute();
}

/**
 * At start-up of `serve`: jobs still 'pending' with a future next_attempt_at were claimed by a
 * worker of the previous process (a pending job is otherwise due at once), which died with it
 * (kill -9, power loss). Their lease is released so they go out now, not in LEASE_SECONDS.
 */
export function releaseStaleClaims(app: CoreApp): number {
  const now = U.stamp();
  const result = app
    .db()
    .newQuery("UPDATE outbox SET next_attempt_at = {:now} WHERE status = 'pending' AND next_attempt_at > {:now}")
    .bind({ now })
    .execute();
  return result.rowsAffected();
}

function backoffSeconds(attempts: number): number {
  const base = Math.max(1, Number(U.env('OUTBOX_BACKOFF_SECONDS', '30')) || 30);
  return Math.min(BACKOFF_CAP_SECONDS, base * Math.pow(2, Math.max(0, attempts - 1)));
}

/** Longest a background flush waits, before each claim, for guests' creates to go first. */
const GUESTS_FIRST_MAX_MS = 1000;

/**
 * While guests' creates hold or wait for a write turn (U.inWriteTurn), a background flush waits
 * (up to GUESTS_FIRST_MAX_MS) before it claims: its claims, outcome writes and mail rendering
 * compete with those creates for SQLite's write connection and the CPU, and a confirmation sent a
 * moment later costs a guest nothing, while a create that waits keeps the guest looking at a spinner.
 */
function letGuestsWriteFirst(): void {
  if (typeof $writeTurnsWanted !== 'function') return;
  for (let waited = 0; waited < GUESTS_FIRST_MAX_MS && $writeTurnsWanted() > 0; waited += 20) sleep(20);
}

/** A worker claims this many due jobs at a time: one write for a few sends, small enough to share. */
const CLAIM_BATCH = 5;

const CLAIMED_COLUMNS = 'id, kind, template, recipient, payload, record_collection, record_id, attempts';

/**
 * Claims up to `max` jobs due at `now` (`onlyId`: that job only) for this worker and returns them,
 * oldest first. One statement picks and leases them, so two workers never get the same job.
 */
function claimDue(app: CoreApp, now: string, max: number, onlyId?: string): ClaimedJob[] {
  if (!anyDue(app, now, onlyId)) return [];
  const rows: ClaimedJob[] = U.rowsOf({ id: '', kind: '', template: '', recipient: '', payload: '', record_collection: '', record_id: '', attempts: 0 });
  app
    .db()
    .newQuery(
      'UPDATE outbox SET next_attempt_at = {:lease} WHERE id IN (SELECT id FROM outbox ' +
        "WHERE status IN ('pending', 'failed') AND next_attempt_at <= {:now}" +
        (onlyId ? ' AND id = {:only}' : '') +
        ` ORDER BY next_attempt_at LIMIT {:max}) RETURNING ${CLAIMED_COLUMNS}`,
    )
    .bind({ now, lease: U.stampIn(LEASE_SECONDS), max, only: onlyId || '' })
    .all(rows);
  return rows;
}

/**
 * Is a job due at `now` (`onlyId`: that job)? A read, so it does not wait for SQLite's one write
 * connection: every flush ends with a look that finds nothing, and as a claim (an UPDATE) each of
 * those looks queued for the connection that guests' creates wait for.
 */
function anyDue(app: CoreApp, now: string, onlyId?: string): boolean {
  const rows = U.rowsOf({ id: '' });
  app
    .db()
    .newQuery(
      "SELECT id FROM outbox WHERE status IN ('pending', 'failed') AND next_attempt_at <= {:now}" +
        (onlyId ? ' AND id = {:only}' : '') +
        ' LIMIT 1',
    )
    .bind({ now, only: onlyId || '' })
    .all(rows);
  return rows.length > 0;
}

/** Jobs whose payload holds a secret (the staff sign-in code): it is wiped once the job is settled. */
const SECRET_TEMPLATES = ['staff_sign_in_code'];

/** Sends one job: a mail rendered now from its record, or the conversion event it carries. */
function attempt(app: CoreApp, job: ClaimedJob): T.Outcome {
  if (job.kind !== 'mail') return T.sendConversion(M.jobPayload(job).event);
  if (!T.smtpConfigured(app)) return { skipped: 'SMTP is not configured (set SMTP_HOST); the mail is kept unsent in the outbox' };
  const mail = M.renderMail(app, job);
  if (!mail) return { skipped: 'its record no longer exists, its sign-in code was used or expired, or the template is unknown: nothing to send' };
  return T.sendMail(app, job.recipient, mail, job.id);
}

/**
 * One attempt at one claimed job; returns 'sent' | 'skipped' | 'failed'. Never deletes a job.
 * The outcome is one plain UPDATE (no record machinery: the worker holds SQLite's write lock
 * that guests' creates wait for); the next attempt is always scheduled from the real time.
 */
function runJob(app: CoreApp, job: ClaimedJob): 'sent' | 'skipped' | 'failed' {
  let outcome: T.Outcome;
  try {
    outcome = attempt(app, job);
  } catch (err) {
    outcome = { error: U.errorText(err) };
  }
  const now = U.stamp();
  let set = "status = 'failed', attempts = attempts + 1, last_error = {:error}, next_attempt_at = {:next}";
  const params = { id: job.id, now, error: '', next: '' };
  if ('sent' in outcome) {
    set = "status = 'sent', attempts = attempts + 1, last_error = '', sent_at = {:now}";
  } else if ('skipped' in outcome) {
    U.log().warn('outbox job skipped', 'id', job.id, 'template', job.template, 'reason', outcome.skipped);
    // Also on the console, so an operator running without SMTP sees that mail is not going out.
    console.log(`outbox job skipped: ${job.template} ${job.id}: ${outcome.skipped}`);
    set = "status = 'skipped', last_error = {:error}";
    params.error = outcome.skipped;
  } else {
    const next = job.attempts + 1;
    U.log().warn('outbox job failed; will retry', 'id', job.id, 'template', job.template, 'attempts', next, 'error', outcome.error);
    params.error = outcome.error;
    params.next = U.stampIn(backoffSeconds(next));
  }
  // The code goes; which code and sign-in it was stay (staff-auth.js ends a sign-in's earlier codes).
  if (!params.next && SECRET_TEMPLATES.indexOf(job.template) !== -1) set += ", payload = json_remove(payload, '$.code')";
  app
    .db()
    .newQuery(`UPDATE outbox SET ${set}, updated = {:now} WHERE id = {:id}`)
    .bind(params)
    .execute();
  return 'sent' in outcome ? 'sent' : 'skipped' in outcome ? 'skipped' : 'failed';
}

/**
 * One attempt at job `id` if it is due at `now` (default: the real time); 'busy' when it is not
 * due or another worker has it.
 */
export function processJob(app: CoreApp, id: string, now?: string): 'sent' | 'skipped' | 'failed' | 'busy' {
  const claimed = claimDue(app, now || U.stamp(), 1, id)[0];
  return claimed ? runJob(app, claimed) : 'busy';
}

/**
 * Sends jobs due at `now`, oldest first, up to `limit`. The background workers (no `now`) claim
 * a few at a time until nothing is due, so several share a burst; a flush with its own clock (a
 * superuser stepping through backoff) claims once, so a job it fails is not retried in the same call.
 */
export function flushDue(app: CoreApp, limit: number, now?: string): FlushSummary {
  const summary: FlushSummary = { processed: 0, sent: 0, skipped: 0, failed: 0, busy: 0 };
  // The server counts each flush, so that a stopping server waits for it to record what it sent,
  // and starts none once it is stopping (server/drain.go). Without the binding: just flush.
  if (typeof $outboxFlush !== 'function') return flushInto(app, limit, now, summary);
  $outboxFlush(() => {
    flushInto(app, limit, now, summary);
  });
  return summary;
}

function flushInto(app: CoreApp, limit: number, now: string | undefined, summary: FlushSummary): FlushSummary {
  const max = limit || 100;
  for (;;) {
    if (typeof $outboxStopping === 'function' && $outboxStopping()) return summary;
    const room = max - summary.processed;
    if (!now && room > 0) letGuestsWriteFirst();
    const jobs = room > 0 ? claimDue(app, now || U.stamp(), now ? room : Math.min(CLAIM_BATCH, room)) : [];
    jobs.forEach((job) => {
      summary[runJob(app, job)] += 1;
      summary.processed += 1;
    });
    if (now || jobs.length === 0) return summary;
  }
}

/** What the server alone writes on an outbox job: who gets it, what it says, and its bookkeeping. */
const OUTBOX_SERVER_FIELDS = ['kind', 'template', 'recipient', 'payload', 'record_collection', 'record_id', 'job_key', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'];

function sameValue(a: core.Record, b: core.Record, field: string): boolean {
  if (field !== 'payload') return a.getString(field) === b.getString(field);
  const norm = (r: core.Record) => {
    try {
      return JSON.stringify(JSON.parse(r.getString('payload') || 'null'));
    } catch (_) {
      return r.getString('payload');
    }
  };
  return norm(a) === norm(b);
}

/**
 * onRecordUpdateRequest for `outbox`: staff may requeue a job (status → pending, due now) and
 * nothing else. Editing its recipient or content would make the venue's SMTP a relay for
 * whoever holds a staff password; the hooks write those with app.save, not through the API.
 */
export function guardOutboxUpdate(e: core.RecordRequestEvent): void {
  const r = U.recordOf(e);
  const before = r.original();
  const touched = OUTBOX_SERVER_FIELDS.filter((f) => !sameValue(r, before, f));
  const status = r.getString('status');
  if (touched.length > 0) {
    const errors: U.FieldErrors = {};
    touched.forEach((f) => {
      errors[f] = S.MESSAGES.outboxServerField;
    });
    return U.rejectFields(e, errors, S.MESSAGES.outboxServerField);
  }
  if (status !== before.getString('status')) {
    if (status !== 'pending') return U.rejectFields(e, { status: S.MESSAGES.outboxRequeueOnly });
    r.set('next_attempt_at', U.stamp());
  }
  return e.next();
}
