/**
 * The owner's hands on the outbox (issue 32 item 5; the System view reads it through the Go route
 * GET /api/staff/system, server/system):
 *   POST /api/staff/outbox/{id}/retry   → a failed (or dropped) job is due now, its attempts reset
 *   POST /api/staff/outbox/{id}/drop    → a failed or waiting job is dropped: kept, never sent
 *   POST /api/staff/system/test-mail    → a test mail to the owner's own address, through the outbox
 * Each writes its activity row in the write's own transaction. A job being sent (claimed) is left
 * alone: changing it mid-send would have it sent twice or recorded wrongly.
 */
import * as S from '../rules';
import * as Http from './http';
import * as Ids from './ids';
import * as Jobs from './jobs';
import * as Rows from './rows';
import * as Tx from './write-queue';
import { isOwner } from './access';
import { recordActivity } from './activity';
import { whoOf } from './activity-log';
import { enqueue } from './outbox';

interface JobFacts {
  id: string;
  kind: string;
  template: string;
  recipient: string;
  status: string;
  attempts: number;
  claimed: boolean;
  guest: string;
}

function jobFacts(app: core.App, id: string): JobFacts | null {
  const job = Rows.findRecord(app, 'outbox', id);
  if (!job) return null;
  const record = Rows.findRecord(app, job.getString('record_collection'), job.getString('record_id'));
  return {
    id: job.id,
    kind: job.getString('kind'),
    template: job.getString('template'),
    recipient: job.getString('recipient'),
    status: job.getString('status'),
    attempts: job.getInt('attempts'),
    claimed: job.getString('claimed_at') !== '',
    guest: record ? record.getString('name') : '',
  };
}

/** "Booking confirmation to Ana Lopez <ana@example.com>": the guest named, as the log reads it. */
function jobLine(job: JobFacts): string {
  const who = job.guest ? `${job.guest}${job.recipient ? ` <${job.recipient}>` : ''}` : job.recipient || 'no recipient';
  return `${S.outboxTemplateLabel(job.template)} to ${who}`;
}

type Change = { allowed: string[]; refusal: string; kind: string; verb: string; set: Record<string, string | number> };

function changeJob(e: core.RequestEvent, change: Change): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) return Http.fail(e, 403, S.SYSTEM_MESSAGES.ownerOnly);
  const id = Http.pathValue(e, 'id');
  const before = jobFacts(e.app, id);
  if (!before || before.kind === 'alert') return Http.fail(e, 404, S.SYSTEM_MESSAGES.noSuchJob);
  if (before.claimed) return Http.fail(e, 409, S.SYSTEM_MESSAGES.beingSent);
  if (!change.allowed.includes(before.status)) return Http.fail(e, 409, change.refusal);
  const line = jobLine(before);
  Tx.inWriteTransaction((tx) => {
    const job = tx.findRecordById('outbox', id);
    Object.keys(change.set).forEach((field) => job.set(field, change.set[field]));
    tx.save(job);
    recordActivity(tx, {
      ...whoOf(e),
      kind: change.kind,
      targetCollection: 'outbox',
      targetId: id,
      summary: `${change.verb} ${line}`,
      before: { status: before.status, attempts: before.attempts },
      after: { status: change.set.status, attempts: change.set.attempts ?? before.attempts },
    });
  });
  return e.json(200, { id, status: change.set.status, guest: before.guest, summary: `${change.verb} ${line}` });
}

export function retryJob(e: core.RequestEvent): void {
  return changeJob(e, {
    allowed: ['failed', 'dropped'],
    refusal: S.SYSTEM_MESSAGES.retryOnlyFailed,
    kind: 'outbox.retry',
    verb: 'Retried',
    set: { status: 'pending', attempts: 0, next_attempt_at: Ids.stamp(), last_error: '' },
  });
}

export function dropJob(e: core.RequestEvent): void {
  return changeJob(e, {
    allowed: ['failed', 'pending'],
    refusal: S.SYSTEM_MESSAGES.dropOnlyUnsent,
    kind: 'outbox.drop',
    verb: 'Dropped',
    set: { status: 'dropped' },
  });
}

/** A test mail to the signed-in owner, queued like any mail: its outcome shows on the System view. */
export function testMail(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  if (!isOwner(e)) return Http.fail(e, 403, S.SYSTEM_MESSAGES.ownerOnly);
  const auth = e.auth;
  if (!auth || auth.collection().name !== 'users') return Http.fail(e, 400, S.SYSTEM_MESSAGES.testMailNeedsAccount);
  const email = auth.getString('email');
  const key = Ids.stamp();
  Tx.inWriteTransaction((tx) => {
    enqueue(tx, 'users', auth.id, [{ ...Jobs.mailJob('system_test_mail', email), key }]);
    recordActivity(tx, { ...whoOf(e), kind: 'system.test_mail', targetCollection: 'users', targetId: auth.id, summary: `Sent a test mail to ${email}` });
  });
  return e.json(202, { recipient: email, queuedAt: key });
}
