import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { RESERVATION_STATUS_LABELS } from '../format';
import { plural } from '../format';
import { useQueue } from './hooks';
import { dropChange, resendChange } from './queue';
import type { FieldConflict, StoredChange } from './types';
import styles from './NotAppliedList.module.css';

const FIELD_LABELS: Record<string, string> = { status: 'Status', party_size: 'Party size', event_time: 'Time', title: 'Title', priority_text: 'Priority', is_completed: 'Done' };

function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');
}

function valueText(field: string, value: unknown): string {
  if (field === 'status' && typeof value === 'string') return RESERVATION_STATUS_LABELS[value as keyof typeof RESERVATION_STATUS_LABELS] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * Staff changes the server did not apply (issue 25): a conflict (the record changed meanwhile on
 * another device: both values, and "Apply anyway") or a refusal (the server's reason, e.g. no
 * seats left: "Retry"); "Drop" lets the server's value stand. It stays above every view until
 * staff deal with each one.
 */
export function NotAppliedList() {
  const uid = useId();
  const { notApplied } = useQueue();
  const [all, setAll] = useState(false);
  if (notApplied.length === 0) return null;
  // The first one in full; more fold to their count, so a long night's list does not push tonight's rows away.
  const shown = all ? notApplied : notApplied.slice(0, 1);
  const more = notApplied.length - 1;
  return (
    <section className={styles.panel} aria-labelledby={`${uid}-title`} data-testid="not-applied">
      <h2 id={`${uid}-title`} className={styles.title}>
        Not applied <span className={styles.count}>({plural(notApplied.length, 'change', 'changes')})</span>
      </h2>
      <ul className={styles.list} id={`${uid}-list`}>
        {shown.map((change) => (
          <NotAppliedItem key={change.id} change={change} />
        ))}
      </ul>
      {more > 0 ? (
        <Button variant="ghost" className={styles.more} aria-expanded={all} aria-controls={`${uid}-list`} onClick={() => setAll((a) => !a)}>
          {all ? 'Show only the first' : `Show ${more} more`}
        </Button>
      ) : null}
    </section>
  );
}

function NotAppliedItem({ change }: { change: StoredChange }) {
  const conflict = change.outcome === 'conflict';
  return (
    <li className={styles.item} data-outcome={change.outcome}>
      <div className={styles.text}>
        <p className={styles.label}>
          <strong>{change.label}</strong>
        </p>
        {change.message ? <p className={styles.reason}>{change.message}</p> : null}
        {conflict && change.conflicts?.length ? <Conflicts conflicts={change.conflicts} /> : null}
      </div>
      <div className={styles.actions}>
        {conflict ? (
          <Button onClick={() => void resendChange(change, true)}>Apply anyway</Button>
        ) : (
          <Button onClick={() => void resendChange(change, false)}>Retry</Button>
        )}
        <Button variant="secondary" onClick={() => void dropChange(change)}>
          Drop
        </Button>
      </div>
    </li>
  );
}

function Conflicts({ conflicts }: { conflicts: FieldConflict[] }) {
  return (
    <dl className={styles.conflicts}>
      {conflicts.map((c) => (
        <div key={c.field} className={styles.conflict}>
          <dt>{fieldLabel(c.field)}</dt>
          <dd>
            yours: <strong>{valueText(c.field, c.yours)}</strong> · now: <strong>{valueText(c.field, c.theirs)}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}
