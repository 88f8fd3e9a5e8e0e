import { useEffect, useId, useState } from 'react';
import { notify } from '../../components/toast';
import type { OutboxEntry } from './db';
import { useOutboxEntries } from './hooks';
import { useOnlineStatus } from './online';
import { dismissRejected, flushOutbox, onOutboxEvent } from './outbox';
import styles from './PendingSubmissionsIndicator.module.css';
import { useSendNow } from './useSendNow';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Tells the guest, once per flush, what was sent in the background. */
function useBackgroundToasts() {
  useEffect(() => {
    let sent: OutboxEntry[] = [];
    let timer: number | undefined;
    const off = onOutboxEvent((event) => {
      if (event.type !== 'delivered' || !event.background) return;
      sent.push(event.entry);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const first = sent[0];
        if (sent.length === 1 && first) notify.success('Sent', `${first.label}: delivered. Check your email for the confirmation.`);
        else if (sent.length > 1) notify.success('Sent', `${sent.length} saved submissions were delivered. Check your email for the confirmations.`);
        sent = [];
      }, 400);
    });
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, []);
}

/**
 * A small status pill on every page while submissions wait on this device, and a card for each
 * submission the server turned down after reconnecting (shown with the reason until dismissed).
 */
export function PendingSubmissionsIndicator() {
  const entries = useOutboxEntries();
  const online = useOnlineStatus();
  const [openRequested, setOpen] = useState(false);
  const { sending, sendNow } = useSendNow(flushOutbox);
  const panelId = useId();
  useBackgroundToasts();

  const pending = entries.filter((e) => e.state === 'pending');
  const rejected = entries.filter((e) => e.state === 'rejected');

  const open = openRequested && pending.length > 0;

  if (pending.length === 0 && rejected.length === 0) return null;

  return (
    <div className={styles.root} data-testid="outbox-indicator" data-pending={pending.length} data-no-celebration>
      {rejected.length > 0 ? (
        <section className={styles.rejections} aria-label="Submissions that could not be completed">
          {rejected.map((entry) => (
            <div key={entry.id} className={styles.rejection} role="alert" data-testid="outbox-rejection">
              <p className={styles.rejectionTitle}>Not sent: {entry.label}</p>
              <p className={styles.rejectionReason}>{entry.message || 'The server turned this submission down.'}</p>
              {entry.fieldErrors && Object.keys(entry.fieldErrors).length > 0 ? (
                <ul className={styles.reasons}>
                  {Object.entries(entry.fieldErrors)
                    .filter(([, message]) => message && message !== entry.message)
                    .map(([field, message]) => (
                      <li key={field}>{message}</li>
                    ))}
                </ul>
              ) : null}
              <button type="button" className={styles.dismiss} onClick={() => void dismissRejected(entry.id)}>
                Dismiss
              </button>
            </div>
          ))}
        </section>
      ) : null}

      {pending.length > 0 ? (
        <div className={styles.pendingWrap}>
          {open ? (
            <div id={panelId} className={styles.panel} role="region" aria-label="Waiting to send">
              <p className={styles.panelIntro}>
                {online
                  ? 'Saved on this device. Sending now…'
                  : "Saved on this device. They'll be sent automatically when you're back online, even if you close this page."}
              </p>
              <ul className={styles.list}>
                {pending.map((entry) => (
                  <li key={entry.id}>{entry.label}</li>
                ))}
              </ul>
              <button
                type="button"
                className={styles.sendNow}
                onClick={() => void sendNow()}
                disabled={!online || sending}
              >
                {sending ? 'Sending...' : online ? 'Send now' : 'Waiting for connection'}
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className={styles.pill}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((v) => !v)}
            data-online={online}
          >
            <span className={styles.dot} aria-hidden="true" />
            <span role="status" aria-live="polite">
              {plural(pending.length, 'submission', 'submissions')} waiting to send
            </span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
