/**
 * The day-of reminders (hooks/lib/reminders.ts): every five minutes, queue the reminders due
 * now in the outbox; the outbox worker sends them. Each reservation is reminded once, however
 * many instances run this cron on the same database. For a run with a given "now" (tests, a
 * manual catch-up): `venue-server reminders:run --now=<ISO instant> [--dir=…]` (commands.pb.ts).
 */
cronAdd('venue_day_of_reminders', '*/5 * * * *', () => require(`${__hooks}/lib/backend.js`).reminderCron());

/**
 * ics_sequence, reminded_at and erased_at are the server's: a staff edit keeps them as they are. Runs after
 * records.pb.js's checks.
 */
onRecordUpdateRequest((e) => require(`${__hooks}/lib/backend.js`).keepServerFields(e), 'reservations');
