/**
 * A Vite plugin for `./<article>.md?blog-meta`: the article's front matter and word count as a
 * module, without its body, so the blog list and every page's head never ship every article's
 * text. Used by vite.config.ts, vitest.config.ts and the postbuild script.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { countWords, parseArticle } from './parse';

const QUERY = '?blog-meta';

export function blogMetaPlugin(): Plugin {
  return {
    name: 'venue:blog-meta',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(`.md${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const { body, ...meta } = parseArticle(file, readFileSync(file, 'utf8'));
      return `export default ${JSON.stringify({ ...meta, wordCount: countWords(body) })};`;
    },
  };
}
