// Writes the two web fonts the site uses, cut to what it needs, into src/styles/fonts/ (committed).
// The @fontsource-variable Latin files carry every weight from 100 to 900 and about 330 glyphs.
//   - Inter (body text) keeps the weights 400–800 and ASCII, Latin-1's letters (guests' names: José,
//     Zoë) with the few signs the copy uses, and the typographic punctuation.
//   - Bricolage Grotesque (headings only: h1–h4 and a few display figures) is set at 700–800
//     (src/styles/global.css and the stylesheets), and headings are English copy: it keeps that
//     weight range, ASCII, the punctuation and the accented letters English borrows (café, née).
// The pair went from 90 KB to 64 KB with the first cut and to ~50 KB with the heading cut: the
// bytes a phone on a slow link fetches beside the page's HTML before its headings paint. Characters
// outside a font's set fall back, glyph by glyph, to its metric-matched fallback (src/styles/fonts.css,
// whose unicode-ranges are these).
// Run: node scripts/make-fonts.mjs   (subset-font: HarfBuzz's subsetter compiled to WebAssembly)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { charactersOf, UNICODE_RANGES } from './font-ranges.mjs';

const require = createRequire(import.meta.url);
const fonts = [
  { source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', target: 'inter-latin-wght-normal.woff2', range: UNICODE_RANGES.body, weights: { min: 400, max: 800 } },
  {
    source: '@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2',
    target: 'bricolage-grotesque-latin-wght-normal.woff2',
    range: UNICODE_RANGES.display,
    weights: { min: 700, max: 800 },
  },
];
for (const { source, target, range, weights } of fonts) {
  const original = readFileSync(require.resolve(source));
  const subset = await subsetFont(original, charactersOf(range), { targetFormat: 'woff2', variationAxes: { wght: weights } });
  writeFileSync(new URL(`../src/styles/fonts/${target}`, import.meta.url), subset);
  console.log(`${target}: ${(original.length / 1000).toFixed(1)} KB → ${(subset.length / 1000).toFixed(1)} KB`);
}
