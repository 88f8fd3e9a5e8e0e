export { BoardGameReservationForm, EventReservationForm } from './lazyForms';
export { resolveThankYouData, saveReservationDetails, thankYouHref, RESERVATION_DETAILS_KEY, type ReservationDetails } from './thankYouData';
export { ReservationThankYou } from './ReservationThankYou';
export { CancelReservation } from './CancelReservation';
export { BoardGameNight } from './BoardGameNight';
export { WaitlistEntry } from './WaitlistEntry';
