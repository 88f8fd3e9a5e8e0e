import { useEffect, useState } from 'react';
import { onOutboxEvent } from './index';
import { useOutboxEntry } from './hooks';
import type { OutboxEntry } from './db';

/** Where a submission saved on this device stands: still saved, sent, or turned down by the server. */
export type QueuedView = 'saved' | 'sent' | 'rejected';

/**
 * Follows one outbox entry live (across tabs): 'saved' while it waits, 'sent' once it left the
 * outbox delivered, 'rejected' with the server's reason, which is kept after the guest dismisses
 * the entry from the indicator. The panels shown in place of a queued form (a reservation, a
 * waitlist entry) read it, so none of them says "will be sent" after it was sent.
 */
export function useQueuedSubmission(outboxId: string): { view: QueuedView; reason: string; entry: OutboxEntry | null | undefined } {
  const entry = useOutboxEntry(outboxId);
  const [rejectedReason, setRejectedReason] = useState<string | null>(null);

  useEffect(
    () =>
      onOutboxEvent((event) => {
        if (event.type === 'rejected' && event.entry.id === outboxId) setRejectedReason(event.entry.message ?? '');
      }),
    [outboxId],
  );

  let view: QueuedView = 'saved';
  if (entry?.state === 'rejected' || rejectedReason !== null) view = 'rejected';
  else if (entry === null) view = 'sent';
  const reason = entry?.state === 'rejected' ? (entry.message ?? '') : (rejectedReason ?? '');
  return { view, reason, entry };
}
