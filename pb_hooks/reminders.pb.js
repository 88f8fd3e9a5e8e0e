/// <reference path="../pb_data/types.d.ts" />
/**
 * The day-of reminders (pb_hooks/lib/reminders.js): every five minutes, queue the reminders due
 * now in the outbox; the outbox worker sends them. Each reservation is reminded once, however
 * many instances run this cron on the same database. For a run with a given "now" (tests, a
 * manual catch-up): `venue-server reminders:run --now=<ISO instant> [--dir=…]` (commands.pb.js).
 */
cronAdd('venue_day_of_reminders', '*/5 * * * *', () => {
  const result = require(`${__hooks}/lib/reminders.js`).queueDayOfReminders($app);
  if (result.queued > 0) $app.logger().info('day-of reminders queued', 'night', result.night, 'queued', result.queued);
});

/**
 * ics_sequence and reminded_at are the server's (the manage link, the cancel route and this job
 * write them): a staff edit keeps them as they are, so clearing reminded_at cannot send a second
 * reminder and an invitation's SEQUENCE never goes back. Runs after records.pb.js's checks.
 */
onRecordUpdateRequest((e) => {
  const before = e.record.original();
  e.record.set('ics_sequence', before.getInt('ics_sequence'));
  e.record.set('reminded_at', before.getString('reminded_at'));
  return e.next();
}, 'reservations');
