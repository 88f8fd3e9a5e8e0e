/**
 * Live changes of the public `events` collection for open pages (/meetups-groups, /trivia), over
 * PocketBase's realtime API with the browser's own EventSource: the public pages never load the
 * SDK (about 11 KB) for one subscription. The protocol (PocketBase v0.23+ realtime API): open
 * GET /api/realtime, read the `PB_CONNECT` message's clientId, then POST /api/realtime with
 * { clientId, subscriptions: ['events/*'] }; each create/update/delete then arrives as a
 * message named after the topic. The list rule decides who receives them: guests hear of active
 * events only, and an event staff hide arrives as a delete (hooks/lib/staff-records.ts).
 */

const TOPIC = 'events/*';

function subscribe(clientId: string): Promise<boolean> {
  return fetch('/api/realtime', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId, subscriptions: [TOPIC] }),
  }).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * Calls `onSynced` each time the subscription is confirmed (first connect and every reconnect:
 * the server does not replay changes missed while disconnected, so the page loads the list
 * again) and `onChange` on every change. Offline, the connection is closed rather than retried
 * every few seconds, and opened again when the device is back online. Returns the function that
 * closes it for good.
 */
export function watchEvents(onChange: () => void, onSynced: () => void = onChange): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let closed = false;

  const open = () => {
    if (closed || source) return;
    const current = new EventSource('/api/realtime');
    source = current;
    current.addEventListener('PB_CONNECT', (message) => {
      let clientId = '';
      try {
        clientId = String((JSON.parse((message as MessageEvent<string>).data) as { clientId?: unknown }).clientId ?? '');
      } catch {
        return;
      }
      void subscribe(clientId).then((ok) => {
        if (ok && !closed && source === current) onSynced();
      });
    });
    current.addEventListener(TOPIC, () => {
      if (!closed) onChange();
    });
    current.addEventListener('error', () => {
      if (navigator.onLine) return; // EventSource reconnects by itself, and PB_CONNECT comes again
      current.close();
      source = null;
    });
  };

  window.addEventListener('online', open);
  open();
  return () => {
    closed = true;
    window.removeEventListener('online', open);
    source?.close();
    source = null;
  };
}
