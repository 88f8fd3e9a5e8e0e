/// <reference path="../pb_data/types.d.ts" />
/**
 * The manage link and the day-of reminder (issue 12) on reservations:
 *   ics_sequence  the calendar invitation's SEQUENCE: raised by every change made through the
 *                 manage link and by a cancellation, so the guest's calendar updates the event
 *                 (same UID) instead of adding a second one. Existing reservations start at 0.
 *   reminded_at   when the day-of reminder was queued (PocketBase datetime text, UTC); empty
 *                 until then. The reminder job claims a reservation with a conditional UPDATE
 *                 (… WHERE reminded_at = '') in the transaction that queues its mail, so a
 *                 reservation is reminded once whatever the restarts and server instances.
 */
migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId('reservations');
    collection.fields.add(new NumberField({ name: 'ics_sequence', onlyInt: true, min: 0 }));
    collection.fields.add(new TextField({ name: 'reminded_at', max: 40 }));
    collection.indexes = [...collection.indexes, 'CREATE INDEX idx_reservations_reminder ON reservations (event_date, reminded_at)'];
    app.save(collection);
    app.db().newQuery("UPDATE reservations SET ics_sequence = 0, reminded_at = '' WHERE ics_sequence IS NULL OR reminded_at IS NULL").execute();
  },
  (app) => {
    const collection = app.findCollectionByNameOrId('reservations');
    collection.fields.removeByName('ics_sequence');
    collection.fields.removeByName('reminded_at');
    collection.indexes = collection.indexes.filter((sql) => !sql.includes('idx_reservations_reminder'));
    app.save(collection);
  },
);
