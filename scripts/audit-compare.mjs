// Side-by-side Lighthouse: two checkouts of this project (each built), the same routes, runs
// alternated A, B, B, A… in one process so the shared machine's noise falls on both alike.
// Prints, per route and checkout, the medians of what `npm run audit` prints.
//   node scripts/audit-compare.mjs <checkoutA> <checkoutB> [runs=3] [routes… default: the audit's five] [--h1]
// Over HTTP/2 and TLS through a proxy in front of each server, as production runs and as `npm run
// audit` does (scripts/audit.mjs); --h1 talks plain HTTP/1.1 to the loopback servers instead.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchForLighthouse, lighthouseRun, startHttp2Proxy } from './audit/lighthouse.mjs';

const DEFAULT_ROUTES = ['/', '/board-game-night', '/meetups-groups', '/menu', '/faq'];
const FIGURES = ['performance', 'accessibility', 'bestPractices', 'seo', 'benchmarkIndex', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'jsKB'];

const h2 = !process.argv.includes('--h1');
const [first, second, runsArg = '3', ...routeArgs] = process.argv.slice(2).filter((arg) => !['--h1', '--h2'].includes(arg));
if (!first || !second) {
  console.error('usage: node scripts/audit-compare.mjs <checkoutA> <checkoutB> [runs] [routes…]');
  process.exit(2);
}
const checkouts = [first, second].map((dir) => path.resolve(dir));
const runs = Number(runsArg);
const routes = routeArgs.length ? routeArgs : DEFAULT_ROUTES;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Each checkout's own server and build, started by its own test support.
const servers = [];
for (const dir of checkouts) {
  const { startPocketBase } = await import(pathToFileURL(path.join(dir, 'tests/support/pocketbase.mjs')).href);
  const server = await startPocketBase();
  const proxy = h2 ? await startHttp2Proxy(server.url) : undefined;
  servers.push({
    url: proxy?.url ?? server.url,
    stop: async () => {
      proxy?.stop();
      await server.stop?.();
    },
  });
}
try {
  for (const route of routes) {
    const results = checkouts.map(() => []);
    for (let run = 0; run < runs; run++) {
      const order = run % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const chrome = await launchForLighthouse({ h2 });
        try {
          results[i].push(await lighthouseRun(chrome, servers[i].url + route));
        } finally {
          await chrome.kill();
        }
      }
    }
    checkouts.forEach((dir, i) => {
      const figures = FIGURES.map((key) => `${key}=${Math.round(median(results[i].map((r) => r[key])) * 1000) / 1000}`);
      console.log(route.padEnd(18), path.basename(dir).padEnd(12), figures.join(' '), '| performance per run', results[i].map((r) => r.performance).join(','));
    });
  }
} finally {
  for (const server of servers) await server.stop?.();
}
