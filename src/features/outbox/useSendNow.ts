import { useState } from 'react';

/**
 * A "Try sending now" button's state: asks the outbox to send what waits on this device, past
 * its backoff, and reports whether it is still at it (the button is disabled meanwhile). The
 * caller passes the outbox's `flushOutbox` (the light entry's, or the loaded module's own).
 */
export function useSendNow(flush: (options: { force: boolean }) => Promise<unknown>): { sending: boolean; sendNow: () => Promise<void> } {
  const [sending, setSending] = useState(false);
  const sendNow = async () => {
    setSending(true);
    try {
      await flush({ force: true });
    } finally {
      setSending(false);
    }
  };
  return { sending, sendNow };
}
