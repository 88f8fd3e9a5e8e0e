/**
 * The console commands' work (commands.pb.ts registers them):
 *   venue-server admin:grant EMAIL [--owner]  gives an existing `users` account the admin role
 *                                            (and with --owner the owner role too)
 *   venue-server retention:run --now=  erases the guests' personal data due at that instant
 */
import * as S from '../rules';
import { runRetention } from './retention';

/**
 * `admin:grant EMAIL`: exits 1 with a clear message when there is no such account, 2 without an
 * email. The account must exist: staff sign up at /admin/login first.
 */
export function adminGrant(cmd: cobra.Command, args: string[]): void {
  const email = String((args && args[0]) || '').trim();
  if (!email) {
    console.error('Usage: admin:grant EMAIL [--owner]   (the account must exist: sign up at /admin/login first)');
    $os.exit(2);
  }
  // Console commands don't run migrations by themselves; make sure user_roles exists.
  $app.runAllMigrations();
  let user: core.Record;
  try {
    user = $app.findAuthRecordByEmail('users', email);
  } catch (_) {
    console.error(`No account with the email ${email}. Sign up at /admin/login first, then run this again.`);
    $os.exit(1);
    return;
  }
  const owner = !!cmd.flags().getBool('owner');
  const granted = (['admin', 'owner'] as const).filter((role) => (role === 'admin' || owner) && grantRole(user.id, role));
  const title = owner ? 'an owner' : 'an admin';
  cmd.println(granted.length === 0 ? `${email} is already ${title}.` : `${email} is now ${title}.`);
}

/** Adds the user_roles row unless it is there; true when it was added. */
function grantRole(userId: string, role: 'admin' | 'owner'): boolean {
  if ($app.findAllRecords('user_roles', $dbx.hashExp({ user_id: userId, role })).length > 0) return false;
  const row = new Record($app.findCollectionByNameOrId('user_roles'));
  row.load({ user_id: userId, role });
  $app.save(row);
  return true;
}

/** The --now flag (default: now); exits 2 with the expected shape when it is not an ISO instant. */
function nowFlag(cmd: cobra.Command): Date {
  const read = S.readNowFlag(String(cmd.flags().getString('now') || ''));
  if ('now' in read) return read.now;
  console.error(read.error);
  $os.exit(2);
  throw new Error(read.error); // not reached: the process has exited
}

/**
 * `retention:run [--now=<ISO instant>]`: erases the guests' personal data due at that instant
 * (default: now), exactly as the nightly cron does (guest_data.pb.ts), in batches. Prints
 * { now, days, night, before, erased: {collection: n}, ms } as JSON.
 */
export function retentionRun(cmd: cobra.Command): void {
  const now = nowFlag(cmd);
  // Console commands don't run migrations by themselves; make sure erased_at exists.
  $app.runAllMigrations();
  cmd.println(JSON.stringify(runRetention($app, now)));
}
