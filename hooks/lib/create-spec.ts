/**
 * The shape of the waitlist create's rules (lib/waitlist.ts CREATE_SPEC, served by
 * lib/public-create.ts): which validator, the schedule check, how to store the
 * values, what runs in the insert's transaction, and which outbox jobs to queue.
 */
import type * as S from '../rules';
import type { FieldErrors, Refusal } from './http';
import type { Job, RequestContext } from './jobs';
import type { Body } from './request-body';

/**
 * The schedule check's answer: the refusal by field (with its code, S.REFUSALS, when it has one),
 * or the scheduled event the create is for (null: none needed).
 */
export type Checked = { errors: FieldErrors; code?: S.RefusalCode } | { event: S.ScheduledEvent | null };

export interface CreateSpec {
  /** The form's rules: the message per field and the refusal code its checks gave. */
  validate(input: Body, today: string): S.Validated;
  check?(input: Body): Checked;
  /** Stores the values on `record`; `event` is what check found (its stored name and time are the schedule's). */
  apply(record: core.Record, input: Body, e: core.RecordRequestEvent, body: Body, event: S.ScheduledEvent | null): void;
  /** Inside the insert's transaction, before it: a refusal stops the create. */
  beforeInsert?(tx: CoreApp, record: core.Record): Refusal | null;
  /** Inside the insert's transaction, after it. */
  afterInsert?(tx: CoreApp, record: core.Record): void;
  jobs(record: core.Record, ctx: RequestContext): Job[];
}
