// `npm run audit`: what a guest's phone sees, against a real server on loopback (a benchmark, not a
// test; the machines are shared and noisy, so it prints medians and you compare runs side by side).
//   1. Lighthouse 12.8, mobile defaults, cold, AUDIT_RUNS runs per route (default 3): the four
//      category scores, FCP, LCP, TBT, CLS and the JavaScript transferred (compressed), with the
//      benchmarkIndex Lighthouse measured the machine at (scripts/audit/report.mjs).
//   2. Installability errors (DevTools protocol) and offline reading with the service worker.
// Usage: npm run audit [-- /menu /faq]     (routes to audit; default: the five below)
//        npm run audit -- --h1             (Lighthouse against the loopback server's plain HTTP/1.1)
// Lighthouse runs over HTTP/2 and TLS by default, through scripts/audit/tlsproxy: production serves
// the site behind Caddy, which speaks HTTP/2 (and 3) to every phone. On HTTP/1.1 each font and script
// opens a connection of its own, with its own handshake and slow start, a cost no guest pays; --h1
// keeps it measurable and comparable with figures quoted before the default changed. Step 2 is the same.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, run } from './lib.mjs';
import { startPocketBase } from '../tests/support/pocketbase.mjs';
import { launchForLighthouse, lighthouseRun, startHttp2Proxy } from './audit/lighthouse.mjs';
import { benchmarkSummary, lighthouseTable, median, routeMedians } from './audit/report.mjs';

const RUNS = Number(process.env.AUDIT_RUNS || 3);
const chosen = process.argv.slice(2).filter((a) => a.startsWith('/'));
const ROUTES = chosen.length ? chosen : ['/', '/board-game-night', '/meetups-groups', '/menu', '/faq'];
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

if (!process.argv.includes('--no-build')) run('node', ['scripts/build.mjs', '--quiet']);
const server = await startPocketBase();

const H2 = !process.argv.includes('--h1'); // --h2, the old opt-in, is the default now

async function lighthouseMedians() {
  const proxy = H2 ? await startHttp2Proxy(server.url) : undefined;
  const origin = proxy?.url ?? server.url;
  const chrome = await launchForLighthouse({ h2: H2 });
  const samples = {};
  try {
    for (const route of ROUTES) {
      samples[route] = [];
      for (let i = 0; i < RUNS; i += 1) samples[route].push(await lighthouseRun(chrome, origin + route));
    }
  } finally {
    await chrome.kill();
    proxy?.stop();
  }
  return { lighthouse: Object.fromEntries(Object.entries(samples).map(([route, runs]) => [route, routeMedians(runs)])), benchmarkIndex: benchmarkSummary(samples) };
}

async function installabilityAndOffline() {
  // Installability is only reported outside incognito, so this check gets a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'venue-audit-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: BROWSER_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url + '/', { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
    await context.setOffline(true);
    // A repeat visit offline: from navigation start to the first paint of the page (its h1 is in the
    // prerendered HTML the worker serves), median of 5 per route.
    const repeatVisit = {};
    for (const route of ['/', '/menu', '/board-game-night']) {
      const samples = [];
      for (let i = 0; i < 5; i += 1) {
        await page.goto(server.url + route, { waitUntil: 'load', timeout: 10000 });
        await page.locator('main h1').first().waitFor({ timeout: 5000 });
        samples.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
      }
      repeatVisit[route] = Math.round(median(samples));
    }
    const offline = {};
    for (const route of ['/', '/menu', '/meetups-groups', '/faq', '/board-game-night']) {
      try {
        await page.goto(server.url + route, { waitUntil: 'load', timeout: 10000 });
        offline[route] = await page.locator('main h1').first().textContent({ timeout: 5000 });
      } catch (error) {
        offline[route] = `FAILED: ${error.message.split('\n')[0]}`;
      }
    }
    return { installabilityErrors: installabilityErrors.map((e) => e.errorId), offline, repeatVisit };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** What the service worker precaches on a guest's phone (its manifest in dist/sw.js). */
function precacheSize() {
  const dist = path.join(root, 'dist');
  const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  const bytes = urls.reduce((sum, url) => sum + statSync(path.join(dist, url)).size, 0);
  const staff = urls.filter((url) => /Admin|Kiosk/.test(url));
  // What the phone downloads: the brotli copy the server sends, where the build made one.
  const sentBytes = urls.reduce((sum, url) => {
    const file = path.join(dist, url);
    try {
      return sum + statSync(`${file}.br`).size;
    } catch {
      return sum + statSync(file).size;
    }
  }, 0);
  return { files: urls.length, kB: Math.round(bytes / 1000), sentKB: Math.round(sentBytes / 1000), staffFiles: staff };
}

let results;
try {
  results = { runs: RUNS, protocol: H2 ? 'h2+tls' : 'http/1.1', ...(await lighthouseMedians()), ...(await installabilityAndOffline()), precache: precacheSize() };
} finally {
  await server.stop();
}

console.log(`\n${lighthouseTable({ ...results, protocol: H2 ? "HTTP/2 over TLS (as behind production's proxy)" : 'HTTP/1.1 on loopback' }).join('\n')}`);
console.log(`\nInstallability errors: ${results.installabilityErrors.length ? results.installabilityErrors.join(', ') : 'none'}`);
console.log(`Precache (a guest's phone): ${results.precache.files} files, ${results.precache.kB} KB uncompressed (${results.precache.sentKB} KB as sent); staff-only files in it: ${results.precache.staffFiles.length ? results.precache.staffFiles.join(', ') : 'none'}`);
console.log('Repeat visit offline, navigation start to first paint (median of 5):');
for (const [route, ms] of Object.entries(results.repeatVisit)) console.log(`  ${route.padEnd(20)} ${ms} ms`);
console.log('Offline (service worker active, network off): the h1 shown');
for (const [route, h1] of Object.entries(results.offline)) console.log(`  ${route.padEnd(20)} ${h1}`);
mkdirSync(path.join(root, 'tests', '.artifacts'), { recursive: true });
writeFileSync(path.join(root, 'tests', '.artifacts', 'audit.json'), JSON.stringify(results, null, 2));
