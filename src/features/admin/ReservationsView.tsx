import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { Button } from '../../components/Button';
import { notify } from '../../components/toast';
import { FAILURE_MESSAGES, TOAST_TITLES, type ReservationStatus } from '../../lib/rules/limits';
import { venueToday } from '../../lib/venueTime';
import { reservationsApi } from './api';
import { CapacityCard } from './CapacityCard';
import { csvFilename, downloadText, reservationsCsv } from './csv';
import { formatCreated, formatShortDate, plural, RESERVATION_STATUS_LABELS } from './format';
import { applyChange, useRealtime } from './live';
import {
  NO_FILTERS,
  SORT_OPTIONS,
  analyticsByDate,
  analyticsByEvent,
  countReservations,
  eventNames,
  filterReservations,
  hasFilters,
  sortReservations,
  withRange,
  withSingleDate,
  type AnalyticsRow,
  type ReservationFilters,
  type ReservationSort,
} from './reservationsLogic';
import type { Reservation } from './types';
import styles from './ReservationsView.module.css';

const STATUS_FAILURE = 'Failed to update reservation';
/** In the order a night runs: booked, then at the door (arrived or not), or called off. */
const STATUS_ORDER: ReservationStatus[] = ['confirmed', 'arrived', 'no_show', 'cancelled'];

/** Keeps only the fields the view uses (realtime events carry the whole record). */
function pick(record: Reservation): Reservation {
  const { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated } = record;
  return { id, name, email, phone, event_name, event_date, event_time, party_size, source, status, created, updated };
}

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500) {
    const data = (error.response?.data ?? {}) as Record<string, { message?: string } | undefined>;
    const field = Object.values(data).find((v) => v?.message)?.message;
    if (field) return field;
  }
  return fallback;
}

/**
 * All reservations, newest first, with sort options, filters (event; one date or a range),
 * counts, analytics by event and by date, per-row status and CSV export. Live: realtime
 * changes from the site, the kiosk and other staff devices appear without a reload.
 */
export function ReservationsView() {
  const uid = useId();
  const [list, setList] = useState<Reservation[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [filters, setFilters] = useState<ReservationFilters>(NO_FILTERS);
  const [sort, setSort] = useState<ReservationSort>('created');
  const [saving, setSaving] = useState<Record<string, boolean>>({});
  const [today, setToday] = useState(() => venueToday());

  const load = useCallback(async (quiet = false) => {
    try {
      const rows = await reservationsApi.list();
      setList(rows.map(pick));
      setState('ready');
      setToday(venueToday());
    } catch (error) {
      console.error(FAILURE_MESSAGES.fetchReservations, error);
      if (!quiet) {
        notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.fetchReservations);
        setState((s) => (s === 'ready' ? s : 'error'));
      }
    }
  }, []);

  useEffect(() => {
    const first = async () => {
      await load();
    };
    void first();
  }, [load]);

  useRealtime<Reservation>(
    'reservations',
    (action, record) => setList((current) => applyChange(current, action, pick(record))),
    () => void load(true),
  );

  const filtered = useMemo(() => filterReservations(list, filters), [list, filters]);
  const sorted = useMemo(() => sortReservations(filtered, sort), [filtered, sort]);
  const counts = useMemo(() => countReservations(filtered), [filtered]);
  const byEvent = useMemo(() => analyticsByEvent(filtered), [filtered]);
  const byDate = useMemo(() => analyticsByDate(filtered, sort), [filtered, sort]);
  const names = useMemo(() => eventNames(list), [list]);

  async function setStatus(reservation: Reservation, status: ReservationStatus) {
    if (reservation.status === status || saving[reservation.id]) return;
    setSaving((s) => ({ ...s, [reservation.id]: true }));
    setList((current) => current.map((r) => (r.id === reservation.id ? { ...r, status } : r)));
    try {
      const updated = await reservationsApi.setStatus(reservation.id, status);
      setList((current) => applyChange(current, 'update', pick(updated)));
    } catch (error) {
      console.error(STATUS_FAILURE, error);
      setList((current) => current.map((r) => (r.id === reservation.id ? { ...r, status: reservation.status } : r)));
      notify.error(TOAST_TITLES.error, errorMessage(error, STATUS_FAILURE));
    } finally {
      setSaving((s) => {
        const next = { ...s };
        delete next[reservation.id];
        return next;
      });
    }
  }

  function exportCsv() {
    downloadText(csvFilename(today, filters), reservationsCsv(sorted));
  }

  const id = (name: string) => `${uid}-${name}`;

  return (
    <div className={styles.view}>
      <CapacityCard reservations={list} today={today} />

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
            <Button variant="secondary" onClick={exportCsv} disabled={sorted.length === 0}>
              Export CSV
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
          <Button onClick={() => { setState('loading'); void load(); }}>Try again</Button>
        </div>
      ) : null}

      {state === 'ready' && filtered.length > 0 ? (
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
          <span className={styles.listCount}>({plural(sorted.length, 'reservation', 'reservations')})</span>
        </h2>
        {state === 'loading' ? <p className={styles.empty}>Loading reservations…</p> : null}
        {state === 'ready' && sorted.length === 0 ? (
          <p className={styles.empty}>{list.length === 0 ? 'No reservations yet.' : 'No reservations match these filters.'}</p>
        ) : null}
        <ul className={styles.list}>
          {sorted.map((r) => (
            <ReservationRow key={r.id} reservation={r} saving={Boolean(saving[r.id])} onStatus={(s) => void setStatus(r, s)} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function ReservationRow({
  reservation: r,
  saving,
  onStatus,
}: {
  reservation: Reservation;
  saving: boolean;
  onStatus: (status: ReservationStatus) => void;
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
            onClick={() => onStatus(s)}
          >
            {RESERVATION_STATUS_LABELS[s]}
          </button>
        ))}
      </div>
    </li>
  );
}

function AnalyticsTable({
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
}
