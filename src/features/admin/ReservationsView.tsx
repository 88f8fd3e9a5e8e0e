import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES, type ReservationStatus } from '../../lib/rules/limits';
import { reservationsApi } from './api';
import { CapacityCard } from './CapacityCard';
import { csvFilename, downloadBlob } from './csv';
import { formatCreated, formatShortDate, plural, RESERVATION_STATUS_LABELS } from './format';
import { visibleRows } from './reservationPages';
import {
  NO_FILTERS,
  SORT_OPTIONS,
  hasFilters,
  orderByDate,
  orderByEvent,
  withRange,
  withSingleDate,
  type AnalyticsRow,
  type ReservationFilters,
  type ReservationSort,
} from './reservationsLogic';
import type { Reservation, StatsRow } from './types';
import { pick, useReservations } from './useReservations';
import styles from './ReservationsView.module.css';

const STATUS_FAILURE = 'Failed to update reservation';
/** In the order a night runs: booked, then at the door (arrived or not), or called off. */
const STATUS_ORDER: ReservationStatus[] = ['confirmed', 'arrived', 'no_show', 'cancelled'];

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500) {
    const data = (error.response?.data ?? {}) as Record<string, { message?: string } | undefined>;
    const field = Object.values(data).find((v) => v?.message)?.message;
    if (field) return field;
  }
  return fallback;
}

const EXPORT_FAILURE = 'Failed to export reservations';

const toRows = (rows: readonly StatsRow[]): AnalyticsRow[] => rows.map(([key, reservations, guests]) => ({ key, reservations, guests }));

/**
 * Reservations with sort options, filters (event; one date or a range), counts, analytics by
 * event and by date, per-row status and CSV export. The counts, tables and export are computed
 * by the server for the filters; the list loads a page at a time, tonight and the coming nights
 * first. Live: realtime changes from the site, the kiosk and other staff devices edit the loaded
 * pages and refresh the counts without a reload.
 */
export function ReservationsView() {
  const uid = useId();
  const [filters, setFilters] = useState<ReservationFilters>(NO_FILTERS);
  const [sort, setSort] = useState<ReservationSort>('created');
  const [saving, setSaving] = useState<Record<string, boolean>>({});
  const [exporting, setExporting] = useState(false);
  const { pages, stats, state, today, loadMore, loadingMore, retry, setRowStatus, replaceRow } = useReservations(filters, sort);

  const rows = useMemo(() => visibleRows(pages, sort), [pages, sort]);
  // The counts show with the first page of the list (never a count beside an empty list).
  const counts = (state === 'ready' ? stats?.counts : null) ?? { reservations: 0, guests: 0, events: 0 };
  // Years of nights make thousands of by-date rows: the counts paint first, the tables follow.
  const tableStats = useDeferredValue(stats);
  const byEvent = useMemo(() => orderByEvent(toRows(tableStats?.byEvent ?? [])), [tableStats]);
  const byDate = useMemo(() => orderByDate(toRows(tableStats?.byDate ?? []), sort), [tableStats, sort]);
  const names = stats?.eventNames ?? [];

  async function setStatus(reservation: Reservation, status: ReservationStatus) {
    if (reservation.status === status || saving[reservation.id]) return;
    setSaving((s) => ({ ...s, [reservation.id]: true }));
    setRowStatus(reservation.id, status);
    try {
      const updated = await reservationsApi.setStatus(reservation.id, status);
      replaceRow(pick(updated));
    } catch (error) {
      console.error(STATUS_FAILURE, error);
      setRowStatus(reservation.id, reservation.status);
      notify.error(TOAST_TITLES.error, errorMessage(error, STATUS_FAILURE));
    } finally {
      setSaving((s) => {
        const next = { ...s };
        delete next[reservation.id];
        return next;
      });
    }
  }

  // One stable handler, so a change of the counts does not re-render every row.
  const setStatusRef = useRef(setStatus);
  useEffect(() => {
    setStatusRef.current = setStatus;
  });
  const onStatus = useCallback((r: Reservation, s: ReservationStatus) => void setStatusRef.current(r, s), []);

  async function exportCsv() {
    setExporting(true);
    try {
      downloadBlob(csvFilename(today, filters), await reservationsApi.exportCsv(filters, sort));
    } catch (error) {
      console.error(EXPORT_FAILURE, error);
      notify.error(TOAST_TITLES.error, EXPORT_FAILURE);
    } finally {
      setExporting(false);
    }
  }

  const id = (name: string) => `${uid}-${name}`;

  return (
    <div className={styles.view}>
      <CapacityCard tonight={stats?.tonight ?? null} today={today} />

      <section className={styles.controls} aria-labelledby={id('filters')}>
        <h2 id={id('filters')} className="visually-hidden">
          Filters and sort
        </h2>
        <div className={styles.controlGrid}>
          <div className={`${styles.field} ${styles.areaEvent}`}>
            <label htmlFor={id('event')}>Event</label>
            <select
              id={id('event')}
              className={styles.input}
              value={filters.eventName}
              onChange={(e) => setFilters((f) => ({ ...f, eventName: e.target.value }))}
            >
              <option value="">All events</option>
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className={`${styles.field} ${styles.areaDate}`}>
            <label htmlFor={id('date')}>Date</label>
            <div className={styles.inline}>
              <input
                id={id('date')}
                className={styles.input}
                type="date"
                value={filters.date}
                onChange={(e) => setFilters((f) => withSingleDate(f, e.target.value))}
              />
              <Button
                variant={filters.date === today ? 'primary' : 'secondary'}
                className={styles.compactButton}
                aria-pressed={filters.date === today}
                onClick={() => setFilters((f) => withSingleDate(f, f.date === today ? '' : today))}
              >
                Tonight
              </Button>
            </div>
          </div>
          <fieldset className={`${styles.range} ${styles.areaRange}`}>
            <legend>Or a date range</legend>
            <div className={styles.inline}>
              <label className="visually-hidden" htmlFor={id('from')}>
                From
              </label>
              <input
                id={id('from')}
                className={styles.input}
                type="date"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(e) => setFilters((f) => withRange(f, { from: e.target.value }))}
              />
              <span className={styles.rangeTo} aria-hidden="true">
                to
              </span>
              <label className="visually-hidden" htmlFor={id('to')}>
                To
              </label>
              <input
                id={id('to')}
                className={styles.input}
                type="date"
                value={filters.to}
                min={filters.from || undefined}
                onChange={(e) => setFilters((f) => withRange(f, { to: e.target.value }))}
              />
            </div>
          </fieldset>
          <div className={`${styles.field} ${styles.areaSort}`}>
            <label htmlFor={id('sort')}>Sort by</label>
            <select id={id('sort')} className={styles.input} value={sort} onChange={(e) => setSort(e.target.value as ReservationSort)}>
              {SORT_OPTIONS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.controlActions}>
            <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!hasFilters(filters)}>
              Clear filters
            </Button>
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={counts.reservations === 0 || exporting}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby={id('counts')}>
        <h2 id={id('counts')} className="visually-hidden">
          Counts
        </h2>
        <dl className={styles.stats} aria-live="polite">
          <div className={styles.stat}>
            <dt>Reservations</dt>
            <dd data-testid="count-reservations">{counts.reservations}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Guests</dt>
            <dd data-testid="count-guests">{counts.guests}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Events</dt>
            <dd data-testid="count-events">{counts.events}</dd>
          </div>
        </dl>
      </section>

      {state === 'error' ? (
        <div className={styles.empty} role="alert">
          <p>{FAILURE_MESSAGES.fetchReservations}.</p>
          <Button onClick={retry}>Try again</Button>
        </div>
      ) : null}

      {state === 'ready' && (tableStats?.counts.reservations ?? 0) > 0 ? (
        <details className={styles.analytics} open>
          <summary>Analytics</summary>
          <div className={styles.analyticsGrid}>
            <AnalyticsTable caption="By event" keyLabel="Event" rows={byEvent} />
            <AnalyticsTable caption="By event date" keyLabel="Date" rows={byDate} formatKey={formatShortDate} />
          </div>
        </details>
      ) : null}

      <section aria-labelledby={id('list')} aria-busy={state === 'loading'}>
        <h2 id={id('list')} className={styles.listTitle}>
          {hasFilters(filters) ? 'Filtered reservations' : 'All reservations'}{' '}
          <span className={styles.listCount}>({plural(counts.reservations, 'reservation', 'reservations')})</span>
        </h2>
        {state === 'loading' ? <p className={styles.empty}>Loading reservations…</p> : null}
        {state === 'ready' && rows.length === 0 && !pages.next ? (
          <p className={styles.empty}>{names.length === 0 ? 'No reservations yet.' : 'No reservations match these filters.'}</p>
        ) : null}
        <ul className={styles.list}>
          {rows.map((r) => (
            <ReservationRow key={r.id} reservation={r} saving={Boolean(saving[r.id])} onStatus={onStatus} />
          ))}
        </ul>
        {state === 'ready' && pages.next ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : pages.next.segment === 'past' && pages.next.page === 1 ? 'Load earlier nights' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

const ReservationRow = memo(function ReservationRow({
  reservation: r,
  saving,
  onStatus,
}: {
  reservation: Reservation;
  saving: boolean;
  onStatus: (reservation: Reservation, status: ReservationStatus) => void;
}) {
  return (
    <li className={styles.row} data-status={r.status} aria-label={`${r.name}, ${r.event_name}`}>
      <div className={styles.rowMain}>
        <p className={styles.rowName}>
          <strong>{r.name}</strong>
          <span className={styles.party}>{plural(r.party_size, 'guest', 'guests')}</span>
        </p>
        <p className={styles.rowEvent}>
          {r.event_name} · {formatShortDate(r.event_date)} · {r.event_time}
        </p>
        <p className={styles.rowContact}>
          <a href={`mailto:${r.email}`}>{r.email}</a>
          {r.phone ? (
            <>
              {' · '}
              <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a>
            </>
          ) : null}
        </p>
        <p className={styles.rowMeta}>
          Reserved {formatCreated(r.created)}
          {r.source ? ` · ${r.source}` : ''}
        </p>
      </div>
      <div className={styles.statusGroup} role="group" aria-label={`Status for ${r.name}`}>
        {STATUS_ORDER.map((s) => (
          <button
            key={s}
            type="button"
            className={styles.statusButton}
            data-value={s}
            aria-pressed={r.status === s}
            disabled={saving}
            onClick={() => onStatus(r, s)}
          >
            {RESERVATION_STATUS_LABELS[s]}
          </button>
        ))}
      </div>
    </li>
  );
});

const AnalyticsTable = memo(function AnalyticsTable({
  caption,
  keyLabel,
  rows,
  formatKey = (k) => k,
}: {
  caption: string;
  keyLabel: string;
  rows: AnalyticsRow[];
  formatKey?: (key: string) => string;
}) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col" className={styles.num}>
              Reservations
            </th>
            <th scope="col" className={styles.num}>
              Guests
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{formatKey(row.key)}</th>
              <td className={styles.num}>{row.reservations}</td>
              <td className={styles.num}>{row.guests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
