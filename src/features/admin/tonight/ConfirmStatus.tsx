import { useCallback, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import type { ReservationStatus } from '../../../lib/rules/limits';
import { plural } from '../format';
import { useModalDialog } from '../useModalDialog';
import type { Reservation } from '../types';
import styles from './ConfirmStatus.module.css';

type Party = Pick<Reservation, 'id' | 'name' | 'email' | 'party_size' | 'status'>;

/** The statuses a tap does not set at once: they mail the guest (cancelled) or free seats for the waitlist (both). */
export const ASKS_FIRST: readonly ReservationStatus[] = ['cancelled', 'no_show'];

/** What the dialog says before a cancellation or a no-show: what it will do, to whom. */
export function confirmText(r: Party, status: 'cancelled' | 'no_show'): { title: string; body: string; confirm: string } {
  const seats = `${plural(r.party_size, 'seat goes', 'seats go')} back to tonight, and the waitlist may be offered ${r.party_size === 1 ? 'it' : 'them'}.`;
  if (status === 'cancelled') {
    const mail = r.email ? `${r.email} is emailed a cancellation` : 'No email is sent (no address on file)';
    return { title: `Cancel ${r.name}’s reservation?`, body: `${mail}. ${seats}`, confirm: 'Cancel reservation' };
  }
  return { title: `Mark ${r.name} as a no-show?`, body: `No email is sent. ${seats}`, confirm: 'Mark no-show' };
}

/**
 * A status tap that asks first when it mails the guest or frees seats (issue 31): `pick` sets any
 * other status at once and opens the dialog for those; the dialog's own button sets it, "Keep it"
 * (focused first, and Escape) changes nothing. One dialog for the whole list.
 */
export function useConfirmStatus<T extends Party>(onStatus: (r: T, status: ReservationStatus) => void) {
  const uid = useId();
  const [asking, setAsking] = useState<{ party: T; status: 'cancelled' | 'no_show' } | null>(null);
  const [dialogRef, closeDialog] = useModalDialog(asking !== null);

  const pick = useCallback(
    (party: T, status: ReservationStatus) => {
      if (ASKS_FIRST.includes(status) && party.status !== status) setAsking({ party, status: status as 'cancelled' | 'no_show' });
      else onStatus(party, status);
    },
    [onStatus],
  );

  const close = () => {
    closeDialog();
    setAsking(null);
  };
  const text = asking ? confirmText(asking.party, asking.status) : null;
  const confirmDialog = (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={`${uid}-title`} aria-describedby={`${uid}-body`} onClose={() => setAsking(null)}>
      {asking && text ? (
        <div className={styles.body}>
          <h2 id={`${uid}-title`} className={styles.title}>
            {text.title}
          </h2>
          <p id={`${uid}-body`} className={styles.text}>
            {text.body}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={close} autoFocus>
              Keep it
            </Button>
            <Button
              className={styles.confirm}
              data-status={asking.status}
              onClick={() => {
                onStatus(asking.party, asking.status);
                close();
              }}
            >
              {text.confirm}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
  return { pick, confirmDialog };
}
