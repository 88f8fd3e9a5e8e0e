import { useCallback, useEffect, useRef } from 'react';
import { dismissRejected, flushOutbox, isOnline, onOutboxEvent, submitThroughOutbox } from '../outbox';

export type FormSubmitResult =
  | { kind: 'delivered'; id: string }
  /** Offline: saved on this device, sent when the connection returns. */
  | { kind: 'queued'; id: string }
  /** Online, but the server failed or could not be reached: the form shows the spec's failure and stays filled. */
  | { kind: 'failed' }
  /** The server refused the values (its messages per field). */
  | { kind: 'rejected'; message: string; fieldErrors: Record<string, string> };

/**
 * Sends a form's record through the offline outbox.
 *
 * - Offline, the submission is kept on this device and sent later (the form says so).
 * - Online, a server or network failure is the spec's failure: the form is re-enabled with its
 *   values, and the saved copy is dropped so it is not also sent behind the guest's back. The
 *   record id is kept: a retry of the same values reuses it, so a failure that actually stored
 *   the record can never produce a second one (the server answers a repeated id as a duplicate).
 */
export function useOutboxForm(collection: string) {
  const retry = useRef<{ id: string; fingerprint: string } | null>(null);

  return useCallback(
    async (body: Record<string, unknown>, label: string): Promise<FormSubmitResult> => {
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
          return { kind: 'rejected', message: outcome.message, fieldErrors: outcome.fieldErrors };
        }
        if (!isOnline()) return { kind: 'queued', id: outcome.id };
        retry.current = { id: outcome.id, fingerprint };
        await dismissRejected(outcome.id).catch(() => undefined);
        return { kind: 'failed' };
      } catch (error) {
        console.error(`[${collection}] submission failed`, error);
        return { kind: 'failed' };
      }
    },
    [collection],
  );
}

/**
 * Follows a submission saved on this device: calls back when the outbox delivers it or the
 * server refuses it, and asks the outbox to send as soon as the browser is back online.
 */
export function useQueuedSubmission(
  id: string | null,
  handlers: { onDelivered: () => void; onRejected: (message: string, fieldErrors: Record<string, string>) => void },
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!id) return;
    const off = onOutboxEvent((event) => {
      if (event.type === 'queued' || event.entry.id !== id) return;
      if (event.type === 'delivered') latest.current.onDelivered();
      else latest.current.onRejected(event.entry.message ?? '', event.entry.fieldErrors ?? {});
    });
    const sendNow = () => void flushOutbox({ force: true }).catch(() => undefined);
    window.addEventListener('online', sendNow);
    return () => {
      off();
      window.removeEventListener('online', sendNow);
    };
  }, [id]);
}

/** Drops a saved submission the guest chose to edit instead. */
export function discardQueued(id: string): Promise<void> {
  return dismissRejected(id).catch(() => undefined);
}
