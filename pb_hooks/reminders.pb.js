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
