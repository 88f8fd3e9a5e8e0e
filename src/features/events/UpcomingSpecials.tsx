import { useMemo, useState } from 'react';
import { useVenueToday } from '../../lib/calendarDates';
import { upcomingSpecials } from './api';
import { EventRows, type EventRow } from './EventRows';
import { useEvents } from './useEvents';
import styles from './events.module.css';

/**
 * The next few special events, live (staff's changes arrive while the page is open). Client-only
 * data in a prerendered page: its box is reserved, so filling it in shifts nothing above it.
 */
export function UpcomingSpecials({ limit = 3 }: { limit?: number }) {
  const { events, status } = useEvents();
  const todayIso = useVenueToday();
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows: EventRow[] = useMemo(
    () => (todayIso ? upcomingSpecials(events, todayIso).slice(0, limit).map((event) => ({ event, date: event.date })) : []),
    [events, todayIso, limit],
  );
  const loading = !todayIso || (status === 'loading' && events.length === 0);
  return (
    <div className={styles.upcomingBox} aria-live="polite" data-testid="upcoming-specials">
      {loading ? <p className={styles.muted}>Loading events…</p> : null}
      {!loading && rows.length === 0 ? <p className={styles.muted}>No special events announced yet. Join the group chat to hear first.</p> : null}
      {rows.length > 0 ? <EventRows rows={rows} expandedKey={expanded} onToggle={setExpanded} showDate /> : null}
    </div>
  );
}
