export { AdminLogin } from './AdminLogin';
export { AdminDashboard } from './AdminDashboard';
export { ResetPassword } from './account/ResetPassword';
export { AcceptInvite } from './account/AcceptInvite';
export { startDashboard } from './data/sessionQuery';
// The reservations view's logic (filter rule, table orders) and the stats answer's shape, for the
// tests' oracle (reservationsOracle.ts, with the tests) that checks the server's figures.
export * from './reservationsLogic';
export type { Reservation, ReservationStats } from './types';
// The staff sync contract's shapes, for the unit tests' stand-in sync server.
export { SYNCED, type ChangeResult, type ChangeWire, type PullAnswer, type Row, type SyncedCollection, type SyncWindow } from './sync/types';
