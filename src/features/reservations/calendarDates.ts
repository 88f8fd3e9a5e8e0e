// Moved to lib/calendarDates (the events pages and the kiosk use it too). This re-export keeps the
// reservation forms' imports as they are while the form kit (src/components/form) rebuilds them;
// delete it then.
export { nextWeekdayOnOrAfter, useVenueToday, weekdayPlural, WEEKDAY_NAMES } from '../../lib/calendarDates';
