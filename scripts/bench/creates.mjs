// Create throughput: a reservation create (validation, capacity, outbox jobs, and whatever the
// hooks do before answering) against a create in a bare collection with no hooks, side by side
// on the same server in the same run, 50 concurrent clients. Twice: with a healthy SMTP receiver
// and with one that accepts connections and never answers (a hung provider). With the healthy
// receiver it also reports how long after the create's answer the guest's confirmation arrived.
// A third scenario hangs Meta's Conversions API instead (healthy SMTP): 20 guests one at a time,
// and how many confirmations arrived within 5 s of the answer (a hung Meta must not hold mail).
//
// Usage: node scripts/bench/creates.mjs [--requests=600] [--concurrency=50] [--no-build]
//          [--scenarios=healthy,hung,meta-hung] [--runs=1] [--roots=<tree>,<tree>]
// It also prints the server's CPU time per create (Linux, from /proc): on a machine other work
// shares, the steadier figure for comparing two versions of the create path.
// --roots compares built trees (another worktree's server, hooks and migrations) in one run,
// alternating them run after run; with --runs above 1 it prints each figure's median per tree.
import { spawnSync } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import PocketBase from 'pocketbase';
import { freePort, startPocketBase } from '../../tests/support/pocketbase.mjs';
import { serverCpuMs } from './lib/apiVenue.mjs';
import { startLoopbackSmtp } from './lib/smtp.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.split('=')[1] : fallback;
};
const REQUESTS = Number(arg('requests', '600')) || 600;
const CONCURRENCY = Number(arg('concurrency', '50')) || 50;
const SCENARIOS = arg('scenarios', 'healthy,hung,meta-hung').split(',');
const RUNS = Number(arg('runs', '1')) || 1;
const ROOTS = arg('roots', '').split(',').filter(Boolean);

// Each compared tree is built too: --roots starts each tree's own server, hooks and dist.
if (!process.argv.includes('--no-build')) {
  for (const cwd of ROOTS.length ? ROOTS : [process.cwd()]) {
    const built = spawnSync('node', ['scripts/build.mjs', '--quiet'], { stdio: 'inherit', cwd });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newId = () => Array.from({ length: 15 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
function venueDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A healthy loopback SMTP receiver that notes when each recipient's mail arrived. */
async function healthySmtp(port) {
  const arrived = new Map();
  const { stop } = await startLoopbackSmtp(port, (to, at) => {
    if (!arrived.has(to)) arrived.set(to, at);
  });
  return { arrived, stop };
}

/** Accepts TCP connections and never writes a byte: an SMTP provider that hangs. */
async function hungSmtp(port) {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    arrived: new Map(),
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Meta's Conversions API hung: accepts each request and never answers. */
async function hungMeta() {
  const sockets = new Set();
  const server = createHttpServer(() => {});
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Runs `total` POSTs with `CONCURRENCY` workers; returns rate, latencies, answer times and server CPU per create. */
async function load(url, total, bodyFor, pid) {
  const cpuBefore = serverCpuMs(pid);
  const latencies = [];
  const answeredAt = new Map();
  let errors = 0;
  let next = 0;
  const started = Date.now();
  async function worker() {
    while (next < total) {
      const i = next++;
      const body = bodyFor(i);
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors += 1;
      else if (body.email) answeredAt.set(body.email, Date.now());
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpuMs = (serverCpuMs(pid) - cpuBefore) / total;
  return { perSecond: total / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors, answeredAt, cpuMs };
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function scenario(label, root) {
  const smtpPort = await freePort();
  const smtp = await (label === 'hung' ? hungSmtp : healthySmtp)(smtpPort);
  const meta = label === 'meta-hung' ? await hungMeta() : null;
  const metaEnv = meta ? { META_PIXEL_ID: '1234', META_ACCESS_TOKEN: 'bench-token', META_API_BASE: meta.url } : { META_PIXEL_ID: '', META_ACCESS_TOKEN: '' };
  const server = await startPocketBase({
    root,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_FROM: 'Bench <bench@example.test>',
      // Every client is on loopback, one address: room for --concurrency past the default cap of 64.
      MAX_OPEN_REQUESTS_PER_IP: String(CONCURRENCY + 16),
      ...metaEnv,
    },
  });
  try {
    const su = new PocketBase(server.url);
    su.autoCancellation(false);
    const up = await server.command(['superuser', 'upsert', 'bench@example.test', 'bench-password-123']);
    if (up.code !== 0) throw new Error(up.stderr || up.stdout);
    await su.collection('_superusers').authWithPassword('bench@example.test', 'bench-password-123');
    await su.settings.update({ rateLimits: { excludedIPs: ['127.0.0.1'] } });
    // Room for every request (spread over 30 nights), so the benchmark measures creates, not refusals.
    const cap = await su.collection('capacity').getFirstListItem('date = "default"');
    await su.collection('capacity').update(cap.id, { seats: 1000 });
    await su.collections.create({
      name: 'bench_bare',
      type: 'base',
      createRule: '',
      fields: ['name', 'email', 'phone', 'event_name', 'event_date', 'event_time', 'source'].map((n) => ({ name: n, type: 'text' })).concat([{ name: 'party_size', type: 'number' }]),
    });

    const run = Date.now().toString(36);
    // Both sides send the same body, byte for byte the same length (the email labels are 4 letters).
    const body = (i, kind) => ({
      id: newId(),
      name: 'Bench Guest',
      email: `${kind}-${run}-${i}@example.test`,
      phone: '(347) 555-0100',
      party_size: 1 + (i % 4),
      event_name: 'Board Game Night',
      event_date: venueDate(1 + (i % 30)),
      event_time: '7:30 PM',
      source: 'web',
    });
    if (meta) return { label, root, ...(await oneAtATime(server.url, smtp, (i) => body(i, 'meta'))) };
    // Warm up both paths (VM pool, SQLite pages), then measure bare and reservation creates.
    // The warm-up's confirmations are let through first (healthy receiver), so the bare
    // measurement does not share the machine with the outbox draining them.
    const warm = await load(`${server.url}/api/collections/reservations/records`, 50, (i) => body(i, 'warm'));
    const drained = Date.now() + 30_000;
    while (label === 'healthy' && [...warm.answeredAt.keys()].some((e) => !smtp.arrived.has(e)) && Date.now() < drained) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await load(`${server.url}/api/collections/bench_bare/records`, 50, (i) => body(i, 'warm'));
    const bare = await load(`${server.url}/api/collections/bench_bare/records`, REQUESTS, (i) => body(i, 'bare'), server.pid());
    const resv = await load(`${server.url}/api/collections/reservations/records`, REQUESTS, (i) => body(i, 'resv'), server.pid());

    let delivery = '';
    let burstMedian = NaN;
    let singleMedian = NaN;
    if (label === 'healthy') {
      const deadline = Date.now() + 120_000;
      while (smtp.arrived.size < resv.answeredAt.size + 50 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const delays = (answered) =>
        [...answered].filter(([email]) => smtp.arrived.has(email)).map(([email, t]) => smtp.arrived.get(email) - t).sort((a, b) => a - b);
      const burst = delays(resv.answeredAt);
      // One guest at a time (the usual case): 20 creates a quarter second apart, after the burst drained.
      const { delays: one } = await oneAtATime(server.url, smtp, (i) => body(i, 'single'));
      burstMedian = quantile(burst, 0.5);
      singleMedian = quantile(one, 0.5);
      delivery =
        `confirmation after the answer (negative: before it): during the burst median ${s(quantile(burst, 0.5))}, p90 ${s(quantile(burst, 0.9))} ` +
        `(${burst.length}/${resv.answeredAt.size} arrived); one guest at a time median ${s(quantile(one, 0.5))}, p90 ${s(quantile(one, 0.9))} (${one.length}/20)`;
    }
    return { label, root, bare, resv, delivery, burstMedian, singleMedian };
  } finally {
    await server.stop();
    await smtp.stop();
    await meta?.stop();
  }
}

/**
 * 20 guests one at a time, a quarter second apart: each confirmation's delay after its create's
 * answer, how many arrived within 5 s, and the creates' median answer time.
 */
async function oneAtATime(url, smtp, bodyFor) {
  const answered = new Map();
  const took = [];
  for (let i = 0; i < 20; i++) {
    const b = bodyFor(i);
    const t0 = performance.now();
    const res = await fetch(`${url}/api/collections/reservations/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    await res.arrayBuffer();
    took.push(performance.now() - t0);
    if (res.status === 200) answered.set(b.email, Date.now());
    await new Promise((r) => setTimeout(r, 250));
  }
  const until = Date.now() + 30_000;
  while ([...answered.keys()].some((e) => !smtp.arrived.has(e)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const delays = [...answered].filter(([email]) => smtp.arrived.has(email)).map(([email, t]) => smtp.arrived.get(email) - t).sort((a, b) => a - b);
  took.sort((a, b) => a - b);
  const within5 = delays.filter((ms) => ms <= 5000).length;
  return {
    delays,
    within5,
    createMedian: quantile(took, 0.5),
    delivery: `${within5}/20 confirmations within 5 s of the answer, ${delays.length}/20 within 30 s; median ${s(quantile(delays, 0.5))}; create median ${quantile(took, 0.5).toFixed(0)} ms`,
  };
}

const rows = [];
const roots = ROOTS.length ? ROOTS : [undefined];
for (let run = 0; run < RUNS; run++) {
  for (const root of roots) for (const label of SCENARIOS) rows.push(await scenario(label, root));
}

const name = (root) => (root ? root.replace(/\/+$/, '').split('/').pop() : 'this tree');
const f = (n) => n.toFixed(0).padStart(7);
console.log(`\ncreates: ${REQUESTS} per kind, ${CONCURRENCY} concurrent clients, loopback`);
console.log('tree       | SMTP     | bare/s  | resv/s  | ratio | bare p50/p99 ms | resv p50/p99 ms | p99 ratio | errors');
console.log('-----------|----------|---------|---------|-------|-----------------|-----------------|-----------|-------');
for (const { label, root, bare, resv } of rows) {
  if (!bare) continue;
  console.log(
    `${name(root).padEnd(10)} | ${label.padEnd(8)} | ${f(bare.perSecond)} | ${f(resv.perSecond)} | ${(resv.perSecond / bare.perSecond).toFixed(2).padStart(5)} | ` +
      `${f(bare.p50)} /${f(bare.p99)} | ${f(resv.p50)} /${f(resv.p99)} | ${(resv.p99 / bare.p99).toFixed(2).padStart(9)} | ${bare.errors + resv.errors}`,
  );
}
for (const { label, root, bare, resv } of rows) {
  if (bare) console.log(`${name(root)} ${label}: server CPU per create: bare ${bare.cpuMs.toFixed(2)} ms, reservation ${resv.cpuMs.toFixed(2)} ms`);
}
for (const r of rows) if (r.delivery) console.log(`${name(r.root)} ${r.label}: ${r.delivery}`);

if (RUNS > 1) {
  const median = (xs) => quantile([...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b), 0.5);
  console.log(`\nmedians of ${RUNS} runs`);
  for (const root of roots) {
    for (const label of SCENARIOS) {
      const mine = rows.filter((r) => r.root === root && r.label === label);
      const figures = mine[0]?.bare
        ? `creates/s ratio ${median(mine.map((r) => r.resv.perSecond / r.bare.perSecond)).toFixed(2)}, p99 ratio ${median(mine.map((r) => r.resv.p99 / r.bare.p99)).toFixed(2)}` +
          `, server CPU per reservation create ${median(mine.map((r) => r.resv.cpuMs)).toFixed(2)} ms (bare ${median(mine.map((r) => r.bare.cpuMs)).toFixed(2)} ms)` +
          (label === 'healthy' ? `, confirmation median burst ${s(median(mine.map((r) => r.burstMedian)))}, one at a time ${s(median(mine.map((r) => r.singleMedian)))}` : '')
        : `confirmations within 5 s ${median(mine.map((r) => r.within5))}/20 (runs: ${mine.map((r) => r.within5).join(', ')}), create median ${median(mine.map((r) => r.createMedian)).toFixed(0)} ms`;
      console.log(`${name(root)} ${label}: ${figures}`);
    }
  }
}
