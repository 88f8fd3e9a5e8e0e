/**
 * "At most one mail of this kind to this account per window", under any concurrency (issue 32):
 * a sign-in code, a password reset link. The wait used to be read from PocketBase's store and
 * written after the mail was on its way, so requests arriving together all read "no mail yet"
 * (100 at once mailed 6 codes). Here the claim is ONE statement on the `mail_claims` row of its
 * key (pb_migrations/1763701500_staff_accounts.js): insert it, or move its window on only if the
 * window has passed. SQLite runs the statement whole on its one write connection, so exactly one
 * of any number of simultaneous claims changes the row.
 */
import * as S from '../rules';
import * as Ids from './ids';

/** The row's key: a hash, so the table names no email (what, whom, and which sign-in if any). */
export function claimKey(kind: string, email: string, scope = ''): string {
  return $security.sha256(`${kind}\n${email.trim().toLowerCase()}\n${scope}`);
}

/**
 * Claims the key for `seconds` from now with `app` (a transaction's app, to commit the claim with
 * what it guards, or the app itself for a claim on its own). True when this call got it.
 */
export function claimMail(app: CoreApp, key: string, seconds: number): boolean {
  const now = Ids.stamp();
  const changed = app
    .db()
    .newQuery(
      'INSERT INTO mail_claims (id, key, until) VALUES ({:id}, {:key}, {:until}) ' +
        'ON CONFLICT (key) DO UPDATE SET until = excluded.until WHERE mail_claims.until <= {:now}',
    )
    .bind({ id: $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET), key, until: Ids.stampIn(seconds), now })
    .execute()
    .rowsAffected();
  return changed === 1;
}

/** Forgets claims whose window passed a day ago (they decide nothing any more). */
export function pruneClaims(app: CoreApp): void {
  app.db().newQuery('DELETE FROM mail_claims WHERE until < {:old}').bind({ old: Ids.stampIn(-86400) }).execute();
}
