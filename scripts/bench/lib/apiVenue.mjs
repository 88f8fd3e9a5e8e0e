// What the API benchmarks share (search.mjs, system.mjs; staffVenue.mjs signs its staff in the
// same way): their arguments and build, a server with a loopback inbox for the staff sign-in
// codes, a signed-in staff account, and sqlite3 on the live database for seeding rows faster than
// the API could take them; a helper, not a scenario. Needs Debian's sqlite3 (`apt-get install sqlite3`).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase } from '../../../tests/support/pocketbase.mjs';
import { signInStaff, startCodeInbox } from '../../../tests/support/staff-sign-in.mjs';

/** `--name=value` from the command line, else `fallback`. */
export const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.split('=')[1] : fallback;
};

/** Builds what the server serves and runs (scripts/build.mjs), unless `--no-build`; exits when the build fails. */
export function buildUnlessSkipped() {
  if (process.argv.includes('--no-build')) return;
  const built = spawnSync('node', ['scripts/build.mjs', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * The CPU time (ms, user + system) the server process has used so far, from /proc (Linux); NaN
 * elsewhere. Per create it is a steadier figure than the rates on a shared machine: other
 * processes slow the server down, but they do not make its work per request bigger.
 */
export function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100; // USER_HZ, 100 on every Linux this runs on

/**
 * A staff account (the admin role; owner too with `owner`) on `server`, signed in on `pb` with its
 * password and the code mailed to `inbox`: the sign-in's answer (token and record).
 */
export async function createStaff(server, inbox, pb, { email, password, owner = false }) {
  await pb.collection('users').create({ email, password, passwordConfirm: password });
  const granted = await server.command(['admin:grant', email, ...(owner ? ['--owner'] : [])]);
  if (granted.code !== 0) throw new Error(granted.stderr || granted.stdout);
  return signInStaff(pb, email, password, inbox);
}

/**
 * A server on a fresh data dir whose mail goes to a loopback inbox (the staff sign-in codes),
 * with no Meta conversions; `env` adds to or overrides its environment. `root`: another built tree
 * (a worktree) whose server, hooks and migrations to run.
 */
export async function startApiVenue(env = {}, root = undefined) {
  const inbox = await startCodeInbox();
  const server = await startPocketBase({ root, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), META_PIXEL_ID: '', META_ACCESS_TOKEN: '', ...env } });
  const db = path.join(server.dataDir, 'data.db');
  return {
    server,
    /** A staff account's client, signed in (see createStaff); requests are never auto-cancelled. */
    async staffClient(email, password, { owner = false } = {}) {
      const pb = new PocketBase(server.url);
      pb.autoCancellation(false);
      await createStaff(server, inbox, pb, { email, password, owner });
      return pb;
    },
    /** Runs `input` (SQL and dot-commands) in the sqlite3 CLI on the live database; its output. */
    sqlite: (input) => execFileSync('sqlite3', [db], { input, encoding: 'utf8' }),
    /** The one value `sql` selects. */
    value: (sql) => execFileSync('sqlite3', [db, sql], { encoding: 'utf8' }).trim(),
    /** Runs `sql` (one transaction) and says how long it took, in seconds. */
    seed(sql) {
      const t0 = Date.now();
      execFileSync('sqlite3', [db], { input: sql });
      return ((Date.now() - t0) / 1000).toFixed(1);
    },
    async stop() {
      await server.stop();
      await inbox.stop();
    },
  };
}
