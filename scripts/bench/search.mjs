// Guest search at the door (issue 11): seeds N reservations (default 10,000) straight into the
// database (sqlite3 CLI; the migration's triggers fill the FTS5 index as rows go in), signs an admin
// in (password + emailed code from a loopback SMTP receiver) and times GET
// /api/admin/reservations/search on loopback, --runs times (default 30) for each kind of query: part
// of a phone number as typed at the door, part of a name, part of an email. Prints the median and
// p90 per kind and over all, and the same query as a LIKE '%…%' scan of the table, side by side
// (sqlite3 CLI, same rows), for the ratio. Aim: under 100 ms for 10,000 reservations.
//
// Usage: node scripts/bench/search.mjs [--count=10000] [--runs=30] [--no-build]
// Needs Debian's sqlite3 (`apt-get install sqlite3`) for the seed.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase } from '../../tests/support/pocketbase.mjs';
import { signInStaff, startCodeInbox } from '../../tests/support/staff-sign-in.mjs';
import { seedSql } from './lib/seed.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.split('=')[1] : fallback;
};
const COUNT = Number(arg('count', '10000'));
const RUNS = Math.max(1, Number(arg('runs', '30')) || 30);

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('node', ['scripts/build.mjs', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];
const ms = (x) => `${x.toFixed(1)} ms`;

// What staff type at the door; the seed's phones are '+1 (347) 555-NNNN' on a third of the rows.
const QUERIES = [
  { kind: 'phone part', q: (i) => `555 ${String(1000 + ((i * 37) % 9000)).slice(0, 3)}`, like: (q) => `%${q.replace(/\D/g, '')}%` },
  { kind: 'name part', q: (i) => `Guest ${1 + ((i * 7919) % COUNT)}`, like: (q) => `%${q}%` },
  { kind: 'email part', q: (i) => `guest${1 + ((i * 104729) % COUNT)}@`, like: (q) => `%${q}%` },
];

const inbox = await startCodeInbox();
const server = await startPocketBase({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), META_PIXEL_ID: '', META_ACCESS_TOKEN: '' } });
try {
  const db = path.join(server.dataDir, 'data.db');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const t0 = Date.now();
  execFileSync('sqlite3', [db], { input: seedSql(COUNT, today) });
  const indexed = execFileSync('sqlite3', [db, 'SELECT COUNT(*) FROM reservations_search'], { encoding: 'utf8' }).trim();
  console.log(`seeded ${COUNT} reservations (${indexed} in the search index) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const email = 'bench-door@example.test';
  const password = 'bench-password-123';
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  await pb.collection('users').create({ email, password, passwordConfirm: password });
  const granted = await server.command(['admin:grant', email]);
  if (granted.code !== 0) throw new Error(granted.stderr || granted.stdout);
  await signInStaff(pb, email, password, inbox);
  await pb.send('/api/admin/reservations/search', { query: { q: 'warm up' } });

  const all = [];
  for (const { kind, q, like } of QUERIES) {
    const times = [];
    const scans = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const query = q(i);
      const start = performance.now();
      const answer = await pb.send('/api/admin/reservations/search', { query: { q: query } });
      times.push(performance.now() - start);
      found += answer.items.length;
      // The same rows found without the index: a LIKE scan (digits-only phone column emulated).
      const column = kind === 'phone part' ? "replace(replace(replace(replace(replace(phone,' ',''),'(',''),')',''),'-',''),'+','')" : kind === 'name part' ? 'name' : 'email';
      const sql = `.timer on\nSELECT COUNT(*) FROM reservations WHERE ${column} LIKE '${like(query).replace(/'/g, "''")}';`;
      const out = execFileSync('sqlite3', [db], { input: sql, encoding: 'utf8' });
      const real = /Run Time: real ([\d.]+)/.exec(out);
      if (real) scans.push(Number(real[1]) * 1000);
    }
    all.push(...times);
    console.log(
      `${kind.padEnd(10)}  search median ${ms(median(times))}, p90 ${ms(p90(times))} (${(found / RUNS).toFixed(1)} rows on average)` +
        (scans.length ? `  |  LIKE scan in sqlite3 alone: median ${ms(median(scans))}` : ''),
    );
  }
  console.log(`all         search median ${ms(median(all))}, p90 ${ms(p90(all))} over ${all.length} searches of ${COUNT} reservations (HTTP on loopback, signed-in admin)`);
  if (median(all) >= 100) process.exitCode = 1;
} finally {
  await server.stop();
  await inbox.stop();
}
