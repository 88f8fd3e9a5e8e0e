/** Outbox jobs as the hooks queue them (lib/outbox.ts enqueue), and who asked, for a conversion. */

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

/**
 * A mail job names its template and recipient only: the outbox worker renders the mail from the
 * record when it sends it (hooks/outbox/render.ts), so a guest's request does not build mails and calendars.
 */
export function mailJob(template: string, recipient: string): Job {
  return { kind: 'mail', template, recipient, payload: '{}' };
}

/**
 * A job as its outbox row stores it (lib/outbox.ts enqueue; the Go create path's insert,
 * server/creates.go). Its id is made by the insert (server/outbox/enqueue.go), not here: a random
 * id from JS is a call through reflection into Go, twice a create.
 */
export interface JobRow {
  kind: Job['kind'];
  template: string;
  recipient: string;
  payload: string;
  status: 'pending' | 'skipped';
  lastError: string;
  key: string;
  /** Seconds before it may go out (0: now). */
  dueIn: number;
}

export function jobRow(job: Job): JobRow {
  return {
    kind: job.kind,
    template: job.template,
    recipient: job.recipient,
    payload: typeof job.payload === 'string' ? job.payload : JSON.stringify(job.payload),
    status: job.status || 'pending',
    lastError: job.lastError || '',
    key: job.key === undefined ? '' : String(job.key),
    dueIn: job.dueIn || 0,
  };
}
