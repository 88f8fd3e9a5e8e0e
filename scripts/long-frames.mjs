// Where a cold load's main-thread time goes at a phone's CPU speed: the page's long animation
// frames (the browser's own `long-animation-frame` entries, 50 ms and over) with the scripts that
// ran in them, on cold loads with the CPU slowed 4× as Lighthouse's mobile setting does. Lighthouse
// reports TBT but not what blocked; this names it (a module's evaluation, a timer, React's
// scheduler), so a change can be checked frame by frame. A benchmark, not a test: the machine's load
// moves the figures; compare runs made side by side.
//   node scripts/long-frames.mjs [routes… default: the audit's five] [--runs=3]   (build first)
// Prints, per route, the median over the runs of the frames' summed blocking time, then the frames
// of the median run.
import { chromium } from 'playwright-core';
import { startPocketBase } from '../tests/support/pocketbase.mjs';

const DEFAULT_ROUTES = ['/', '/board-game-night', '/meetups-groups', '/menu', '/faq'];
const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
const routes = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

function observeLongFrames() {
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      window.__longFrames.push({
        start: Math.round(frame.startTime),
        duration: Math.round(frame.duration),
        blocking: Math.round(frame.blockingDuration),
        styleAndLayout: frame.styleAndLayoutStart ? Math.round(frame.startTime + frame.duration - frame.styleAndLayoutStart) : 0,
        scripts: frame.scripts
          .filter((script) => script.duration >= 5)
          .map((script) => `${script.invoker.replace(/^https?:\/\/[^/]+\//, '/')} ${Math.round(script.duration)} ms`),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observeLongFrames);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000); // hydration and the live data that follows it
  const frames = await page.evaluate(() => window.__longFrames);
  await context.close();
  return { frames, blocking: frames.reduce((sum, frame) => sum + frame.blocking, 0) };
}

const server = await startPocketBase();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const route of routes.length ? routes : DEFAULT_ROUTES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, server.url + route));
    runs.sort((a, b) => a.blocking - b.blocking);
    const median = runs[Math.floor(runs.length / 2)];
    console.log(`${route.padEnd(20)} blocking (median of ${RUNS}): ${median.blocking} ms   runs: ${runs.map((r) => r.blocking).join(', ')}`);
    for (const frame of median.frames) {
      console.log(`   @${frame.start} ms  ${frame.duration} ms (blocking ${frame.blocking}, style+layout ${frame.styleAndLayout})  ${frame.scripts.join(' | ')}`);
    }
  }
} finally {
  await browser.close();
  await server.stop?.();
}
