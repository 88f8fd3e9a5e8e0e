import { useCallback, useRef, useState } from 'react';
import { dismissRejected, isOnline, submitThroughOutbox } from '../../features/outbox';

export type SubmissionState = 'idle' | 'busy' | 'queued' | 'refused';

export type SubmissionResult =
  | { kind: 'delivered'; id: string }
  /** Saved on this device, sent when the connection returns (see `whenUnreachable`); `restoring`: refused by a restore. */
  | { kind: 'queued'; id: string; restoring?: boolean }
  /** Not sent: the server failed or could not be reached (with `whenUnreachable: 'fail'`), or the code threw. */
  | { kind: 'failed'; error?: unknown }
  /** The server refused the values (its messages per field, and the refusal's code when it has one). */
  | { kind: 'refused'; message: string; fieldErrors: Record<string, string>; code?: string | undefined };

export interface SubmissionOptions {
  /**
   * Online, but the server failed or could not be reached: 'queue' keeps the submission on the
   * device and retries it in the background (reservations: the guest sees it waiting); 'fail' drops
   * it and re-enables the form with its values (inquiries, SPEC §8). A retry of the same values
   * then reuses the record id, so a failure that did store the record never makes a second one.
   * A restore's 503 is always queued: the server said it will take the submission in a moment.
   */
  whenUnreachable?: 'queue' | 'fail';
}

/**
 * Sends a form's record through the offline outbox and tracks the form's state: idle, busy while
 * sending (and while leaving for the thank-you page), queued when saved on the device, refused
 * when the server said no.
 */
export function useSubmission(collection: string, { whenUnreachable = 'queue' }: SubmissionOptions = {}) {
  const [state, setState] = useState<SubmissionState>('idle');
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const retry = useRef<{ id: string; fingerprint: string } | null>(null);

  const submit = useCallback(
    async (body: Record<string, unknown>, label: string): Promise<SubmissionResult> => {
      setState('busy');
      const fingerprint = JSON.stringify(body);
      const id = retry.current?.fingerprint === fingerprint ? retry.current.id : undefined;
      try {
        const outcome = await submitThroughOutbox(collection, body, id ? { label, id } : { label });
        if (outcome.status === 'delivered') {
          retry.current = null;
          return { kind: 'delivered', id: outcome.id };
        }
        if (outcome.status === 'rejected') {
          retry.current = null;
          setState('refused');
          return { kind: 'refused', message: outcome.message, fieldErrors: outcome.fieldErrors, code: outcome.code };
        }
        const restoring = outcome.restoring === true;
        if (whenUnreachable === 'fail' && isOnline() && !restoring) {
          retry.current = { id: outcome.id, fingerprint };
          await dismissRejected(outcome.id).catch(() => undefined);
          setState('idle');
          return { kind: 'failed' };
        }
        setQueuedId(outcome.id);
        setState('queued');
        return { kind: 'queued', id: outcome.id, restoring };
      } catch (error) {
        console.error(`[${collection}] submission failed`, error);
        setState('idle');
        return { kind: 'failed', error };
      }
    },
    [collection, whenUnreachable],
  );

  /** Back to an empty form (after a queued submission was seen, or to edit it). */
  const reset = useCallback(() => {
    setQueuedId(null);
    setState('idle');
  }, []);

  return { state, busy: state === 'busy', queuedId, submit, reset };
}
