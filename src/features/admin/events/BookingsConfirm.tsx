import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/Button';
import { plural } from '../format';
import type { Bookings } from './eventsApi';
import styles from './EventsEditor.module.css';

export interface PendingChange {
  /** What is about to happen, e.g. "Delete Halloween Game Night". */
  action: string;
  /** The confirm button's label. */
  confirmLabel: string;
  bookings: Bookings;
  proceed: () => Promise<void>;
}


/**
 * Asks before a change that touches booked guests, and says how many: the reservations stay as
 * they are (nothing deletes them), so staff know whom to tell.
 */
export function BookingsConfirm({ change, busy, onConfirm, onCancel }: { change: PendingChange; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const uid = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // The safe answer has the focus: a stray tap or Enter keeps the event.
  useEffect(() => boxRef.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus(), []);
  const { guests, reservations } = change.bookings;
  return (
    <div ref={boxRef} role="alertdialog" aria-labelledby={`${uid}-title`} aria-describedby={`${uid}-text`} className={styles.confirm} data-testid="bookings-confirm">
      <p id={`${uid}-title`} className={styles.confirmTitle}>
        {change.action}?
      </p>
      <p id={`${uid}-text`}>
        {guests > 0
          ? `${plural(guests, 'guest', 'guests')} ${guests === 1 ? 'is' : 'are'} booked (${plural(reservations, 'reservation', 'reservations')}, from today on). Their reservations stay in the Reservations view: let them know.`
          : 'No guests are booked on it from today on.'}
      </p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {change.confirmLabel}
        </Button>
        <Button data-keep variant="ghost" onClick={onCancel} disabled={busy}>
          Keep it
        </Button>
      </div>
    </div>
  );
}
