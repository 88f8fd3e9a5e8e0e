// Compares two folders of screenshots (scripts/screenshot.mjs, before and after a change) pixel by pixel.
// Usage: node scripts/pixel-diff.mjs <before-dir> <after-dir> [--diff-dir=DIR] [--tolerance=N] [--max-ratio=R]
//
// A pixel differs when any channel moved by more than --tolerance (0-255, default 16: leaves out
// anti-aliasing noise, catches any real colour, spacing or font change). A pair fails when its sizes
// differ (the page's height or layout moved) or more than --max-ratio of its pixels differ (default
// 0.001, i.e. 0.1 %). Differing pixels are painted red over a faded copy of the "after" image in
// --diff-dir so a person can see where. Only pngjs (already a dev dependency) is needed.
// Exits 1 when a pair fails or a file is missing on one side.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const [beforeDir, afterDir] = args.filter((a) => !a.startsWith('--'));
if (!beforeDir || !afterDir) {
  console.error('Usage: node scripts/pixel-diff.mjs <before-dir> <after-dir> [--diff-dir=DIR] [--tolerance=16] [--max-ratio=0.001]');
  process.exit(2);
}
const tolerance = Number(option('tolerance', 16));
const maxRatio = Number(option('max-ratio', 0.001));
const diffDir = option('diff-dir', path.join(afterDir, '..', 'diff'));
mkdirSync(diffDir, { recursive: true });

/** Differing pixels of two same-sized images, and a picture of where they are. */
function compare(a, b) {
  const out = new PNG({ width: a.width, height: a.height });
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const delta = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
      Math.abs(a.data[i + 3] - b.data[i + 3]),
    );
    const hit = delta > tolerance;
    if (hit) differing += 1;
    const grey = (b.data[i] + b.data[i + 1] + b.data[i + 2]) / 3;
    out.data[i] = hit ? 255 : 128 + grey / 4;
    out.data[i + 1] = hit ? 0 : 128 + grey / 4;
    out.data[i + 2] = hit ? 0 : 128 + grey / 4;
    out.data[i + 3] = 255;
  }
  return { differing, out };
}

const names = [...new Set([...readdirSync(beforeDir), ...readdirSync(afterDir)])].filter((n) => n.endsWith('.png')).sort();
let failed = 0;
for (const name of names) {
  const a = path.join(beforeDir, name);
  const b = path.join(afterDir, name);
  if (!existsSync(a) || !existsSync(b)) {
    console.log(`MISSING  ${name} (only in ${existsSync(a) ? 'before' : 'after'})`);
    failed += 1;
    continue;
  }
  const before = PNG.sync.read(readFileSync(a));
  const after = PNG.sync.read(readFileSync(b));
  if (before.width !== after.width || before.height !== after.height) {
    console.log(`SIZE     ${name}: ${before.width}×${before.height} → ${after.width}×${after.height}`);
    failed += 1;
    continue;
  }
  const { differing, out } = compare(before, after);
  const ratio = differing / (before.width * before.height);
  const ok = ratio <= maxRatio;
  if (!ok) failed += 1;
  if (differing) writeFileSync(path.join(diffDir, name), PNG.sync.write(out));
  console.log(`${ok ? 'ok      ' : 'DIFFERS '} ${name}: ${differing} px (${(ratio * 100).toFixed(3)} %)`);
}
console.log(`${names.length - failed} of ${names.length} match (tolerance ${tolerance}/255 per channel, at most ${maxRatio * 100} % of pixels)`);
process.exit(failed ? 1 : 0);
