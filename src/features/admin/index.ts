export { AdminLogin } from './AdminLogin';
export { AdminDashboard } from './AdminDashboard';
export { startDashboard } from './data/sessionQuery';
// The browser's own reservation logic and the stats answer's shape, for tests that check the
// server's figures against it.
export * from './reservationsLogic';
export type { Reservation, ReservationStats } from './types';
// The staff sync contract's shapes, for the unit tests' stand-in sync server.
export { SYNCED, type ChangeResult, type ChangeWire, type PullAnswer, type Row, type SyncedCollection, type SyncWindow } from './sync/types';
