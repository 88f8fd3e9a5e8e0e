import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { pb } from '../../lib/api/client';
import { formatCreated } from '../../lib/rules/csv';
import type { WaitlistStatus } from '../../lib/rules/waitlist';
import { formatShortDate, plural } from './format';
import { applyChange, useRealtime } from './live';
import styles from './NightWaitlist.module.css';

/** A row of the `waitlist` collection as staff see it. */
export interface WaitlistRow {
  id: string;
  name: string;
  party_size: number;
  event_date: string;
  event_time: string;
  status: WaitlistStatus;
  offer_expires: string;
  created: string;
}

const FIELDS = 'id,name,party_size,event_date,event_time,status,offer_expires,created';
const STATUS_LABELS: Record<WaitlistStatus, string> = { waiting: 'Waiting', offered: 'Offered', claimed: 'Claimed', left: 'Left', expired: 'Expired' };
/** Still in line first (offered, then waiting), then the ones done with, each in the order they joined. */
const RANK: Record<WaitlistStatus, number> = { offered: 0, waiting: 1, claimed: 2, expired: 3, left: 4 };

/** The night's entries in line order, with each waiting party's place in line (1 = next to be offered). */
export function lineUp(rows: readonly WaitlistRow[], date: string): { row: WaitlistRow; position: number | null }[] {
  const sorted = rows.filter((r) => r.event_date === date).sort((a, b) => RANK[a.status] - RANK[b.status] || a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  let waiting = 0;
  return sorted.map((row) => ({ row, position: row.status === 'waiting' ? ++waiting : null }));
}

/**
 * The chosen night's board game night waitlist on the staff dashboard (issue 12): place in line,
 * name, party, status and how long an offer holds its seats. Live: realtime changes to `waitlist`
 * (joins, offers, claims, expiries) edit the list without a reload.
 */
export function NightWaitlist({ date }: { date: string }) {
  const uid = useId();
  const [rows, setRows] = useState<WaitlistRow[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    pb.collection('waitlist')
      .getFullList<WaitlistRow>({ filter: pb.filter('event_date = {:date}', { date }), fields: FIELDS, requestKey: null })
      .then((list) => (setRows(list), setFailed(false)))
      .catch((error: unknown) => {
        console.error('Failed to fetch the waitlist', error);
        setFailed(true);
      });
  }, [date]);
  useRealtime<WaitlistRow>('waitlist', (action, record) => setRows((list) => (list ? applyChange(list, action, record) : list)), load);
  // Another night chosen: load its rows (the subscription stays; the first load waits for it).
  const shownFor = useRef(date);
  useEffect(() => {
    if (shownFor.current === date) return;
    shownFor.current = date;
    load();
  }, [date, load]);

  const line = rows ? lineUp(rows, date) : [];
  const open = line.filter(({ row }) => row.status === 'waiting' || row.status === 'offered');
  return (
    <section className={styles.panel} aria-labelledby={`${uid}-title`} data-testid="night-waitlist">
      <h2 id={`${uid}-title`} className={styles.title}>
        Waitlist <span className={styles.date}>{formatShortDate(date)}</span>
      </h2>
      <p className={styles.meta} aria-live="polite">
        {failed ? 'The waitlist could not be loaded.' : rows === null ? 'Loading…' : line.length === 0 ? 'No one is on the waitlist for this night.' : `${plural(open.length, 'party', 'parties')} in line · ${plural(open.reduce((n, { row }) => n + row.party_size, 0), 'guest', 'guests')}`}
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
                <th scope="col">Offer expires</th>
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
                  <td>{row.status === 'offered' && row.offer_expires ? formatCreated(row.offer_expires) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
