export { BoardGameReservationForm } from './BoardGameReservationForm';
export { EventReservationForm } from './EventReservationForm';
export { resolveThankYouData, saveReservationDetails, thankYouHref, RESERVATION_DETAILS_KEY, type ReservationDetails } from './thankYouData';
export { ReservationThankYou } from './ReservationThankYou';
export { CancelReservation } from './CancelReservation';
export { BoardGameNight } from './BoardGameNight';
export { Icon, type IconName } from './Icons';
export { isoToLocalDate, localDateToIso, nextWeekdayOnOrAfter, weekdayPlural, WEEKDAY_NAMES, useVenueToday } from './calendarDates';
export { useAvailability } from './availability';
