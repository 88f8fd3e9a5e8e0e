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
