import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { useOnlineStatus } from '../../outbox';
import { useVenueNight } from '../useVenueNight';
import { whenText, whoText, type ActivityRow } from './activityLogic';
import { historyQuery } from './activityQueries';
import styles from './History.module.css';

/**
 * A reservation's "History" at the door (issue 32 item 4): one tap from its row, a dialog lists
 * who did what to it and when ("Arrived · Sam on Door tablet · 9:42 PM, applied 9:51 PM when the
 * wifi came back"). Read from the server when opened; offline it says it needs the connection.
 */
export function HistoryButton({ reservation, labelled = false }: { reservation: { id: string; name: string }; labelled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={labelled ? styles.labelled : styles.button} aria-haspopup="dialog" aria-label={`History of ${reservation.name}`} onClick={() => setOpen(true)} data-history-for={reservation.id}>
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M10 2.5a7.5 7.5 0 1 1-7.1 9.9 1 1 0 1 1 1.9-.6A5.5 5.5 0 1 0 5.6 6.4H7a1 1 0 0 1 0 2H3.5a1 1 0 0 1-1-1V4a1 1 0 1 1 2 0v.9A7.5 7.5 0 0 1 10 2.5Zm0 3.5a1 1 0 0 1 1 1v2.6l1.7 1.7a1 1 0 0 1-1.4 1.4l-2-2A1 1 0 0 1 9 10V7a1 1 0 0 1 1-1Z" />
        </svg>
        {labelled ? <span>History</span> : null}
      </button>
      {open ? <HistoryDialog reservation={reservation} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function HistoryDialog({ reservation, onClose }: { reservation: { id: string; name: string }; onClose: () => void }) {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const online = useOnlineStatus();
  const history = useQuery({ ...historyQuery(reservation.id), enabled: online });
  const today = useVenueNight();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${uid}-title`} onClose={onClose} data-testid="history-dialog">
      <div className={styles.body}>
        <h2 id={`${uid}-title`} className={styles.title}>
          History of {reservation.name}
        </h2>
        <div className={styles.scroll} aria-live="polite" aria-busy={online && history.isPending}>
          {!online ? (
            <p className={styles.note}>The history needs the connection: it is read from the server. Try again when the tablet is back online.</p>
          ) : history.isError ? (
            <p className={styles.note} role="alert">
              Could not load the history.{' '}
              <Button variant="secondary" onClick={() => void history.refetch()}>
                Try again
              </Button>
            </p>
          ) : history.data === undefined ? (
            <p className={styles.note}>Loading…</p>
          ) : history.data.length === 0 ? (
            <p className={styles.note}>No staff changes yet: booked and unchanged.</p>
          ) : (
            <ol className={styles.lines}>
              {history.data.map((row) => (
                <HistoryLine key={row.id} row={row} today={today} />
              ))}
            </ol>
          )}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** One line: what · who (on which tablet) · when. */
export function HistoryLine({ row, today }: { row: ActivityRow; today: string }) {
  return (
    <li className={styles.line} data-kind={row.kind}>
      <strong className={styles.what}>{row.summary}</strong> · <span className={styles.who}>{whoText(row)}</span> · <span className={styles.when}>{whenText(row, today)}</span>
    </li>
  );
}
