import { useId, type Dispatch, type SetStateAction } from 'react';
import { Button } from '../../components/Button';
import { Options } from '../../components/form';
import { NO_FILTERS, SORT_OPTIONS, hasFilters, withRange, withSingleDate, type ReservationFilters, type ReservationSort } from './reservationsLogic';
import styles from './ReservationsView.module.css';

/**
 * The reservations view's controls: event, one date (with a "Tonight" shortcut) or a range, the
 * sort, clearing the filters and the CSV export. A single date and a range never coexist
 * (withSingleDate / withRange).
 */
export function ReservationFilterBar({
  filters,
  setFilters,
  sort,
  setSort,
  today,
  eventNames,
  canExport,
  exporting,
  onExport,
}: {
  filters: ReservationFilters;
  setFilters: Dispatch<SetStateAction<ReservationFilters>>;
  sort: ReservationSort;
  setSort: (sort: ReservationSort) => void;
  today: string;
  eventNames: readonly string[];
  canExport: boolean;
  exporting: boolean;
  onExport: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  return (
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
            <Options blank="All events" items={eventNames} />
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
            <RangeEnd id={id('from')} label="From" value={filters.from} max={filters.to} onChange={(from) => setFilters((f) => withRange(f, { from }))} />
            <span className={styles.rangeTo} aria-hidden="true">
              to
            </span>
            <RangeEnd id={id('to')} label="To" value={filters.to} min={filters.from} onChange={(to) => setFilters((f) => withRange(f, { to }))} />
          </div>
        </fieldset>
        <div className={`${styles.field} ${styles.areaSort}`}>
          <label htmlFor={id('sort')}>Sort by</label>
          <select id={id('sort')} className={styles.input} value={sort} onChange={(e) => setSort(e.target.value as ReservationSort)}>
            <Options items={SORT_OPTIONS} />
          </select>
        </div>
        <div className={styles.controlActions}>
          <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)} disabled={!hasFilters(filters)}>
            Clear filters
          </Button>
          <Button variant="secondary" onClick={onExport} disabled={!canExport || exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** One end of the date range, labelled for screen readers only; `min`/`max` keep it on its side of the other end. */
function RangeEnd({ id, label, value, min, max, onChange }: { id: string; label: string; value: string; min?: string; max?: string; onChange: (value: string) => void }) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} type="date" value={value} min={min || undefined} max={max || undefined} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}
