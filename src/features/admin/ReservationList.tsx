import { memo, useCallback, useDeferredValue, useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES, type ReservationStatus } from '../../lib/rules/limits';
import { recordChange, type NewChange } from './sync';
import { formatCreated, formatShortDate, plural, RESERVATION_STATUS_LABELS } from './format';
import { rowsToRender, type Pages } from './reservationPages';
import { PressedGroup } from './PressedGroup';
import { HistoryButton } from './activity/HistoryButton';
import { STATUS_ORDER, emptyListMessage, loadMoreLabel } from './reservationsLogic';
import type { Reservation } from './types';
import type { LoadState } from './useReservations';
import styles from './ReservationList.module.css';

const STATUS_FAILURE = 'Failed to update reservation';
const NO_ROWS: readonly Reservation[] = [];

/** A status change as the queue stores it: what staff read under Not applied, if it comes to that. */
export function statusChange(reservation: Pick<Reservation, 'id' | 'name' | 'status'>, status: ReservationStatus): NewChange {
  return {
    collection: 'reservations',
    op: 'update',
    record_id: reservation.id,
    fields: { status },
    base: { status: reservation.status },
    label: `${reservation.name} · ${RESERVATION_STATUS_LABELS[status]}`,
  };
}

/**
 * Changes a row's status at once and queues the change for the server (sync/queue.ts): it is
 * sent now when online, else when the connection returns, and the server's outcome shows in
 * the copy or under Not applied. Only a device that cannot store the change puts the row back.
 * One stable handler, so a change of the counts does not re-render every row.
 */
export function useStatusChange(setRowStatus: (id: string, status: ReservationStatus) => void) {
  async function setStatus(reservation: Reservation, status: ReservationStatus) {
    if (reservation.status === status) return;
    setRowStatus(reservation.id, status);
    try {
      await recordChange(statusChange(reservation, status));
    } catch (error) {
      console.error(STATUS_FAILURE, error);
      setRowStatus(reservation.id, reservation.status);
      notify.error(TOAST_TITLES.error, STATUS_FAILURE);
    }
  }

  const setStatusRef = useRef(setStatus);
  useEffect(() => {
    setStatusRef.current = setStatus;
  });
  const onStatus = useCallback((r: Reservation, s: ReservationStatus) => void setStatusRef.current(r, s), []);
  return { onStatus };
}

/**
 * The loaded pages of reservations, each row with its status buttons, and "load more"; when the
 * list could not be loaded, an alert with a retry above it.
 */
export function ReservationList({
  title,
  count,
  rows,
  next,
  state,
  eventNames,
  loadMore,
  loadingMore,
  retry,
  setRowStatus,
}: {
  title: string;
  /** all reservations for the filters, loaded or not */
  count: number;
  rows: readonly Reservation[];
  next: Pages['next'];
  state: LoadState;
  eventNames: readonly string[];
  loadMore: () => Promise<void> | void;
  loadingMore: boolean;
  retry: () => void;
  setRowStatus: (id: string, status: ReservationStatus) => void;
}) {
  const uid = useId();
  const { onStatus } = useStatusChange(setRowStatus);
  // A first page is 50 rows and a tablet shows a handful: the rest render in a pass of their own.
  const shown = rowsToRender(rows, useDeferredValue(rows, NO_ROWS));
  return (
    <>
      {state === 'error' ? (
        <div className={styles.empty} role="alert">
          <p>{FAILURE_MESSAGES.fetchReservations}.</p>
          <Button onClick={retry}>Try again</Button>
        </div>
      ) : null}
      <section aria-labelledby={`${uid}-list`} aria-busy={state === 'loading'}>
        <h2 id={`${uid}-list`} className={styles.listTitle}>
          {title} <span className={styles.listCount}>({plural(count, 'reservation', 'reservations')})</span>
        </h2>
        {state === 'loading' ? <p className={styles.empty}>Loading reservations…</p> : null}
        {state === 'ready' && rows.length === 0 && !next ? <p className={styles.empty}>{emptyListMessage(eventNames)}</p> : null}
        <ul className={styles.list}>
          {shown.map((r) => (
            <ReservationRow key={r.id} reservation={r} onStatus={onStatus} />
          ))}
        </ul>
        {state === 'ready' && next ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadMoreLabel(next, loadingMore)}
            </Button>
          </div>
        ) : null}
      </section>
    </>
  );
}

export const ReservationRow = memo(function ReservationRow({
  reservation: r,
  onStatus,
  waiting = false,
  actions,
}: {
  reservation: Reservation;
  onStatus: (reservation: Reservation, status: ReservationStatus) => void;
  /** a change to it is on this tablet, not on the server yet */
  waiting?: boolean;
  /** more controls under the status buttons (tonight's list: party size and time) */
  actions?: ReactNode;
}) {
  return (
    <li className={styles.row} data-status={r.status} data-waiting={waiting || undefined} aria-label={`${r.name}, ${r.event_name}`}>
      <div className={styles.rowMain}>
        <p className={styles.rowName}>
          <strong>{r.name}</strong>
          <span className={styles.party}>{plural(r.party_size, 'guest', 'guests')}</span>
        </p>
        <p className={styles.rowEvent}>
          {r.event_name} · {formatShortDate(r.event_date)} · {r.event_time}
        </p>
        {r.email || r.phone ? (
          // A walk-in may leave both out: no empty link then.
          <p className={styles.rowContact}>
            {r.email ? <a href={`mailto:${r.email}`}>{r.email}</a> : null}
            {r.email && r.phone ? ' · ' : null}
            {r.phone ? <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a> : null}
          </p>
        ) : null}
        <p className={styles.rowMeta}>
          Reserved {formatCreated(r.created)}
          {r.source ? ` · ${r.source}` : ''}
        </p>
        {waiting ? <p className={styles.waiting}>Waiting to send</p> : null}
        <HistoryButton reservation={r} labelled />
      </div>
      <PressedGroup label={`Status for ${r.name}`} values={STATUS_ORDER} value={r.status} onPick={(s) => onStatus(r, s)} className={styles.statusGroup} buttonClassName={styles.statusButton}>
        {(s) => RESERVATION_STATUS_LABELS[s]}
      </PressedGroup>
      {actions}
    </li>
  );
});
