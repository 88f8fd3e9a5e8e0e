/**
 * Console commands (hooks/lib/commands.ts; reminders:run is Go's, server/reminders.go):
 *   venue-server admin:grant EMAIL [--owner] [--dir=…]  (npm run admin:grant -- EMAIL [--owner])
 *   venue-server retention:run [--now=<ISO>] [--dir=…]  (npm run retention -- --now=…)
 */
(() => {
  const command = new Command({
    use: 'admin:grant EMAIL',
    short: 'Give an existing users account the admin role (--owner: the owner role too)',
    run: (cmd, args) => require(`${__hooks}/lib/backend.js`).adminGrant(cmd, args),
  });
  command.flags().bool('owner', false, 'also make the account an owner: manages staff, sees activity and system health');
  $app.rootCmd?.addCommand(command);
})();

(() => {
  const command = new Command({
    use: 'retention:run',
    short: 'Erase the guests’ personal data due at --now (default: now): RETENTION_DAYS after their night',
    run: (cmd) => require(`${__hooks}/lib/backend.js`).retentionRun(cmd),
  });
  command.flags().string('now', '', 'the instant to act as (ISO 8601 with offset, e.g. 2026-11-23T17:05:00Z)');
  $app.rootCmd?.addCommand(command);
})();
