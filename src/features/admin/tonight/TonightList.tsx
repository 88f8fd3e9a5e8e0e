import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { formatNight } from '../../../lib/venueTime';
import { useOnlineStatus } from '../../outbox';
import { plural } from '../format';
import { useStatusChange } from '../ReservationList';
import { useCopyFilled, useNightReservations, type Shown } from '../sync';
import type { Reservation } from '../types';
import { useConfirmStatus } from './ConfirmStatus';
import { OtherNights } from './OtherNights';
import { SlotGroups } from './SlotGroups';
import { StandBar } from './StandBar';
import { buildStand, STAND_FILTER_LABELS, type StandFilter } from './standLogic';
import { useNow } from './useNow';
import { seatedAt, usePendingArrivals } from './useSeatedTimes';
import { WalkInForm } from './WalkInForm';
import styles from './Tonight.module.css';

const noop = () => undefined;
const NONE: Shown<Reservation>[] = [];

/**
 * Tonight at the door as a host stand (issue 31), read from the tablet's copy (sync/): it opens
 * at once, works offline, and shows a change made here at once, marked "Waiting to send" until
 * the server has it. One line per party, grouped by arrival slot; "Find a guest" and the filter
 * chips on top; late parties first in their slot; cancelled and no-show ask first.
 */
export function TonightList({ tonight }: { tonight: string }) {
  const uid = useId();
  const rows = useNightReservations(tonight);
  const filled = useCopyFilled();
  const online = useOnlineStatus();
  const now = useNow();
  const pending = usePendingArrivals();
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<StandFilter>('all');
  // The rows follow the copy (the queue writes the change there), so there is nothing to set here.
  const { onStatus } = useStatusChange(noop);
  const { pick, confirmDialog } = useConfirmStatus(onStatus);
  const done = useCallback(() => setAdding(false), []);
  const query = useDeferredValue(typed.trim());

  const shown = rows ?? NONE;
  const stand = useMemo(() => buildStand(shown, { now, filter, query }), [shown, now, filter, query]);
  const tonightIds = useMemo(() => new Set(shown.map((r) => r.id)), [shown]);
  const seated = useCallback((r: Shown<Reservation>) => seatedAt(r, pending), [pending]);
  const counting = shown.filter((r) => r.status !== 'cancelled' && r.status !== 'no_show');
  const guests = counting.reduce((n, r) => n + r.party_size, 0);
  const loading = rows === undefined || (shown.length === 0 && filled === false);

  let empty = '';
  if (loading) empty = online ? 'Loading tonight’s reservations…' : 'This tablet has no copy of the nights yet: it loads once the connection is back.';
  else if (shown.length === 0) empty = 'No reservations for tonight yet.';
  else if (stand.shown === 0) empty = query ? `No party tonight matches “${query}”.` : `No ${STAND_FILTER_LABELS[filter].toLowerCase()} parties tonight.`;

  return (
    <>
      <section className={styles.tonight} aria-labelledby={`${uid}-title`} aria-busy={loading} data-testid="tonight-list">
        <h2 id={`${uid}-title`} className="visually-hidden">
          Tonight, {formatNight(tonight)}: {plural(counting.length, 'party', 'parties')}, {plural(guests, 'guest', 'guests')}
        </h2>
        <StandBar id={uid} query={typed} onQuery={setTyped} filter={filter} onFilter={setFilter} counts={stand.counts} adding={adding} onAdd={() => setAdding(true)} />
        {adding ? <WalkInForm tonight={tonight} onDone={done} /> : null}
        <p id={`${uid}-q-status`} className={styles.empty} role="status">
          {empty}
        </p>
        <SlotGroups groups={stand.groups} now={now} seatedAt={seated} onPick={pick} fold={!query && filter === 'all'} />
        {confirmDialog}
      </section>
      {query ? <OtherNights query={query} tonightIds={tonightIds} now={now} /> : null}
    </>
  );
}
