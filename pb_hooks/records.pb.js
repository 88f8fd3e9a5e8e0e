/// <reference path="../pb_data/types.d.ts" />
/**
 * Public creates: honeypot, idempotent client ids, validation with the shared messages,
 * capacity (board game night) and outbox jobs in the record's transaction.
 * See pb_hooks/lib/public-create.js.
 */
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/server.js`).handleCreate(e, 'reservations');
}, 'reservations');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/server.js`).handleCreate(e, 'private_event_inquiries');
}, 'private_event_inquiries');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/server.js`).handleCreate(e, 'influencer_applications');
}, 'influencer_applications');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/server.js`).handleCreate(e, 'pass_confirmations');
}, 'pass_confirmations');

/**
 * Staff edits of a reservation keep the same invariants: a board game night time stays a slot,
 * event reservations keep party_size 1, and a change of night, party size or status back from
 * cancelled or no-show must still fit the night's cap (checked in the same transaction as the
 * write). A change that gives seats back (cancelled, no-show, a smaller party, another night)
 * runs the waitlist's offer pass for the night it left, in the same transaction.
 */
onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/server.js`);
  const C = require(`${__hooks}/lib/capacity.js`);
  const S = lib.S;
  const r = e.record;
  const before = r.original();
  const board = S.isBoardGameNight(r.getString('event_name'));
  if (board) r.set('event_name', S.BOARD_GAME_NIGHT);
  else r.set('party_size', 1);
  if (board && S.TIME_SLOTS.indexOf(r.getString('event_time')) === -1 && r.getString('event_time') !== before.getString('event_time')) {
    return lib.rejectFields(e, { event_time: S.MESSAGES.timeNotSlot });
  }
  const counts = C.takesSeats;
  const moved = before.getString('event_date') !== r.getString('event_date');
  const grows = counts(r) && (!counts(before) || moved || r.getInt('party_size') > before.getInt('party_size'));
  const frees = counts(before) && (!counts(r) || moved || r.getInt('party_size') < before.getInt('party_size'));
  if (!grows && !frees) return e.next();

  // The same check (and message) as a public create, inside the transaction of the write.
  let rejection = null;
  const originalApp = e.app;
  try {
    $app.runInTransaction((tx) => {
      e.app = tx;
      const date = r.getString('event_date');
      if (grows) {
        const alreadyCounted = counts(before) && !moved ? before.getInt('party_size') : 0;
        rejection = C.checkSeats(tx, date, r.getInt('party_size'), alreadyCounted);
        if (rejection) return;
      }
      e.next();
      if (frees) require(`${__hooks}/lib/waitlist.js`).offerFreedSeats(tx, before.getString('event_date'));
    });
  } finally {
    e.app = originalApp;
  }
  if (rejection) return lib.rejectFields(e, rejection.fields, rejection.message, rejection.code);
}, 'reservations');

/**
 * Outbox jobs: staff may requeue one (status back to pending) and change nothing else; the
 * recipient, template and content are written only by the hooks. See lib/server.js.
 */
onRecordUpdateRequest((e) => {
  return require(`${__hooks}/lib/server.js`).guardOutboxUpdate(e);
}, 'outbox');

/** The events editor: the shared rules on every write of a special event or weekly entry. See lib/staff-records.js. */
onRecordCreateRequest((e) => {
  return require(`${__hooks}/lib/staff-records.js`).guardEventWrite(e, true);
}, 'events');

onRecordUpdateRequest((e) => {
  return require(`${__hooks}/lib/staff-records.js`).guardEventWrite(e, false);
}, 'events');

/** Hiding an event takes it off guests' open pages at once (their subscriptions no longer see it). */
onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/staff-records.js`).announceHidden($app, e.record);
}, 'events');

/** The requests inbox: staff change a request's status and note, never the guest's words. */
onRecordUpdateRequest(
  (e) => {
    return require(`${__hooks}/lib/staff-records.js`).guardInboxUpdate(e);
  },
  'private_event_inquiries',
  'influencer_applications',
  'pass_confirmations',
);
