import { useId } from 'react';
import { ButtonLink } from '../../components/Button';
import { formatNight } from '../../lib/venueTime';
import { EventReservationForm } from '../reservations';
import type { VenueEvent } from './api';
import styles from './events.module.css';

export interface EventRow {
  event: VenueEvent;
  /** The date this row is for (the form's only selectable date). */
  date: string;
}

interface Props {
  rows: EventRow[];
  expandedKey: string | null;
  onToggle: (key: string | null) => void;
  /** Show the date in each row (the upcoming list); the calendar list shows one day. */
  showDate?: boolean;
  headingLevel?: 3 | 4;
}

export const rowKey = (row: EventRow) => `${row.event.id}:${row.date}`;

/**
 * Event rows that expand to an inline reservation form (special events also show their
 * description). At most one row is expanded; choosing it again collapses it.
 */
export function EventRows({ rows, expandedKey, onToggle, showDate = false, headingLevel = 3 }: Props) {
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.rows}>
      {rows.map((row, index) => {
        const key = rowKey(row);
        const open = expandedKey === key;
        const { event } = row;
        const panelId = `${baseId}-${index}-panel`;
        return (
          <li key={key} className={styles.row} data-open={open || undefined} data-testid="event-row">
            <Heading className={styles.rowHeading}>
              <button
                type="button"
                className={styles.rowTrigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(open ? null : key)}
              >
                <span className={styles.rowMain}>
                  {event.kind === 'special' ? (
                    <span className={styles.badge}>
                      <span aria-hidden="true">★ </span>Special
                    </span>
                  ) : null}
                  <span className={styles.rowTitle}>{event.title}</span>
                  <span className={styles.rowMeta}>
                    {showDate ? `${formatNight(row.date)} · ` : ''}
                    {event.time}
                    {event.price ? ` · ${event.price}` : ''}
                  </span>
                </span>
                <span className={styles.chevron} aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} className={styles.rowPanel} hidden={!open}>
              {open ? (
                <>
                  {event.description ? <p className={styles.description}>{event.description}</p> : null}
                  {event.open_tables ? (
                    <div className={styles.openTables}>
                      <p>Open tables are board game night itself: reserve a free table for your group.</p>
                      <ButtonLink href="/board-game-night">Reserve a table</ButtonLink>
                    </div>
                  ) : (
                    <EventReservationForm key={key} eventName={event.title} eventTime={event.time} fixedDate={row.date} />
                  )}
                </>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
