/**
 * FAQ answers name a page and its route in brackets: "the Reserve A Table page
 * (/board-game-night)". On screen that becomes a link on the page's name ("Reserve A Table
 * page") and the bracket goes away; when no name precedes the bracket, the path itself is
 * the link. In structured data the path becomes an absolute URL instead.
 */

export type TextSegment = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const MENTION = /\s?\((\/[a-z0-9\-/]*)\)/g;
/** "Reserve A Table page", "Game Nights, Meetups & More page": capitalised words, then "page". */
const PAGE_NAME = /((?:[A-Z&][\w'’&-]*,?\s+)+page)$/;

export function splitRouteMentions(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const href = match[1]!;
    const before = text.slice(last, match.index);
    const named = PAGE_NAME.exec(before);
    if (named) {
      let label = named[1]!;
      let prefix = before.slice(0, before.length - label.length);
      // A sentence-initial "The" belongs to the sentence, not to the page's name.
      const article = /^(The|A)\s+/.exec(label);
      if (article) {
        prefix += article[0];
        label = label.slice(article[0].length);
      }
      if (prefix) segments.push({ type: 'text', text: prefix });
      segments.push({ type: 'link', text: label, href });
    } else {
      segments.push({ type: 'text', text: `${before}${match[0].startsWith(' ') ? ' ' : ''}(` });
      segments.push({ type: 'link', text: href, href });
      segments.push({ type: 'text', text: ')' });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  // Merge neighbouring text segments.
  return segments.reduce<TextSegment[]>((out, segment) => {
    const prev = out[out.length - 1];
    if (prev && prev.type === 'text' && segment.type === 'text') prev.text += segment.text;
    else out.push({ ...segment });
    return out;
  }, []);
}

/** The same text with each "(/path)" written as an absolute URL, for JSON-LD and plain text. */
export function absolutizeRouteMentions(text: string, siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return text.replace(MENTION, (whole, path: string) => `${whole.startsWith(' ') ? ' ' : ''}(${base}${path})`);
}
