import { venueToday } from '../../lib/venueTime';
import { formatCalendarDate } from './blogFormat';
import styles from './content.module.css';

/**
 * "Last updated" with today's date at the venue, in New York (SPEC §2: the legal pages show the
 * current date), written 'November 22, 2026'. `now` is for tests.
 */
export function LastUpdated({ now }: { now?: Date }) {
  const today = venueToday(now);
  return (
    <p className={styles.updated}>
      Last updated:{' '}
      <time dateTime={today} suppressHydrationWarning>
        {formatCalendarDate(today)}
      </time>
    </p>
  );
}
