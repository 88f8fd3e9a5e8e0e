/// <reference path="../pb_data/types.d.ts" />
/**
 * Indexes for the staff dashboard's server-side figures and paged list
 * (pb_hooks/lib/reservationStats.js): by-date tables and date filters read
 * (event_date, event_name, party_size) without touching the rows; status filters and
 * the by-event table have their own. The created and (event_name, event_date, status)
 * indexes already exist.
 */
migrate(
  (app) => {
    const reservations = app.findCollectionByNameOrId('reservations');
    reservations.indexes = [
      ...reservations.indexes,
      'CREATE INDEX idx_reservations_event_date ON reservations (event_date, event_name, party_size)',
      'CREATE INDEX idx_reservations_status ON reservations (status, event_date)',
      'CREATE INDEX idx_reservations_event_name ON reservations (event_name, party_size)',
    ];
    app.save(reservations);
  },
  (app) => {
    const reservations = app.findCollectionByNameOrId('reservations');
    const added = ['idx_reservations_event_date', 'idx_reservations_status', 'idx_reservations_event_name'];
    reservations.indexes = reservations.indexes.filter((sql) => !added.some((name) => sql.includes(name)));
    app.save(reservations);
  },
);
