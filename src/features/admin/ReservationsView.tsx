import { useMemo, useState } from 'react';
import { useOnlineStatus } from '../outbox';
import { reservationsApi } from './api';
import { staffAction } from './staffAction';
import { CapacityCard } from './CapacityCard';
import { csvFilename, downloadBlob } from './csv';
import { NightWaitlist } from './NightWaitlist';
import { ReservationFilterBar } from './ReservationFilterBar';
import { AnalyticsPanel, CountsPanel } from './ReservationFigures';
import { ReservationList } from './ReservationList';
import { visibleRows } from './reservationPages';
import { DEFAULT_SORT, NO_FILTERS, listTitle, shownCounts, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import { useReservations } from './useReservations';
import { useVenueNight } from './useVenueNight';
import { TonightList } from './tonight/TonightList';
import styles from './ReservationsView.module.css';

const EXPORT_FAILURE = 'Failed to export reservations';

/**
 * The reservations view. From the tablet's own copy (works offline, opens at once): tonight's
 * capacity, tonight's list as a host stand (guest search on top: tonight's copy first, then every
 * night from the server), walk-ins, and the night's waitlist. From the server (online only, the
 * whole history): filters, counts, analytics by event and by date, the paged list of every night
 * and the CSV export; offline, a note says so in their place.
 *
 * The history part holds the filters and the data and lays out its parts: the controls
 * (ReservationFilterBar), the figures (ReservationFigures) and the list (ReservationList), with
 * their logic in reservationsLogic.ts.
 */
export function ReservationsView() {
  const online = useOnlineStatus();
  const tonight = useVenueNight();
  return (
    <div className={styles.view}>
      <CapacityCard today={tonight} />
      <TonightList tonight={tonight} />
      <NightWaitlist date={tonight} tonight />
      {online ? (
        <History />
      ) : (
        <p className={styles.offlineNote} role="note" data-testid="history-offline">
          Offline: the search of other nights, the counts, earlier and later nights and the CSV export need the connection. Tonight&rsquo;s list, capacity and waitlist above are this tablet&rsquo;s copy and keep working; changes are sent when the connection is back.
        </p>
      )}
    </div>
  );
}

/** Every night's reservations, from the server: search, filters, figures, the paged list, export. */
function History() {
  const [filters, setFilters] = useState<ReservationFilters>(NO_FILTERS);
  const [sort, setSort] = useState<ReservationSort>(DEFAULT_SORT);
  const [exporting, setExporting] = useState(false);
  // What the filter bar changes, and what the list does with its rows (load more, retry, set a status).
  const query = { filters, setFilters, sort, setSort };
  const { pages, stats, state, today, ...listActions } = useReservations(filters, sort);

  const rows = useMemo(() => visibleRows(pages, sort), [pages, sort]);
  const counts = shownCounts(state === 'ready', stats);
  const names = stats?.eventNames ?? [];

  async function exportCsv() {
    setExporting(true);
    await staffAction(async () => downloadBlob(csvFilename(today, filters), await reservationsApi.exportCsv(filters, sort)), { failure: EXPORT_FAILURE });
    setExporting(false);
  }

  return (
    <>
      <ReservationFilterBar {...query} today={today} eventNames={names} canExport={counts.reservations > 0} exporting={exporting} onExport={() => void exportCsv()} />
      <CountsPanel counts={counts} />
      <AnalyticsPanel stats={stats} listReady={state === 'ready'} sort={sort} />
      <ReservationList title={listTitle(filters)} count={counts.reservations} rows={rows} next={pages.next} state={state} eventNames={names} {...listActions} />
    </>
  );
}
