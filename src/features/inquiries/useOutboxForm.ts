import { useEffect, useRef } from 'react';
import { dismissRejected, flushOutbox, onOutboxEvent } from '../outbox';

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

/**
 * What both inquiry forms give the kit's `Form` besides their own form and handlers: the roomy
 * look, their warm-up (`dependencies`), the kit's messages instead of the browser's, and `busy`
 * (the kit's lock and `aria-busy`) while a submission is being sent.
 */
export function guestFormProps(busy: boolean, dependencies: ReadonlyArray<() => Promise<unknown>>, headingId?: string) {
  return {
    warmUp: dependencies,
    busy,
    look: 'roomy',
    noValidate: true,
    'aria-labelledby': headingId,
  } as const;
}
