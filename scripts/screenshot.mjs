// Screenshots pages at phone and desktop widths for a person to look at, or for
// scripts/pixel-diff.mjs to compare a change against the code before it.
// Usage: node scripts/screenshot.mjs http://127.0.0.1:8090 / /about /faq  → tests/.artifacts/screens/*.png
// SCREENS_DIR=… writes elsewhere; WIDTHS=390,1280 and FULL=0 (viewport only) as before.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
const outDir = process.env.SCREENS_DIR || new URL('../tests/.artifacts/screens/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const widths = (process.env.WIDTHS || '390,1280').split(',').map(Number);
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 844 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // Fonts are font-display: optional, so a cold first page may paint in the fallback font:
  // load one page first so every screenshot sees the fonts from the cache.
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    // Only what the code decides should differ between two runs: show every video's poster (a
    // playing frame depends on timing) and load lazy images now (else a slow one is blank).
    await page.evaluate(async () => {
      for (const video of document.querySelectorAll('video')) {
        video.pause();
        video.removeAttribute('src');
        for (const source of video.querySelectorAll('source')) source.remove();
        video.load();
      }
      const images = [...document.querySelectorAll('img')];
      for (const img of images) img.loading = 'eager';
      await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
      await document.fonts.ready;
    });
    await page.waitForTimeout(400);
    const name = `${(p.replace(/\//g, '_') || '_').replace(/^_/, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: outDir + '/' + name, fullPage: process.env.FULL !== '0' });
    console.log(outDir + '/' + name);
  }
  await context.close();
}
await browser.close();
