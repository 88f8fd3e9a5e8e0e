// The characters each of the two web fonts keeps (scripts/make-fonts.mjs cuts them; src/styles/fonts.css
// declares them as unicode-range). Its own module so tests can read it without cutting fonts.
const PUNCTUATION = 'U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+2032-2033, U+2039-203A, U+20AC, U+2122, U+2190-2199, U+2212';
/** The characters each font keeps; fonts.css declares the same ranges as its unicode-range (a test checks). */
export const UNICODE_RANGES = {
  // Latin-1's letters (guests' names: José, Zoë, Åsa, Øyvind) and the signs the copy uses; not its
  // other signs (¡ ¢ £ ¤ ¥ ¦ § ¨ ª « ¬ ¯ ± ² ³ ´ µ ¶ ¸ ¹ º » ¼ ½ ¾ ¿ × ÷), 2.6 KB of a 29 KB font.
  body: `U+0020-007E, U+00A0, U+00A9, U+00AE, U+00B0, U+00B7, U+00C0-00FF, ${PUNCTUATION}`,
  // nbsp © ® ° · É, à–ï, ñ–ö, ü: the Latin-1 letters and signs an English heading uses.
  display: `U+0020-007E, U+00A0, U+00A9, U+00AE, U+00B0, U+00B7, U+00C9, U+00E0-00EF, U+00F1-00F6, U+00FC, ${PUNCTUATION}`,
};

/** Every character of a CSS unicode-range list such as 'U+0020-007E, U+00A9'. */
export function charactersOf(range) {
  let text = '';
  for (const part of range.split(/,\s*/)) {
    const [from, to = from] = part.replace(/^U\+/, '').split('-').map((hex) => parseInt(hex, 16));
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}
