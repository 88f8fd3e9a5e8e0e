// After `vite build`: writes dist/sitemap.xml and dist/robots.txt from the route table (public
// routes) and the blog articles, with absolute URLs on SITE_URL (default http://127.0.0.1:8090),
// then prerenders the public pages when scripts/prerender.mjs is present.
// Run: node scripts/postbuild.mjs   (scripts/build.mjs runs it after every web build)
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';
import { root } from './lib.mjs';

const load = async (file) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'error', root })).module;

const { routes } = await load('src/app/routes.ts');
const { articles } = await load('src/content/blog/index.ts');
const seo = await load('src/lib/seo.ts');

const siteUrl = seo.resolveSiteUrl(process.env.SITE_URL || process.env.VITE_SITE_URL, seo.DEFAULT_SITE_URL);
const dist = path.join(root, 'dist');
if (!existsSync(dist)) throw new Error('dist/ is missing: run `vite build` first');

/** Every public page: the fixed routes, then one entry per article (the `:slug` route expanded). */
export function publicPaths() {
  const entries = [];
  for (const route of routes) {
    if (!route.public) continue;
    if (route.path === '/blog/:slug') {
      for (const article of articles) entries.push({ path: `/blog/${article.slug}`, lastmod: article.published });
    } else if (!route.path.includes(':')) {
      entries.push({ path: route.path });
    }
  }
  return entries;
}

const entries = publicPaths();
const newest = articles.map((a) => a.published).sort().at(-1);
for (const entry of entries) if (entry.path === '/blog' && newest) entry.lastmod = newest;

writeFileSync(path.join(dist, 'sitemap.xml'), seo.renderSitemap(entries, siteUrl));
writeFileSync(path.join(dist, 'robots.txt'), seo.renderRobots(siteUrl, ['/admin/', '/api/', '/_/', '/cancel/']));
console.log(`• sitemap.xml (${entries.length} URLs) and robots.txt for ${siteUrl}`);

if (existsSync(path.join(root, 'scripts', 'prerender.mjs'))) {
  const { prerender } = await import('./prerender.mjs');
  await prerender({ siteUrl, paths: entries.map((e) => e.path) });
}
