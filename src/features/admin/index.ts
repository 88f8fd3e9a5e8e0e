export { AdminLogin } from './AdminLogin';
export { AdminDashboard, startDashboard } from './AdminDashboard';
// The browser's own reservation logic and the stats answer's shape, for tests that check the
// server's figures against it.
export {
  NO_FILTERS,
  analyticsByDate,
  analyticsByEvent,
  countReservations,
  eventNames,
  filterReservations,
  orderByDate,
  orderByEvent,
  sortReservations,
  type ReservationFilters,
  type ReservationSort,
} from './reservationsLogic';
export type { Reservation, ReservationStats } from './types';
