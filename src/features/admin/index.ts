export { AdminLogin } from './AdminLogin';
export { AdminDashboard, startDashboard } from './AdminDashboard';
// The browser's own reservation logic and the stats answer's shape, for tests that check the
// server's figures against it.
export * from './reservationsLogic';
export type { Reservation, ReservationStats } from './types';
