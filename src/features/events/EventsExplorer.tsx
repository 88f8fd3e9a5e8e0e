import { Suspense, useMemo, useState } from 'react';
import { lazyWhenOnline } from '../../components/lazyWhenOnline';
import { Button } from '../../components/Button';
import { Container, Section } from '../../components/Layout';
import { formatLongDate, isoWeekday } from '../../lib/venueTime';
import { useVenueToday } from '../../lib/calendarDates';
import { specialsOn, upcomingSpecials, weekdaysWithEvents, weeklyOn } from './api';
import { EventRows, type EventRow } from './EventRows';
import { useBuildSchedule } from './buildSchedule';
import { useEvents } from './useEvents';
import { WeeklySchedule } from './WeeklySchedule';
import styles from './events.module.css';

// react-day-picker loads after the page is painted; its box is reserved meanwhile (no layout shift).
const EventCalendar = lazyWhenOnline(() => import('./EventCalendar').then((m) => ({ default: m.EventCalendar })));

const UPCOMING_PREVIEW = 5;

function StatusNote({ status, savedAt, reload }: { status: string; savedAt: number | null; reload: () => void }) {
  if (status === 'cached') {
    return (
      <p className={styles.status} role="status">
        You're offline: this is the schedule saved on this device
        {savedAt ? ` (updated ${new Date(savedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })})` : ''}.
        Reservations you make are saved and sent when you're back online.
      </p>
    );
  }
  if (status === 'unavailable') {
    return (
      <div className={styles.status} role="alert">
        <p>We couldn't load the schedule. Check your connection and try again.</p>
        <Button size="sm" variant="secondary" onClick={reload}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

/** /meetups-groups: calendar + the chosen day's events, upcoming special events, the weekly schedule. */
export function EventsExplorer() {
  const buildSchedule = useBuildSchedule();
  const { events, status, savedAt, reload } = useEvents(buildSchedule);
  const todayIso = useVenueToday();
  const [chosen, setChosen] = useState('');
  const selected = chosen || todayIso || '';
  const [dayExpanded, setDayExpanded] = useState<string | null>(null);
  const [upcomingExpanded, setUpcomingExpanded] = useState<string | null>(null);
  const [showAllUpcoming, setShowAllUpcoming] = useState(false);


  const weeklyDays = useMemo(() => weekdaysWithEvents(events), [events]);
  const specialDates = useMemo(() => new Set(events.filter((e) => e.kind === 'special').map((e) => e.date)), [events]);

  const dayRows: EventRow[] = useMemo(() => {
    if (!selected) return [];
    const specials = specialsOn(events, selected).map((event) => ({ event, date: selected }));
    const weekly = weeklyOn(events, isoWeekday(selected)).map((event) => ({ event, date: selected }));
    // Hosted events first, open tables last.
    return [...specials, ...weekly.filter((r) => !r.event.open_tables), ...weekly.filter((r) => r.event.open_tables)];
  }, [events, selected]);

  const upcoming: EventRow[] = useMemo(
    () => (todayIso ? upcomingSpecials(events, todayIso).map((event) => ({ event, date: event.date })) : []),
    [events, todayIso],
  );

  // Until the list loads, the build-time weekly schedule may be all there is: enough for the weekly
  // section, not for a day's events or the specials (it holds none of those).
  const scheduleLoading = status === 'loading' && events.length === 0;
  const loading = !todayIso || (status === 'loading' && (events.length === 0 || events === buildSchedule));

  return (
    <>
      <Section tight aria-labelledby="calendar-heading">
        <Container>
          <h2 id="calendar-heading">Pick a date</h2>
          <StatusNote status={status} savedAt={savedAt} reload={reload} />
          <div className={styles.calendarLayout}>
            <div className={styles.calendarCard}>
              {todayIso ? (
                <Suspense fallback={<div className={styles.calendarPlaceholder} aria-hidden="true" />}>
                <EventCalendar
                  todayIso={todayIso}
                  selected={selected}
                  onSelect={(iso) => {
                    setChosen(iso);
                    setDayExpanded(null);
                  }}
                  weeklyDays={weeklyDays}
                  specialDates={specialDates}
                />
                </Suspense>
              ) : (
                <div className={styles.calendarPlaceholder} aria-hidden="true" />
              )}
            </div>
            <div className={styles.dayList} aria-live="polite">
              <h3 className={styles.dayHeading} data-testid="selected-day">
                {selected ? formatLongDate(selected) : 'Loading the calendar…'}
              </h3>
              {loading ? <p className={styles.muted}>Loading events…</p> : null}
              {!loading && selected && dayRows.length === 0 ? (
                <p className={styles.muted}>No events listed for this day yet. Open tables every evening from 6pm.</p>
              ) : null}
              {dayRows.length > 0 ? (
                <EventRows rows={dayRows} expandedKey={dayExpanded} onToggle={setDayExpanded} headingLevel={4} />
              ) : null}
            </div>
          </div>
        </Container>
      </Section>

      <Section tight aria-labelledby="specials-heading">
        <Container>
          <h2 id="specials-heading">Upcoming special events</h2>
          {loading ? <p className={styles.muted}>Loading events…</p> : null}
          {!loading && upcoming.length === 0 ? (
            <p className={styles.muted}>No special events announced yet. Join the group chat to hear first.</p>
          ) : null}
          {upcoming.length > 0 ? (
            <EventRows
              rows={showAllUpcoming ? upcoming : upcoming.slice(0, UPCOMING_PREVIEW)}
              expandedKey={upcomingExpanded}
              onToggle={setUpcomingExpanded}
              showDate
            />
          ) : null}
          {upcoming.length > UPCOMING_PREVIEW ? (
            <Button variant="ghost" size="sm" className={styles.more} onClick={() => setShowAllUpcoming((v) => !v)} aria-expanded={showAllUpcoming}>
              {showAllUpcoming ? 'Show fewer' : `Show all ${upcoming.length} special events`}
            </Button>
          ) : null}
        </Container>
      </Section>

      <Section tight aria-labelledby="weekly-heading">
        <Container>
          <h2 id="weekly-heading">Every week</h2>
          <p className={styles.muted}>Open tables every evening. Pick a day for its game nights, prices and a spot.</p>
          {scheduleLoading ? <p className={styles.muted}>Loading the weekly schedule…</p> : <WeeklySchedule events={events} />}
        </Container>
      </Section>
    </>
  );
}
