// Screenshots pages at phone and desktop widths for a person to look at.
// Usage: node scripts/screenshot.mjs http://127.0.0.1:8090 / /about /faq  → tests/.artifacts/screens/*.png
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
const outDir = new URL('../tests/.artifacts/screens/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const widths = (process.env.WIDTHS || '390,1280').split(',').map(Number);
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 844 : 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = `${(p.replace(/\//g, '_') || '_').replace(/^_/, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: outDir + name, fullPage: process.env.FULL !== '0' });
    console.log(outDir + name);
  }
  await context.close();
}
await browser.close();
