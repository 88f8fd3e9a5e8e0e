import { memo, useDeferredValue, useId, useMemo } from 'react';
import { formatShortDate } from './format';
import { orderByDate, orderByEvent, toAnalyticsRows, type AnalyticsRow, type ReservationCounts, type ReservationSort } from './reservationsLogic';
import type { ReservationStats } from './types';
import styles from './ReservationFigures.module.css';

/** The three counts for the filters, announced politely as they change (live updates). */
export function CountsPanel({ counts }: { counts: ReservationCounts }) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-counts`}>
      <h2 id={`${uid}-counts`} className="visually-hidden">
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
  );
}

/** The by-event and by-date tables, once the list is in and there is something to count. */
export function AnalyticsPanel({ stats, listReady, sort }: { stats: ReservationStats | null; listReady: boolean; sort: ReservationSort }) {
  // Years of nights make thousands of by-date rows: the counts and the list paint first, the
  // tables follow in a render of their own. The figures often arrive before the list, so it is
  // what the tables would show (nothing until the list is in), not the figures alone, that lags.
  const tableStats = useDeferredValue(listReady ? stats : null, null);
  const byEvent = useMemo(() => orderByEvent(toAnalyticsRows(tableStats?.byEvent ?? [])), [tableStats]);
  const byDate = useMemo(() => orderByDate(toAnalyticsRows(tableStats?.byDate ?? []), sort), [tableStats, sort]);
  if (!tableStats || tableStats.counts.reservations === 0) return null;
  return (
    <details className={styles.analytics} open>
      <summary>Analytics</summary>
      <div className={styles.analyticsGrid}>
        <AnalyticsTable caption="By event" keyLabel="Event" rows={byEvent} />
        <AnalyticsTable caption="By event date" keyLabel="Date" rows={byDate} formatKey={formatShortDate} />
      </div>
    </details>
  );
}

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
