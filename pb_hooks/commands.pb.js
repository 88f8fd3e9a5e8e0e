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
