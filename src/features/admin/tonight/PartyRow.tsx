import { memo, useId, useState } from 'react';
import type { ReservationStatus } from '../../../lib/rules/limits';
import { formatVenueClock } from '../../../lib/venueTime';
import { formatCreated, formatShortDate, plural, RESERVATION_STATUS_LABELS } from '../format';
import { PressedGroup } from '../PressedGroup';
import { HistoryButton } from '../activity/HistoryButton';
import type { Reservation } from '../types';
import { RowEdit } from './RowEdit';
import { formatMinutes, type PartyState } from './standLogic';
import styles from './PartyRow.module.css';

/** The statuses a row sets with one tap; tapping the one pressed puts the party back to expected. */
const ROW_STATUSES: readonly ReservationStatus[] = ['arrived', 'no_show', 'cancelled'];
const SOURCE_LABELS: Record<string, string> = { web: 'booked online', event: 'event booking', kiosk: 'walk-in' };
const MINUTE = 60_000;

export interface PartyRowProps {
  party: Reservation & { waiting?: boolean };
  state: PartyState;
  /** minutes late, for a late party */
  late?: number;
  /** when it was seated (ms), for an arrived party */
  seatedAt?: number | undefined;
  now: number;
  /** a row of another night (search): its date shows, and no late mark */
  otherNight?: boolean;
  onPick: (party: Reservation, status: ReservationStatus) => void;
}

function stateText({ state, late = 0, seatedAt, now }: Pick<PartyRowProps, 'state' | 'late' | 'seatedAt' | 'now'>): string {
  if (state === 'late') return `Late · ${formatMinutes(late)}`;
  if (state === 'arrived') return seatedAt ? `Seated ${formatVenueClock(new Date(seatedAt))} · ${formatMinutes((now - seatedAt) / MINUTE)}` : 'Seated';
  if (state === 'expected') return 'Expected';
  return RESERVATION_STATUS_LABELS[state];
}

/**
 * One party on one line (issue 31): name, party size and time (a tap changes them), where it
 * stands (expected, late by, seated since), and its status buttons; phone, email and when it was
 * booked one tap away under "Details", who changed it and when under "History". Cancelled and
 * No-show ask first (onPick is the list's).
 */
export const PartyRow = memo(function PartyRow(props: PartyRowProps) {
  const { party: r, state, otherNight = false, onPick } = props;
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const tel = r.phone.replace(/[^\d+]/g, '');
  return (
    <li className={styles.row} data-state={state} data-status={r.status} data-waiting={r.waiting || undefined} aria-label={`${r.name}, ${r.event_name}`}>
      <div className={styles.line}>
        <p className={styles.who}>
          <strong className={styles.name}>{r.name}</strong>
          {r.source === 'kiosk' ? <span className={styles.tag}>Walk-in</span> : null}
          {r.waiting ? <span className={styles.waiting}>Waiting to send</span> : null}
        </p>
        <p className={styles.state} data-state={state}>
          {stateText(props)}
        </p>
        <button type="button" className={styles.party} aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
          <span className="visually-hidden">Party size and time: </span>
          <span className={styles.size}>{plural(r.party_size, 'guest', 'guests')}</span>
          <span className="visually-hidden">, </span>
          <span className={styles.time}>{otherNight ? `${formatShortDate(r.event_date)} · ${r.event_time}` : r.event_time}</span>
          <span className="visually-hidden"> for {r.name}</span>
        </button>
        <PressedGroup
          label={`Status for ${r.name}`}
          values={ROW_STATUSES}
          value={r.status}
          onPick={(s) => onPick(r, s === r.status ? 'confirmed' : s)}
          title={(s) => (s === r.status ? 'Tap again to put back to expected' : '')}
          className={styles.status}
          buttonClassName={styles.statusButton}
        >
          {(s) => RESERVATION_STATUS_LABELS[s]}
        </PressedGroup>
        <span className={styles.history}>
          <HistoryButton reservation={r} />
        </span>
        <button type="button" className={styles.more} aria-expanded={open} aria-controls={`${uid}-details`} onClick={() => setOpen((o) => !o)}>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
          <span className="visually-hidden">Details for {r.name}</span>
        </button>
      </div>
      {open ? (
        <div id={`${uid}-details`} className={styles.details}>
          <dl className={styles.facts}>
            <div>
              <dt>Phone</dt>
              <dd>{tel ? <a href={`tel:${tel}`}>{r.phone}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{r.email ? <a href={`mailto:${r.email}`}>{r.email}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Booked</dt>
              <dd>
                {formatCreated(r.created)}
                {r.source ? ` · ${SOURCE_LABELS[r.source] ?? r.source}` : ''}
              </dd>
            </div>
          </dl>
          {r.status !== 'confirmed' ? (
            <button type="button" className={styles.back} onClick={() => onPick(r, 'confirmed')}>
              Back to expected
            </button>
          ) : null}
        </div>
      ) : null}
      {editing ? <RowEdit reservation={r} onClose={() => setEditing(false)} /> : null}
    </li>
  );
});
