/**
 * The outbox, as the hooks see it: jobs are queued in the record's own transaction (enqueue) and
 * sent by the Go outbox (server/outbox: claims, leases, backoff, lanes per transport, rendering
 * through hooks/outbox/render.ts), woken when the transaction commits. Nothing is deleted. Staff
 * may requeue a job and change nothing else (guardOutboxUpdate).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Ids from './ids';
import * as Jobs from './jobs';
import * as Rows from './rows';

/**
 * Inserts jobs with the given app (pass the transaction's app to commit them with the record),
 * through the Go create path's own insert ($outboxEnqueue, server/outbox/enqueue.go): one prepared
 * single-row INSERT a job, as this runs while the create holds SQLite's only write lock;
 * server/outboxwake.go wakes the outbox when the record's transaction has committed. A job
 * may come already settled (status 'skipped' and lastError: a conversion without Meta's
 * settings), with a `key` (which of a record's mails of that template it is: idx_outbox_job is
 * record + template + key, pb_migrations/1763700800_outbox_job_key.js) and a `dueIn` (seconds
 * before it may go out).
 */
export function enqueue(app: CoreApp, recordCollection: string, recordId: string, jobs: Jobs.Job[]): void {
  if (jobs.length === 0) return;
  $outboxEnqueue(app, recordCollection, recordId, JSON.stringify(jobs.map(Jobs.jobRow)));
}

/** What the server alone writes on an outbox job: who gets it, what it says, and its bookkeeping. */
const OUTBOX_SERVER_FIELDS = ['kind', 'template', 'recipient', 'payload', 'record_collection', 'record_id', 'job_key', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'claimed_at'];

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
  const r = Rows.recordOf(e);
  const before = r.original();
  const touched = OUTBOX_SERVER_FIELDS.filter((f) => !sameValue(r, before, f));
  const status = r.getString('status');
  if (touched.length > 0) {
    const errors: Http.FieldErrors = {};
    touched.forEach((f) => {
      errors[f] = S.MESSAGES.outboxServerField;
    });
    return Http.rejectFields(e, errors, S.MESSAGES.outboxServerField);
  }
  if (status !== before.getString('status')) {
    if (status !== 'pending') return Http.rejectFields(e, { status: S.MESSAGES.outboxRequeueOnly });
    r.set('next_attempt_at', Ids.stamp());
  }
  return e.next();
}
