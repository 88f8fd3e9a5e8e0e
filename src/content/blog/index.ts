/**
 * The blog, as data.
 *
 * HOW TO ADD AN ARTICLE: drop a new `<slug>.md` file into this folder. That is all; it is
 * picked up by the glob below at build time, sorted by date and served at /blog/<slug>.
 * The file starts with front matter between two `---` lines, one `key: value` per line:
 *
 *   ---
 *   title: Your headline (quotes optional)
 *   description: One or two sentences for search engines, at most 160 characters.
 *   slug: the-file-name-without-md      (optional: defaults to the file name)
 *   published: 2026-11-22               (yyyy-MM-dd)
 *   author: The Tiny Cupboard Games team (optional: this is the default)
 *   readingMinutes: 4                    (optional: worked out from the word count)
 *   ---
 *
 * The body is plain Markdown, kept to a small, safe subset: `##` and `###` subheadings
 * (never a single `#`, because the page supplies the h1), paragraphs, `-` and `1.` lists,
 * **bold**, *italic* and [links](/board-game-night), rendered to HTML at build time (./render.ts).
 *
 * Venue facts are never typed into an article. Write a token instead and it is filled in
 * from src/content/venue.ts, so a changed price or address changes every article at once:
 *   {{venue.address.oneLine}}  {{venue.hours.summary}}  {{venue.pricing.barMinimum}}
 *   {{venue.games.outdoor}}  (a list becomes "a, b, c, and d")
 * A token that names no fact stops the build with the file name, rather than shipping braces.
 * A new route must be a real one: `src/content/content.test.ts` checks every link.
 */
import { byCodePoint } from '../../lib/text';
import type { BlogArticle } from './parse';
import type { ArticleBody } from './render';

export { countWords, DEFAULT_AUTHOR, fillVenueTokens, parseArticle, type BlogArticle } from './parse';
export type { ArticleBody, OutlineItem } from './render';

/** An article without its body: what lists, heads and the sitemap need. */
export type BlogArticleMeta = Omit<BlogArticle, 'body'> & { wordCount: number };

// Metadata of every article at build time (./metaPlugin.ts reads the front matter and counts the
// words); each body, rendered to HTML at build time, is its own chunk, loaded by the article's page only.
const metas = import.meta.glob<BlogArticleMeta>('./*.md', { query: '?blog-meta', import: 'default', eager: true });
const bodies = import.meta.glob<ArticleBody>('./*.md', { query: '?blog-html', import: 'default' });

/** Every article, newest first (ties by slug, so the order never wobbles between builds). */
export const articles: BlogArticleMeta[] = Object.values(metas).sort((a, b) => byCodePoint(b.published, a.published) || byCodePoint(a.slug, b.slug));

export function getArticle(slug: string): BlogArticleMeta | undefined {
  return articles.find((article) => article.slug === slug);
}

type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const loaded = new Map<string, TrackedPromise<ArticleBody>>();

/**
 * An article's body as HTML with its outline (venue tokens filled in), loaded once. The promise
 * carries React's `status`/`value` once settled, so `use()` reads a loaded body without suspending.
 */
export function loadArticleBody(slug: string): Promise<ArticleBody> {
  const cached = loaded.get(slug);
  if (cached) return cached;
  const file = Object.keys(metas).find((key) => metas[key]?.slug === slug);
  const load = file ? bodies[file] : undefined;
  if (!file || !load) return Promise.reject(new Error(`No article ${slug}`));
  const promise: TrackedPromise<ArticleBody> = load().then((body) => {
    promise.status = 'fulfilled';
    promise.value = body;
    return body;
  });
  loaded.set(slug, promise);
  return promise;
}
