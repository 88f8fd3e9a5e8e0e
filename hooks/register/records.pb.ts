/**
 * Staff edits of reservations, outbox jobs, events and the inbox keep their invariants
 * (hooks/lib/reservation-routes.ts, outbox.ts, staff-records.ts). The public creates of
 * reservations, inquiries, influencer applications and pass confirmations are the Go create
 * path's (server/creates.go, with the rules of hooks/lib/create-plan.ts); the waitlist's is
 * registered in waitlist.pb.ts.
 */
/** A staff edit of a reservation: slots, party size and the night's seats, in the write's transaction. */
onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).guardReservationUpdate(e), 'reservations');

/**
 * ics_sequence, reminded_at and erased_at are the server's: a staff edit keeps them as they are.
 * After the check above. (The day-of reminders themselves are Go's: server/reminders.go.)
 */
onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).keepServerFields(e), 'reservations');

/** Outbox jobs: staff may requeue one (status back to pending) and change nothing else. */
onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).guardOutboxUpdate(e), 'outbox');

/** The events editor: the shared rules on every write of a special event or weekly entry. */
onRecordCreateRequest((e) => require(`${__hooks}/lib/backend.js`).guardEventWrite(e, true), 'events');

onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).guardEventWrite(e, false), 'events');

/** Hiding an event takes it off guests' open pages at once (their subscriptions no longer see it). */
onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/backend.js`).announceHidden($app, e.record as core.Record);
}, 'events');

/** The requests inbox: staff change a request's status and note, never the guest's words. */
onRecordUpdateRequest(
  (e) => require(`${__hooks}/lib/backend.js`).guardInboxUpdate(e),
  'private_event_inquiries',
  'influencer_applications',
  'pass_confirmations',
);
