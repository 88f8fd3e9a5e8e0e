import { useId } from 'react';
import { formatCreated } from '../../lib/rules/csv';
import type { WaitlistStatus } from '../../lib/rules/waitlist';
import { formatShortDate, parseServerDate, plural } from './format';
import { formatMinutes } from './tonight/standLogic';
import { useNow } from './tonight/useNow';
import { WaitlistActions } from './WaitlistActions';
import { syncWindow, useNightWaitlist, type WaitlistRow } from './sync';
import styles from './NightWaitlist.module.css';

export type { WaitlistRow };

const STATUS_LABELS: Record<WaitlistStatus, string> = { waiting: 'Waiting', offered: 'Offered', claimed: 'Claimed', left: 'Left', expired: 'Expired' };
/** Still in line first (offered, then waiting), then the ones done with, each in the order they joined. */
const RANK: Record<WaitlistStatus, number> = { offered: 0, waiting: 1, claimed: 2, expired: 3, left: 4 };

/** The night's entries in line order, with each waiting party's place in line (1 = next to be offered). */
export function lineUp(rows: readonly WaitlistRow[], date: string): { row: WaitlistRow; position: number | null }[] {
  const sorted = rows.filter((r) => r.event_date === date).sort((a, b) => RANK[a.status] - RANK[b.status] || a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  let waiting = 0;
  return sorted.map((row) => ({ row, position: row.status === 'waiting' ? ++waiting : null }));
}

const inLine = (row: WaitlistRow) => row.status === 'waiting' || row.status === 'offered';

/** How long the party has been in line, from when it joined. */
function waitedFor(row: WaitlistRow, now: number): string {
  const joined = parseServerDate(row.created)?.getTime();
  return joined === undefined ? '—' : formatMinutes((now - joined) / 60_000);
}

/**
 * The chosen night's board game night waitlist on the staff dashboard (issue 12): place in line,
 * name, party, status and how long an offer holds its seats. Read from the tablet's copy of the
 * sync window (sync/), which realtime and the catch-up pulls keep current (joins, offers,
 * claims, expiries), so it works offline too.
 */
export function NightWaitlist({ date, tonight = false }: { date: string; tonight?: boolean }) {
  const uid = useId();
  const now = useNow();
  const rows = useNightWaitlist(date) ?? null;
  const window = syncWindow();
  const failed = date < window.from || date > window.to;

  const line = rows ? lineUp(rows, date) : [];
  const open = line.filter(({ row }) => inLine(row));
  return (
    <section className={styles.panel} aria-labelledby={`${uid}-title`} data-testid="night-waitlist">
      <h2 id={`${uid}-title`} className={styles.title}>
        Waitlist <span className={styles.date}>{formatShortDate(date)}</span>
      </h2>
      <p className={styles.meta} aria-live="polite">
        {failed ? 'Only tonight and the next 14 nights are kept on this tablet.' : rows === null ? 'Loading…' : line.length === 0 ? 'No one is on the waitlist for this night.' : `${plural(open.length, 'party', 'parties')} in line · ${plural(open.reduce((n, { row }) => n + row.party_size, 0), 'guest', 'guests')}`}
      </p>
      {line.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col" className={styles.num}>
                  Party
                </th>
                <th scope="col">Status</th>
                <th scope="col">Waiting</th>
                <th scope="col">Offer expires</th>
                {tonight ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {line.map(({ row, position }) => (
                <tr key={row.id} data-status={row.status}>
                  <td>{position ?? '—'}</td>
                  <th scope="row">{row.name}</th>
                  <td className={styles.num}>{row.party_size}</td>
                  <td>
                    <span className={styles.status} data-status={row.status}>
                      {STATUS_LABELS[row.status] ?? row.status}
                    </span>
                  </td>
                  <td className={styles.num}>{inLine(row) ? waitedFor(row, now) : '—'}</td>
                  <td>{row.status === 'offered' && row.offer_expires ? formatCreated(row.offer_expires) : '—'}</td>
                  {tonight ? <td>{inLine(row) ? <WaitlistActions row={row} tonight={date} /> : null}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
