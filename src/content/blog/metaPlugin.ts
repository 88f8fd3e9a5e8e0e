/**
 * A Vite plugin for two views of `./<article>.md`:
 * - `?blog-meta`: the front matter and word count as a module, without the body, so the blog list
 *   and every page's head never ship every article's text;
 * - `?blog-html`: the body rendered to HTML at build time (./render.ts), with its outline, so the
 *   browser gets the article as markup and no Markdown parser.
 * Used by vite.config.ts (the app and the prerenderer's SSR build) and vitest.config.ts.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { countWords, parseArticle } from './parse.ts';
import { renderArticle } from './render.ts';

const META = '?blog-meta';
const HTML = '?blog-html';

export function blogMetaPlugin(): Plugin {
  return {
    name: 'venue:blog-meta',
    enforce: 'pre',
    load(id) {
      const query = id.endsWith(`.md${META}`) ? META : id.endsWith(`.md${HTML}`) ? HTML : null;
      if (!query) return null;
      const file = id.slice(0, -query.length);
      this.addWatchFile(file);
      const { body, ...meta } = parseArticle(file, readFileSync(file, 'utf8'));
      const value = query === META ? { ...meta, wordCount: countWords(body) } : renderArticle(body);
      return `export default ${JSON.stringify(value)};`;
    },
  };
}
