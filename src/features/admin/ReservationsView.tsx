import { useMemo, useState } from 'react';
import { reservationsApi } from './api';
import { staffAction } from './staffAction';
import { CapacityCard } from './CapacityCard';
import { csvFilename, downloadBlob } from './csv';
import { GuestSearch } from './GuestSearch';
import { NightWaitlist } from './NightWaitlist';
import { ReservationFilterBar } from './ReservationFilterBar';
import { AnalyticsPanel, CountsPanel } from './ReservationFigures';
import { ReservationList } from './ReservationList';
import { visibleRows } from './reservationPages';
import { DEFAULT_SORT, NO_FILTERS, listTitle, shownCounts, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import { useReservations } from './useReservations';
import styles from './ReservationsView.module.css';

const EXPORT_FAILURE = 'Failed to export reservations';

/**
 * Reservations with sort options, filters (event; one date or a range), counts, analytics by
 * event and by date, per-row status and CSV export. The counts, tables and export are computed
 * by the server for the filters; the list loads a page at a time, tonight and the coming nights
 * first. Live: realtime changes from the site, the kiosk and other staff devices edit the loaded
 * pages and refresh the counts without a reload.
 *
 * This component holds the filters and the data and lays out its parts: the controls
 * (ReservationFilterBar), the figures (ReservationFigures) and the list (ReservationList), with
 * their logic in reservationsLogic.ts.
 */
export function ReservationsView() {
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
    <div className={styles.view}>
      <CapacityCard tonight={stats?.tonight ?? null} today={today} />
      <GuestSearch />
      <ReservationFilterBar {...query} today={today} eventNames={names} canExport={counts.reservations > 0} exporting={exporting} onExport={() => void exportCsv()} />
      <CountsPanel counts={counts} />
      <NightWaitlist date={filters.date || today} />
      <AnalyticsPanel stats={stats} listReady={state === 'ready'} sort={sort} />
      <ReservationList title={listTitle(filters)} count={counts.reservations} rows={rows} next={pages.next} state={state} eventNames={names} {...listActions} />
    </div>
  );
}
