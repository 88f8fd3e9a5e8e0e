// `npm run audit`: page speed, accessibility, installability and offline reading of the built site,
// measured in Debian's Chromium against a real server on loopback. Quotes medians of N cold loads
// (AUDIT_RUNS, default 5); the machines are shared and noisy, so read ratios, not absolutes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, run } from './lib.mjs';
import { startPocketBase } from '../tests/support/pocketbase.mjs';

const RUNS = Number(process.env.AUDIT_RUNS || 5);
const ROUTES = ['/', '/board-game-night', '/meetups-groups', '/menu', '/faq', '/about', '/private-events', '/blog'];
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

run('node', ['scripts/build.mjs', '--quiet']);
const server = await startPocketBase();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function measure(route) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.url + route, { waitUntil: 'load' });
  await page.locator('main h1').first().waitFor();
  await page.waitForTimeout(300);
  const metrics = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const resources = performance.getEntriesByType('resource');
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const bytes = resources.reduce((sum, r) => sum + (r.transferSize || r.encodedBodySize || 0), nav?.transferSize || 0);
          const jsBytes = resources.filter((r) => r.name.endsWith('.js')).reduce((sum, r) => sum + (r.encodedBodySize || 0), 0);
          resolve({ fcp, lcp, dcl: nav?.domContentLoadedEventEnd ?? 0, bytes, jsBytes });
        }, 100);
      }),
  );
  await context.close();
  return metrics;
}

async function axe(route, width) {
  // axe is injected as an inline script, which our Content-Security-Policy rightly forbids.
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  await page.goto(server.url + route, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => v.id));
  await context.close();
  return violations;
}

async function installabilityAndOffline() {
  // Installability is only reported outside incognito, so this check gets a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'venue-audit-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 390, height: 844 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url + '/', { waitUntil: 'load' });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
  await context.setOffline(true);
  const offline = {};
  for (const route of ['/menu', '/meetups-groups', '/faq', '/board-game-night']) {
    try {
      await page.goto(server.url + route, { waitUntil: 'load', timeout: 10000 });
      offline[route] = await page.locator('main h1').first().textContent({ timeout: 5000 });
    } catch (error) {
      offline[route] = `FAILED: ${error.message.split('\n')[0]}`;
    }
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return { installabilityErrors: installabilityErrors.map((e) => e.errorId), offline };
}

const results = { runs: RUNS, routes: {} };
for (const route of ROUTES) {
  const samples = [];
  for (let i = 0; i < RUNS; i += 1) samples.push(await measure(route));
  results.routes[route] = {
    fcpMs: Math.round(median(samples.map((s) => s.fcp))),
    lcpMs: Math.round(median(samples.map((s) => s.lcp))),
    dclMs: Math.round(median(samples.map((s) => s.dcl))),
    transferKiB: Math.round(median(samples.map((s) => s.bytes)) / 1024),
    jsKiB: Math.round(median(samples.map((s) => s.jsBytes)) / 1024),
    axePhone: await axe(route, 390),
    axeDesktop: await axe(route, 1280),
  };
}
Object.assign(results, await installabilityAndOffline());
await browser.close();
await server.stop();

console.log(`\nAudit: medians of ${RUNS} cold loads at 390×844 on loopback (no service worker)\n`);
console.log('route                 FCP ms  LCP ms  DCL ms  transfer KiB  JS KiB  axe violations (phone/desktop)');
for (const [route, r] of Object.entries(results.routes)) {
  console.log(
    `${route.padEnd(20)} ${String(r.fcpMs).padStart(7)} ${String(r.lcpMs).padStart(7)} ${String(r.dclMs).padStart(7)} ${String(r.transferKiB).padStart(13)} ${String(r.jsKiB).padStart(7)}  ${r.axePhone.length}/${r.axeDesktop.length} ${[...new Set([...r.axePhone, ...r.axeDesktop])].join(',')}`,
  );
}
console.log(`\nInstallability errors: ${results.installabilityErrors.length ? results.installabilityErrors.join(', ') : 'none'}`);
console.log('Offline (service worker active, network off):');
for (const [route, h1] of Object.entries(results.offline)) console.log(`  ${route.padEnd(20)} ${h1}`);
mkdirSync(path.join(root, 'tests', '.artifacts'), { recursive: true });
writeFileSync(path.join(root, 'tests', '.artifacts', 'audit.json'), JSON.stringify(results, null, 2));
