import { Button } from '../../../components/Button';
import { WEEKDAYS } from '../../../lib/rules/staff';
import { formatNight } from '../../../lib/venueTime';
import type { ReactNode } from 'react';
import type { StaffEvent } from './eventsApi';
import styles from './EventsEditor.module.css';

interface Props {
  event: StaffEvent;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  /** The edit form or a confirmation, in place of the row's actions. */
  children?: ReactNode;
}

const weekdayName = (weekday: number) => WEEKDAYS.find((d) => d.value === weekday)?.label ?? '';

/** One special event or weekly entry, with its actions always on screen (a tablet has no hover). */
export function EventItem({ event, busy, onEdit, onToggleActive, onDelete, children }: Props) {
  const when = event.kind === 'special' ? formatNight(event.date) : weekdayName(event.weekday);
  return (
    <li className={styles.item} data-inactive={event.active ? undefined : true} data-testid="staff-event">
      <div>
        <p className={styles.itemTitle}>
          {event.title}
          {event.active ? null : <span className={styles.tag}>Hidden</span>}
          {event.open_tables ? <span className={styles.tag}>Open tables</span> : null}
        </p>
        <p className={styles.itemMeta}>
          {[when, event.time, event.price].filter(Boolean).join(' · ')}
        </p>
        {children ?? (
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onEdit} disabled={busy} aria-label={`Edit ${event.title}, ${when}`}>
              Edit
            </Button>
            <Button variant="ghost" onClick={onToggleActive} disabled={busy} aria-label={`${event.active ? 'Hide' : 'Show'} ${event.title}, ${when}`}>
              {event.active ? 'Hide' : 'Show'}
            </Button>
            <Button variant="ghost" onClick={onDelete} disabled={busy} aria-label={`Delete ${event.title}, ${when}`}>
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
