/** Reading an article file: front matter, venue tokens, word count (the build's and the tests' shared parser). */
import { englishList } from '../../lib/text.ts';
import { venue } from '../venue.ts';

export type BlogArticle = {
  slug: string;
  title: string;
  description: string;
  /** yyyy-MM-dd */
  published: string;
  author: string;
  readingMinutes: number;
  /** Markdown, with venue tokens already filled in. */
  body: string;
};

export const DEFAULT_AUTHOR = 'The Tiny Cupboard Games team';
/** An unhurried reading pace, in words per minute, for articles without readingMinutes. */
const WORDS_PER_MINUTE = 220;

/** Replaces every {{venue.some.path}} with the fact at that path of venue.ts. */
export function fillVenueTokens(text: string, source = 'article'): string {
  return text.replace(/\{\{\s*venue\.([\w.]+)\s*\}\}/g, (token, path: string) => {
    let value: unknown = venue;
    for (const key of path.split('.')) {
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      return englishList(value as string[]);
    }
    throw new Error(`${source}: ${token} does not name a venue fact in src/content/venue.ts`);
  });
}

/** Words a reader reads: Markdown markers (##, -, 1.) and link targets are not counted. */
export function countWords(markdown: string): number {
  const prose = markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_[\]`>]/g, ' ')
    .replace(/^\s*(?:-|\d+\.)\s+/gm, ' ');
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const first = trimmed[0];
  if (trimmed.length >= 2 && (first === '"' || first === "'") && trimmed.endsWith(first)) {
    return trimmed.slice(1, -1);
  }
  return trimmed;
}

/**
 * Parses one article file. `fileName` is the glob key ("./party-games.md") and is used for
 * the default slug and in error messages. Throws on a missing field, so a broken file fails
 * the build and the tests instead of rendering half an article.
 */
export function parseArticle(fileName: string, raw: string): BlogArticle {
  const name = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`${fileName}: front matter between --- lines is missing`);
  const [, head = '', rest = ''] = match;

  const meta: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${fileName}: front matter line "${line}" is not "key: value"`);
    meta[line.slice(0, colon).trim()] = fillVenueTokens(unquote(line.slice(colon + 1)), fileName);
  }

  const required = (key: string): string => {
    const value = meta[key];
    if (!value) throw new Error(`${fileName}: front matter needs "${key}"`);
    return value;
  };

  const published = required('published');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(published) || Number.isNaN(Date.parse(published))) {
    throw new Error(`${fileName}: published "${published}" is not a yyyy-MM-dd date`);
  }

  const body = fillVenueTokens(rest.replace(/\r\n/g, '\n').trim(), fileName);
  const minutes = Number(meta.readingMinutes);
  return {
    slug: meta.slug || name,
    title: required('title'),
    description: required('description'),
    published,
    author: meta.author || DEFAULT_AUTHOR,
    readingMinutes:
      Number.isInteger(minutes) && minutes > 0
        ? minutes
        : Math.max(1, Math.round(countWords(body) / WORDS_PER_MINUTE)),
    body,
  };
}
