// Writes the two web fonts the site uses, cut to what it needs, into src/styles/fonts/ (committed).
// The @fontsource-variable Latin files carry every weight from 100 to 900 and about 330 glyphs.
//   - Inter (body text) keeps the weights 400–800 and ASCII, Latin-1 (guests' names: José, Zoë)
//     and the typographic punctuation.
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

const PUNCTUATION = 'U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+2032-2033, U+2039-203A, U+20AC, U+2122, U+2190-2199, U+2212';
/** The characters each font keeps; fonts.css declares the same ranges as its unicode-range. */
export const UNICODE_RANGES = {
  body: `U+0020-007E, U+00A0-00FF, ${PUNCTUATION}`,
  // nbsp © ® ° · É, à–ï, ñ–ö, ü: the Latin-1 letters and signs an English heading uses.
  display: `U+0020-007E, U+00A0, U+00A9, U+00AE, U+00B0, U+00B7, U+00C9, U+00E0-00EF, U+00F1-00F6, U+00FC, ${PUNCTUATION}`,
};

function charactersOf(range) {
  let text = '';
  for (const part of range.split(/,\s*/)) {
    const [from, to = from] = part.replace(/^U\+/, '').split('-').map((hex) => parseInt(hex, 16));
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

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
