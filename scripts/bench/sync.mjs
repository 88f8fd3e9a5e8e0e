// The staff tablet's pull (GET /api/admin/sync, issue 33 moved it to Go): a venue with N
// reservations (default 20,000 over seven years and the coming two months, scripts/bench/lib/seed.mjs)
// and a signed-in staff account. Times --runs full pulls (the window of 15 nights, as a tablet
// opening for the night asks) and --runs delta pulls (a cursor from the first answer, nothing
// changed since: what a tablet asks every few seconds), and the server's CPU time per pull, beside
// a staff list of one record (what any staff request costs before its own work). Then --runs
// batches of the tablet's queued changes (POST /api/admin/changes, issue 33 moved it to Go too):
// each 5 new tasks and 5 arrivals of the window's parties (the next batch sets them back), timed per
// change, with the server's CPU per change.
// Prints medians; --roots compares built trees (another worktree's server, hooks and migrations)
// side by side in one run, alternating them --rounds times.
//
// Usage: node scripts/bench/sync.mjs [--count=20000] [--runs=21] [--rounds=2] [--roots=<tree>,<tree>] [--no-build]
// Needs Debian's sqlite3 (`apt-get install sqlite3`) for the seed.
import { arg, buildUnlessSkipped, median, ms, serverCpuMs, startApiVenue } from './lib/apiVenue.mjs';
import { seedSql } from './lib/seed.mjs';
import { venueToday } from '../reliability/dates.mjs';

const COUNT = Number(arg('count', '20000'));
const RUNS = Math.max(1, Number(arg('runs', '21')) || 21);
const ROUNDS = Math.max(1, Number(arg('rounds', '2')) || 2);
const ROOTS = arg('roots', '').split(',').filter(Boolean);

buildUnlessSkipped();

/** `RUNS` requests of `route`: the median time and the server's CPU per request (ms), and the last answer. */
async function timePulls(pb, pid, route) {
  await pb.send(route, {}); // warm up: the first request opens the statements' pages
  const times = [];
  const cpuBefore = serverCpuMs(pid);
  let answer;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    answer = await pb.send(route, {});
    times.push(performance.now() - start);
  }
  return { median: median(times), cpu: (serverCpuMs(pid) - cpuBefore) / RUNS, answer };
}

/** A record id as the tablet makes one: 15 characters [a-z0-9]. */
const newId = () => Array.from({ length: 15 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

/**
 * `RUNS` batches of 10 changes: 5 task creates, and 5 of `parties` (reservations as the pull sent
 * them) marked arrived, or confirmed again in the next batch. Every change must be applied.
 */
async function timeChanges(pb, pid, parties) {
  const times = [];
  const cpuBefore = serverCpuMs(pid);
  for (let i = 0; i < RUNS; i++) {
    const [from, to] = i % 2 ? ['arrived', 'confirmed'] : ['confirmed', 'arrived'];
    const tasks = Array.from({ length: 5 }, () => ({ id: newId(), collection: 'tasks', op: 'create', record_id: newId(), fields: { title: 'Wipe the tables', category: 'legal_compliance' }, base: {}, made_at: '' }));
    const arrivals = parties.map((r) => ({ id: newId(), collection: 'reservations', op: 'update', record_id: r.id, fields: { status: to }, base: { status: from }, made_at: '' }));
    const changes = [...tasks, ...arrivals];
    const start = performance.now();
    const answer = await pb.send('/api/admin/changes', { method: 'POST', body: { changes } });
    times.push((performance.now() - start) / changes.length);
    const refused = answer.results.filter((r) => r.outcome !== 'applied');
    if (refused.length) throw new Error(`changes not applied: ${JSON.stringify(refused[0])}`);
  }
  return { median: median(times), cpu: (serverCpuMs(pid) - cpuBefore) / (RUNS * 10) };
}

async function measure(root) {
  const venue = await startApiVenue({ OUTBOX_TICK_SECONDS: '3600' }, root);
  try {
    const pb = await venue.staffClient('bench-staff@example.test', 'bench-password-123');
    venue.seed(seedSql(COUNT, venueToday()));
    // The seed dates a future booking's writes up to its night; here every write is in the past, as
    // at a real venue, so a delta pull finds only what changed after its cursor.
    venue.seed("UPDATE reservations SET updated = min(updated, strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-1 hour'));");
    const pid = venue.server.pid();
    const full = await timePulls(pb, pid, '/api/admin/sync');
    const since = encodeURIComponent(full.answer.cursor);
    const delta = await timePulls(pb, pid, `/api/admin/sync?since=${since}&generation=${full.answer.generation}`);
    // A staff request that reads almost nothing: what every staff request costs before its work.
    const one = await timePulls(pb, pid, '/api/collections/capacity/records?perPage=1&skipTotal=1');
    const changed = delta.answer.reservations.length + delta.answer.deleted.length;
    if (changed !== 0) throw new Error(`a delta pull with nothing changed answered ${changed} records`);
    const parties = full.answer.reservations.filter((r) => r.status === 'confirmed').slice(0, 5);
    if (parties.length < 5) throw new Error(`the window has ${parties.length} confirmed parties; the changes need 5`);
    const changes = await timeChanges(pb, pid, parties);
    return { full, delta, one, changes, rows: full.answer.reservations.length };
  } finally {
    await venue.stop();
  }
}

const roots = ROOTS.length ? ROOTS : [undefined];
const results = new Map(roots.map((root) => [root, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const root of roots) results.get(root).push(await measure(root));
}
console.log(`\n${COUNT} reservations; ${RUNS} pulls of each kind and ${RUNS} batches of 10 changes per run, ${ROUNDS} run(s) per tree`);
console.log('| tree | reservations in the window | full pull | its CPU | delta pull | its CPU | a staff list of one record | its CPU | a queued change (per change) | its CPU |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [root, runs] of results) {
  const of = (pick) => median(runs.map(pick));
  const cell = (kind) => `${ms(of((r) => r[kind].median))} | ${ms(of((r) => r[kind].cpu))}`;
  console.log(`| ${root ?? 'this tree'} | ${runs[0].rows} | ${cell('full')} | ${cell('delta')} | ${cell('one')} | ${cell('changes')} |`);
}
