// `npm run audit`: what a guest's phone sees, against a real server on loopback (a benchmark, not a
// test; the machines are shared and noisy, so it prints medians and you compare runs side by side).
//   1. Lighthouse 12.8, mobile defaults, cold, AUDIT_RUNS runs per route (default 3): the four
//      category scores, FCP, LCP, TBT, CLS and the JavaScript transferred (compressed).
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

const RUNS = Number(process.env.AUDIT_RUNS || 3);
const chosen = process.argv.slice(2).filter((a) => a.startsWith('/'));
const ROUTES = chosen.length ? chosen : ['/', '/board-game-night', '/meetups-groups', '/menu', '/faq'];
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

if (!process.argv.includes('--no-build')) run('node', ['scripts/build.mjs', '--quiet']);
const server = await startPocketBase();

const H2 = !process.argv.includes('--h1'); // --h2, the old opt-in, is the default now

async function lighthouseMedians() {
  const proxy = H2 ? await startHttp2Proxy(server.url) : undefined;
  const origin = proxy?.url ?? server.url;
  const chrome = await launchForLighthouse({ h2: H2 });
  const out = {};
  try {
    for (const route of ROUTES) {
      const samples = [];
      for (let i = 0; i < RUNS; i += 1) samples.push(await lighthouseRun(chrome, origin + route));
      const m = (key) => median(samples.map((s) => s[key]));
      out[route] = {
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        fcpMs: Math.round(m('fcpMs')),
        lcpMs: Math.round(m('lcpMs')),
        tbtMs: Math.round(m('tbtMs')),
        cls: Number(m('cls').toFixed(3)),
        jsKB: Number(m('jsKB').toFixed(1)),
        jsFiles: m('jsFiles'),
        failedAudits: [...new Set(samples.flatMap((s) => s.failedAudits))],
      };
    }
  } finally {
    await chrome.kill();
    proxy?.stop();
  }
  return out;
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
  results = { runs: RUNS, protocol: H2 ? 'h2+tls' : 'http/1.1', lighthouse: await lighthouseMedians(), ...(await installabilityAndOffline()), precache: precacheSize() };
} finally {
  await server.stop();
}

const pad = (v, n) => String(v).padStart(n);
console.log(`\nLighthouse 12.8, mobile, cold, ${H2 ? 'HTTP/2 over TLS (as behind production\'s proxy)' : 'HTTP/1.1 on loopback'}: medians of ${RUNS} runs per route`);
console.log('route               perf  a11y  b-p  seo   FCP ms  LCP ms  TBT ms    CLS   JS KB (files)');
for (const [route, r] of Object.entries(results.lighthouse)) {
  console.log(
    `${route.padEnd(18)} ${pad(r.performance, 5)} ${pad(r.accessibility, 5)} ${pad(r.bestPractices, 4)} ${pad(r.seo, 4)} ${pad(r.fcpMs, 8)} ${pad(r.lcpMs, 7)} ${pad(r.tbtMs, 7)} ${pad(r.cls.toFixed(3), 6)} ${pad(r.jsKB.toFixed(1), 7)} (${r.jsFiles})${r.failedAudits.length ? `  failing: ${r.failedAudits.join(', ')}` : ''}`,
  );
}
console.log(`\nInstallability errors: ${results.installabilityErrors.length ? results.installabilityErrors.join(', ') : 'none'}`);
console.log(`Precache (a guest's phone): ${results.precache.files} files, ${results.precache.kB} KB uncompressed (${results.precache.sentKB} KB as sent); staff-only files in it: ${results.precache.staffFiles.length ? results.precache.staffFiles.join(', ') : 'none'}`);
console.log('Repeat visit offline, navigation start to first paint (median of 5):');
for (const [route, ms] of Object.entries(results.repeatVisit)) console.log(`  ${route.padEnd(20)} ${ms} ms`);
console.log('Offline (service worker active, network off): the h1 shown');
for (const [route, h1] of Object.entries(results.offline)) console.log(`  ${route.padEnd(20)} ${h1}`);
mkdirSync(path.join(root, 'tests', '.artifacts'), { recursive: true });
writeFileSync(path.join(root, 'tests', '.artifacts', 'audit.json'), JSON.stringify(results, null, 2));
