export { BoardGameReservationForm } from './BoardGameReservationForm';
export { EventReservationForm } from './EventReservationForm';
export { resolveThankYouData, saveReservationDetails, thankYouHref, RESERVATION_DETAILS_KEY, type ReservationDetails } from './thankYouData';
export { ReservationThankYou } from './ReservationThankYou';
export { CancelReservation } from './CancelReservation';
export { BoardGameNight } from './BoardGameNight';
