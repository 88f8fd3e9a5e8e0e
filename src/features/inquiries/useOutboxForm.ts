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
