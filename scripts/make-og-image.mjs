// Renders the social card (Open Graph / Twitter, 1200 × 630 JPEG) to public/media/og-card.jpg with
// Debian's Chromium, in the site's fonts and colours. One-off like make-icons: the JPEG is committed.
// The venue can replace the file with a photo of the same size. Run: node scripts/make-og-image.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const file = (p) => new URL(`../${p}`, import.meta.url);
const font = (p) => readFileSync(file(`node_modules/${p}`)).toString('base64');
const logo = readFileSync(file('public/favicon.svg'), 'utf8');
// The game wall, without its placeholder caption.
const wall = readFileSync(file('public/media/space-game-wall.svg'), 'utf8').replace(/<rect[^>]*opacity="0.82"\/>\s*<text[\s\S]*?<\/text>/, '');

const html = `<!doctype html><html><head><style>
@font-face { font-family: Display; src: url(data:font/woff2;base64,${font('@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2')}) format('woff2'); font-weight: 200 800; }
@font-face { font-family: Body; src: url(data:font/woff2;base64,${font('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')}) format('woff2'); font-weight: 100 900; }
* { box-sizing: border-box; margin: 0; }
body { width: 1200px; height: 630px; overflow: hidden; background: #14111c; color: #f7f0e4; font-family: Body; position: relative; }
.art { position: absolute; right: -80px; top: 0; width: 640px; height: 630px; overflow: hidden; opacity: .55;
  -webkit-mask-image: linear-gradient(90deg, transparent, #000 45%); }
.art svg { width: 840px; height: 630px; }
.glow { position: absolute; inset: 0; background: radial-gradient(70% 90% at 0% 0%, #3b2363 0%, transparent 60%), radial-gradient(50% 70% at 100% 100%, rgba(90,36,56,.8) 0%, transparent 60%); }
.content { position: absolute; inset: 64px 72px; display: flex; flex-direction: column; }
.brand { display: flex; align-items: center; gap: 18px; font-family: Display; font-weight: 800; font-size: 40px; }
.brand svg { width: 72px; height: 72px; }
.brand span { color: #ffb443; }
h1 { font-family: Display; font-weight: 800; font-size: 76px; line-height: .98; letter-spacing: -.02em; margin-top: 56px; max-width: 820px; }
h1 em { font-style: normal; color: #ffb443; }
.foot { margin-top: auto; display: flex; gap: 16px; font-size: 26px; font-weight: 600; }
.pill { padding: 10px 22px; border-radius: 999px; background: #2d2540; }
.pill.red { background: #3a1416; color: #ff6257; border: 2px solid #ff6257; }
</style></head><body>
<div class="art">${wall}</div><div class="glow"></div>
<div class="content">
  <div class="brand">${logo}<div>Tiny Cupboard <span>Games</span></div></div>
  <h1>The only comedy club in the world with a <em>board game bar</em></h1>
  <div class="foot"><div class="pill">Brooklyn, NY</div><div class="pill">500+ games · Free entry</div><div class="pill red">Limited tables per night</div></div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: file('public/media/og-card.jpg').pathname, type: 'jpeg', quality: 86 });
await browser.close();
console.log('social card written to public/media/og-card.jpg');
