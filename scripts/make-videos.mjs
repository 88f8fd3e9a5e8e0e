// Makes the placeholder loop videos (public/media/*-loop.webm) from the SVG posters: a slow
// pan-and-zoom, 8 s, 640×480 VP9, no audio. One-off (needs Debian's ffmpeg); the files are committed.
// Run: node scripts/make-videos.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const media = new URL('../public/media/', import.meta.url).pathname;
const work = mkdtempSync(path.join(tmpdir(), 'venue-video-'));
const names = ['hero', 'promo', 'private-events', 'comedy'];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
for (const name of names) {
  const svg = readFileSync(path.join(media, `${name}-poster.svg`), 'utf8');
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  const png = path.join(work, `${name}.png`);
  await page.screenshot({ path: png });
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error', '-loop', '1', '-i', png,
    '-vf', "scale=1600:1200,zoompan=z='min(zoom+0.0009,1.12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=200:s=640x480:fps=25",
    '-t', '8', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-an', '-pix_fmt', 'yuv420p',
    path.join(media, `${name}-loop.webm`),
  ]);
  console.log(`public/media/${name}-loop.webm`);
}
await browser.close();
