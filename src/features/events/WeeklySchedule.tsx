import { Accordion, type AccordionItem } from '../../components/Accordion';
import { ButtonLink } from '../../components/Button';
import { weeklyOn, type VenueEvent } from './api';
import { WEEKDAY_NAMES, weekdayPlural } from '../../lib/calendarDates';
import { EventReservationForm } from '../reservations';
import styles from './events.module.css';

/** Monday to Sunday: one day open at a time (collapsible), each with details, prices and forms. */
export function WeeklySchedule({ events }: { events: VenueEvent[] }) {
  const items: AccordionItem[] = WEEKDAY_NAMES.map((day, i) => {
    const weekday = i + 1;
    const list = weeklyOn(events, weekday);
    const hosted = list.filter((e) => !e.open_tables);
    return {
      id: day.toLowerCase(),
      title: (
        <span className={styles.dayTitle}>
          <span>{day}</span>
          <span className={styles.daySummary}>{hosted.length ? hosted.map((e) => e.title).join(' · ') : 'Open tables'}</span>
        </span>
      ),
      content: (
        <div className={styles.dayPanel}>
          {list.length === 0 ? <p>No events this day yet. Open tables every evening from 6pm.</p> : null}
          {list.map((event) => (
            // Keyed by what the entry is, not its record id: when the live list replaces the
            // build-time one (buildSchedule.ts), an entry a guest opened keeps its form and input.
            <article key={`${event.sort_order}|${event.title}|${event.time}`} className={styles.weeklyEvent} data-testid="weekly-event" data-event={event.title}>
              <h4 className={styles.weeklyTitle}>{event.title}</h4>
              <p className={styles.weeklyMeta}>
                <span>{weekdayPlural(weekday)}, {event.time}</span>
                {event.price ? <span className={styles.price}>{event.price}</span> : <span className={styles.free}>Free to join</span>}
              </p>
              {event.description ? <p className={styles.description}>{event.description}</p> : null}
              {event.open_tables ? (
                <ButtonLink href="/board-game-night" variant="secondary" size="sm">
                  Reserve a free table
                </ButtonLink>
              ) : (
                <EventReservationForm eventName={event.title} eventTime={event.time} weekday={weekday} />
              )}
            </article>
          ))}
        </div>
      ),
    };
  });
  return <Accordion items={items} headingLevel={3} className={styles.weekly} />;
}
