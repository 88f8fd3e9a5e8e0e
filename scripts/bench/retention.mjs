// Retention (issue 32 item 7, hooks/lib/retention.ts): seeds N reservations (default 100,000)
// whose nights are all past RETENTION_DAYS (730), each with its sent confirmation in the outbox,
// straight into the database (sqlite3 CLI), then on the same server, side by side:
//   baseline   one client creates bookings one after another (--creates of them), nothing else running;
//   retention  the same client creates bookings while the retention run (the nightly cron's code,
//              started by POST /api/admin/retention/run as a superuser) erases all N, until it ends.
// Prints the run's duration (and the server's CPU time meanwhile, the steadier figure on a shared
// machine, with the load average) and the creates' p50/p99 in both phases, and their ratio.
// Aims: retention over 100,000 reservations in ≤ 10 s; the creates' p99 during it within 2× of the baseline's.
//
// Usage: node scripts/bench/retention.mjs [--count=100000] [--creates=300] [--no-build]
// Needs Debian's sqlite3 (`apt-get install sqlite3`) for the seed.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase } from '../../tests/support/pocketbase.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.split('=')[1] : fallback;
};
const COUNT = Number(arg('count', '100000')) || 100000;
const CREATES = Number(arg('creates', '300')) || 300;

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('node', ['scripts/build.mjs', '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The CPU time (ms, user + system) the server process has used so far, from /proc (Linux); NaN elsewhere. */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const ms = (x) => `${x.toFixed(1)} ms`;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newId = () => Array.from({ length: 15 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
function venueDate(days) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** N reservations 731–1460 nights ago, a third with a phone, each with its sent confirmation job. */
function seedSql(count) {
  const stamp = "strftime('%Y-%m-%d %H:%M:%fZ', date(?1, '-' || (731 + i % 730) || ' days'), '+20 hours')";
  return `PRAGMA busy_timeout = 10000;
BEGIN;
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${count})
INSERT INTO reservations (id, name, email, phone, event_name, event_date, event_time, party_size, source, status, cancel_token, gclid, created, updated)
SELECT printf('bench%010d', i), printf('Guest %d', i), printf('guest%d@example.test', i),
  CASE WHEN i % 3 = 0 THEN printf('+1 (347) 555-%04d', i % 10000) ELSE '' END,
  'Board Game Night', date(?1, '-' || (731 + i % 730) || ' days'), '7:30 PM', 1 + i % 8, 'web',
  CASE WHEN i % 5 = 0 THEN 'cancelled' ELSE 'arrived' END, printf('benchtoken%040d', i), CASE WHEN i % 4 = 0 THEN printf('click%d', i) ELSE '' END,
  ${stamp}, ${stamp}
FROM seq;
INSERT INTO outbox (id, kind, template, recipient, payload, record_collection, record_id, status, attempts, created, updated)
SELECT printf('benchjob%07d', substr(id, 6) + 0), 'mail', 'reservation_confirmation', email, '{}', 'reservations', id, 'sent', 1, created, created
FROM reservations WHERE id LIKE 'bench%';
COMMIT;`.replaceAll('?1', `'${today}'`);
}

/** Creates bookings one after another until `until()` says stop (or `count` are made); their latencies. */
async function creates(url, until, count) {
  const latencies = [];
  let errors = 0;
  for (let i = 0; !until() && (count === undefined || i < count); i++) {
    const body = {
      id: newId(),
      name: 'Bench Guest',
      email: `bench-${newId()}@example.test`,
      phone: '(347) 555-0100',
      party_size: 1 + (i % 4),
      event_name: 'Board Game Night',
      event_date: venueDate(1 + (i % 30)),
      event_time: '7:30 PM',
      source: 'web',
    };
    const t0 = performance.now();
    const res = await fetch(`${url}/api/collections/reservations/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) errors += 1;
  }
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors };
}

const server = await startPocketBase({ env: { SMTP_HOST: '', META_PIXEL_ID: '', META_ACCESS_TOKEN: '' } });
try {
  const up = await server.command(['superuser', 'upsert', 'bench@example.test', 'bench-password-123']);
  if (up.code !== 0) throw new Error(up.stderr || up.stdout);
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword('bench@example.test', 'bench-password-123');
  await su.settings.update({ rateLimits: { excludedIPs: ['127.0.0.1'] } });
  const cap = await su.collection('capacity').getFirstListItem('date = "default"');
  await su.collection('capacity').update(cap.id, { seats: 1000 });

  const db = path.join(server.dataDir, 'data.db');
  const t0 = Date.now();
  execFileSync('sqlite3', [db], { input: seedSql(COUNT) });
  console.log(`seeded ${COUNT} reservations past retention (and ${COUNT} outbox jobs) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  await creates(server.url, () => false, 50); // warm-up: VM pool, SQLite pages
  const baseline = await creates(server.url, () => false, CREATES);

  let done = false;
  const cpuBefore = serverCpuMs(server.pid());
  const started = performance.now();
  const run = fetch(`${server.url}/api/admin/retention/run`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: su.authStore.token }, body: '{}' })
    .then(async (res) => {
      const answer = await res.json();
      if (res.status !== 200) throw new Error(JSON.stringify(answer));
      return answer;
    })
    .finally(() => {
      done = true;
    });
  const during = await creates(server.url, () => done);
  const result = await run;
  const seconds = (performance.now() - started) / 1000;
  const cpu = (serverCpuMs(server.pid()) - cpuBefore) / 1000;
  const left = execFileSync('sqlite3', [db, "SELECT COUNT(*) FROM reservations WHERE id LIKE 'bench%' AND erased_at = ''"], { encoding: 'utf8' }).trim();

  console.log(`retention: erased ${result.erased.reservations} reservations in ${seconds.toFixed(2)} s (server: ${result.ms} ms; ${left} left unerased)  aim ≤ 10 s`);
  console.log(`server CPU meanwhile: ${cpu.toFixed(2)} s (retention and the creates; on a machine other work shares, the steadier figure)  load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  console.log(`creates, baseline       n=${baseline.n}  p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}  errors ${baseline.errors}`);
  console.log(`creates, with retention n=${during.n}  p50 ${ms(during.p50)}  p99 ${ms(during.p99)}  errors ${during.errors}`);
  console.log(`p99 with retention / baseline: ${(during.p99 / baseline.p99).toFixed(2)}×  aim ≤ 2×`);
} finally {
  await server.stop();
}
