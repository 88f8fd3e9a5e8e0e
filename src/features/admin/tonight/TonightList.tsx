import { useCallback, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { formatNight } from '../../../lib/venueTime';
import { useOnlineStatus } from '../../outbox';
import { plural } from '../format';
import { ReservationRow, useStatusChange } from '../ReservationList';
import { useCopyFilled, useNightReservations } from '../sync';
import { RowEdit } from './RowEdit';
import { WalkInForm } from './WalkInForm';
import listStyles from '../ReservationList.module.css';
import styles from './Tonight.module.css';

const noop = () => undefined;

/**
 * Tonight's reservations at the door, read from the tablet's copy (sync/): it opens at once,
 * works offline, and shows a change staff made here at once, marked "Waiting to send" until the
 * server has it. Status, party size and time per row, and walk-ins from the form above.
 */
export function TonightList({ tonight }: { tonight: string }) {
  const uid = useId();
  const rows = useNightReservations(tonight);
  const filled = useCopyFilled();
  const online = useOnlineStatus();
  const [adding, setAdding] = useState(false);
  // The rows follow the copy (the queue writes the change there), so there is nothing to set here.
  const { onStatus } = useStatusChange(noop);
  const done = useCallback(() => setAdding(false), []);

  const shown = rows ?? [];
  const counting = shown.filter((r) => r.status !== 'cancelled');
  const guests = counting.reduce((n, r) => n + r.party_size, 0);
  const loading = rows === undefined || (shown.length === 0 && filled === false);
  return (
    <section className={styles.tonight} aria-labelledby={`${uid}-title`} aria-busy={loading} data-testid="tonight-list">
      <div className={styles.head}>
        <h2 id={`${uid}-title`} className={listStyles.listTitle}>
          Tonight <span className={listStyles.listCount}>{formatNight(tonight)} · {plural(counting.length, 'reservation', 'reservations')} · {plural(guests, 'guest', 'guests')}</span>
        </h2>
        {!adding ? <Button onClick={() => setAdding(true)}>Add a walk-in</Button> : null}
      </div>
      {adding ? <WalkInForm tonight={tonight} onDone={done} /> : null}
      {loading ? <p className={listStyles.empty}>{online ? 'Loading tonight’s reservations…' : 'This tablet has no copy of the nights yet: it loads once the connection is back.'}</p> : null}
      {!loading && shown.length === 0 ? <p className={listStyles.empty}>No reservations for tonight yet.</p> : null}
      <ul className={listStyles.list}>
        {shown.map((r) => (
          <ReservationRow key={r.id} reservation={r} onStatus={onStatus} waiting={r.waiting} actions={<RowEdit reservation={r} />} />
        ))}
      </ul>
    </section>
  );
}
