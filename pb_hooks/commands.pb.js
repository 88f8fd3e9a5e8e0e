/// <reference path="../pb_data/types.d.ts" />
/**
 * `venue-server admin:grant EMAIL [--dir=…]` (npm run admin:grant -- EMAIL): gives an existing
 * `users` account the admin role. Exits 1 with a clear message when there is no such account.
 */
$app.rootCmd.addCommand(
  new Command({
    use: 'admin:grant EMAIL',
    short: 'Give an existing users account the admin role',
    run: (cmd, args) => {
      const email = String((args && args[0]) || '').trim();
      if (!email) {
        console.error('Usage: admin:grant EMAIL   (the account must exist: sign up at /admin/login first)');
        $os.exit(2);
      }
      // Console commands don't run migrations by themselves; make sure user_roles exists.
      $app.runAllMigrations();
      let user;
      try {
        user = $app.findAuthRecordByEmail('users', email);
      } catch (_) {
        console.error(`No account with the email ${email}. Sign up at /admin/login first, then run this again.`);
        $os.exit(1);
      }
      const existing = $app.findAllRecords('user_roles', $dbx.hashExp({ user_id: user.id, role: 'admin' }));
      if (existing.length > 0) {
        cmd.println(`${email} is already an admin.`);
        return;
      }
      const role = new Record($app.findCollectionByNameOrId('user_roles'));
      role.load({ user_id: user.id, role: 'admin' });
      $app.save(role);
      cmd.println(`${email} is now an admin.`);
    },
  }),
);

/**
 * `venue-server reminders:run [--now=<ISO instant>] [--dir=…]` (npm run reminders -- --now=…):
 * queues the day-of reminders due at that instant (default: now), exactly as the every-five-
 * minutes cron does (pb_hooks/reminders.pb.js). This process only queues them in the outbox;
 * the running server's outbox worker sends them. Prints { night, due, queued } as JSON.
 */
(() => {
  const command = new Command({
    use: 'reminders:run',
    short: 'Queue the day-of reminders due at --now (default: now); the running server sends them',
    run: (cmd) => {
      const raw = String(cmd.flags().getString('now') || '').trim();
      const now = raw ? new Date(raw) : new Date();
      if (raw && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || isNaN(now.getTime()))) {
        console.error(`--now must be an ISO instant with its offset, e.g. 2026-11-23T17:05:00Z (got ${raw})`);
        $os.exit(2);
      }
      // Console commands don't run migrations by themselves; make sure reminded_at exists.
      $app.runAllMigrations();
      const result = require(`${__hooks}/lib/reminders.js`).queueDayOfReminders($app, now);
      cmd.println(JSON.stringify(Object.assign({ now: now.toISOString() }, result)));
    },
  });
  command.flags().string('now', '', 'the instant to act as (ISO 8601 with offset, e.g. 2026-11-23T17:05:00Z)');
  $app.rootCmd.addCommand(command);
})();
