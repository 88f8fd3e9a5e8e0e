// After `vite build`: writes dist/sitemap.xml and dist/robots.txt from the route table (public
// routes) and the blog articles, with absolute URLs on SITE_URL (default http://127.0.0.1:8090),
// then writes a brotli (.br) and a gzip (.gz) copy of every text file beside it. (The public pages
// were prerendered during `vite build`: see scripts/prerender.mjs.)
// Run: node scripts/postbuild.mjs   (scripts/build.mjs runs it after every web build)
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { runnerImport } from 'vite';
import { root } from './lib.mjs';

const load = async (file, plugins = []) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'error', root, plugins })).module;
// The blog's metadata comes through a Vite plugin (?blog-meta): load it first.
const { blogMetaPlugin } = await load('src/content/blog/metaPlugin.ts');

const { routes } = await load('src/app/routes.ts', [blogMetaPlugin()]);
const { articles } = await load('src/content/blog/index.ts', [blogMetaPlugin()]);
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
writeFileSync(path.join(dist, 'robots.txt'), seo.renderRobots(siteUrl, ['/admin/', '/api/', '/_/', '/cancel/', '/waitlist/', '/offline-pages/']));
console.log(`• sitemap.xml (${entries.length} URLs) and robots.txt for ${siteUrl}`);


// Last: precompress what the server sends (brotli and gzip, at their best settings), so no request
// pays for compression and every client gets the smallest file it can read (server/static.go).
const compressed = precompress(dist);
console.log(`• precompressed ${compressed.files} files: ${(compressed.raw / 1024).toFixed(0)} KiB → ${(compressed.br / 1024).toFixed(0)} KiB brotli`);

/** Writes x.br and x.gz beside every compressible file under dir (source maps are left to on-the-fly gzip). */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(html|js|mjs|css|svg|json|webmanifest|xml|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += br.length;
  }
  return totals;
}
