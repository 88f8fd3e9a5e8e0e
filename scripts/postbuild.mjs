// After `vite build` (which also prerendered the public pages and wrote sitemap.xml and robots.txt:
// see scripts/prerender.mjs): writes a brotli (.br) and a gzip (.gz) copy of every text file of dist/.
// Run: node scripts/postbuild.mjs   (scripts/build.mjs runs it after every web build)
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!existsSync(dist)) throw new Error('dist/ is missing: run `vite build` first');

// Precompress what the server sends (brotli and gzip, at their best settings), so no request
// pays for compression and every client gets the smallest file it can read (server/static.go).
const compressed = precompress(dist);
console.log(`• precompressed ${compressed.files} files: ${(compressed.raw / 1024).toFixed(0)} KiB → ${(compressed.br / 1024).toFixed(0)} KiB brotli`);

/** Writes x.br and x.gz beside every compressible file under dir (source maps are left to on-the-fly gzip). */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(html|js|mjs|css|svg|json|webmanifest|xml|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += br.length;
  }
  return totals;
}
