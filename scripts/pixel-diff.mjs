// Compares two folders of screenshots (scripts/screenshot.mjs) pixel by pixel.
// Usage: node scripts/pixel-diff.mjs <before-dir> <after-dir> [--threshold=0.5] → one line per PNG:
// the share of pixels that differ (any channel by more than 16 of 255), and the height change.
// Exits non-zero when a file differs by more than the threshold (in percent) or changed size.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const [beforeDir, afterDir, ...flags] = process.argv.slice(2);
const threshold = Number(flags.find((f) => f.startsWith('--threshold='))?.split('=')[1] ?? 0.5);
let failed = false;
for (const name of readdirSync(afterDir).filter((f) => f.endsWith('.png')).sort()) {
  let before;
  try {
    before = PNG.sync.read(readFileSync(join(beforeDir, name)));
  } catch {
    console.log(`${name}: no "before" picture`);
    continue;
  }
  const after = PNG.sync.read(readFileSync(join(afterDir, name)));
  const width = Math.min(before.width, after.width);
  const height = Math.min(before.height, after.height);
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const a = (y * before.width + x) * 4;
      const b = (y * after.width + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        if (Math.abs(before.data[a + c] - after.data[b + c]) > 16) {
          differing += 1;
          break;
        }
      }
    }
  }
  const percent = (100 * differing) / (width * height);
  const resized = before.width !== after.width || before.height !== after.height;
  const bad = percent > threshold || resized;
  failed ||= bad;
  console.log(`${bad ? '✗' : '✓'} ${name}: ${percent.toFixed(3)}% of pixels differ${resized ? `, size ${before.width}×${before.height} → ${after.width}×${after.height}` : ''}`);
}
process.exit(failed ? 1 : 0);
