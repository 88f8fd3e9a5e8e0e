// Writes the two web fonts the site uses, cut to what it needs, into src/styles/fonts/ (committed).
// The @fontsource-variable Latin files carry every weight from 100 to 900 and about 330 glyphs; the
// site sets type between 400 and 800 (src/styles/tokens.css and the stylesheets), in English. Fixing
// the weight axis to 400–800 and keeping ASCII, Latin-1 (guests' names: José, Zoë) and the
// typographic punctuation takes the pair from 90 KB to about 64 KB: the bytes a phone on a slow link
// waits for before the page's headings can paint. Characters outside the set fall back, glyph by
// glyph, to the metric-matched fallback fonts of src/styles/fonts.css, whose unicode-range matches.
// Run: node scripts/make-fonts.mjs   (subset-font: HarfBuzz's subsetter compiled to WebAssembly)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** The characters kept; fonts.css declares the same ranges as its unicode-range. */
export const UNICODE_RANGE = 'U+0020-007E, U+00A0-00FF, U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+2032-2033, U+2039-203A, U+20AC, U+2122, U+2190-2199, U+2212';
const WEIGHTS = { min: 400, max: 800 };

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
  ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', 'inter-latin-wght-normal.woff2'],
  ['@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2', 'bricolage-grotesque-latin-wght-normal.woff2'],
];
for (const [source, target] of fonts) {
  const original = readFileSync(require.resolve(source));
  const subset = await subsetFont(original, charactersOf(UNICODE_RANGE), { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
  writeFileSync(new URL(`../src/styles/fonts/${target}`, import.meta.url), subset);
  console.log(`${target}: ${(original.length / 1000).toFixed(1)} KB → ${(subset.length / 1000).toFixed(1)} KB`);
}
