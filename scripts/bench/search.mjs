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
import { arg, buildUnlessSkipped, median, ms, startApiVenue } from './lib/apiVenue.mjs';
import { seedSql } from './lib/seed.mjs';

const COUNT = Number(arg('count', '10000'));
const RUNS = Math.max(1, Number(arg('runs', '30')) || 30);

buildUnlessSkipped();

const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

// What staff type at the door; the seed's phones are '+1 (347) 555-NNNN' on a third of the rows.
const QUERIES = [
  { kind: 'phone part', q: (i) => `555 ${String(1000 + ((i * 37) % 9000)).slice(0, 3)}`, like: (q) => `%${q.replace(/\D/g, '')}%` },
  { kind: 'name part', q: (i) => `Guest ${1 + ((i * 7919) % COUNT)}`, like: (q) => `%${q}%` },
  { kind: 'email part', q: (i) => `guest${1 + ((i * 104729) % COUNT)}@`, like: (q) => `%${q}%` },
];

const venue = await startApiVenue();
try {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const took = venue.seed(seedSql(COUNT, today));
  console.log(`seeded ${COUNT} reservations (${venue.value('SELECT COUNT(*) FROM reservations_search')} in the search index) in ${took} s`);

  const pb = await venue.staffClient('bench-door@example.test', 'bench-password-123');
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
      const out = venue.sqlite(sql);
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
  await venue.stop();
}
