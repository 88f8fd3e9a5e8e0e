// Prerenders the site after Vite's client build (called from the `prerender` plugin in
// vite.config.ts, before the service worker is generated, so the worker precaches these files).
//   1. Vite's SSR build of src/entry-server.tsx, into a temporary folder.
//   2. For every public URL: the page's markup inside #root, its own head (title, description,
//      canonical, Open Graph, Twitter, JSON-LD), and <link>s for its own page chunk and styles, so
//      hydration never waits on a second round trip. `/x` is written to dist/x.html (the server maps
//      `/x` to it); `/` to dist/index.html. And its offline copy, with the stylesheets linked, in
//      dist/offline-pages/ (src/lib/offlineCopies.ts), which the service worker precaches and serves.
//   3. dist/404.html (the 404 page, noindex) and dist/shell.html (an empty app shell, noindex) for the
//      client-only routes: staff, kiosk, thank-you and cancel pages.
//   4. dist/routes.json: which paths are app-shell routes, so the server answers others with a 404.
//   5. dist/sitemap.xml (the same public pages) and dist/robots.txt, on SITE_URL.
// It needs neither Go nor a database: the weekly schedule comes from the seed's data file (or
// BUILD_EVENTS_URL's server), so `vite build` runs on a machine with Node only.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT_DIV = '<div id="root"></div>';
const APP_START = 'src/boot.tsx';
/** The seed's events (the seed migration saves them): the schedule a build without BUILD_EVENTS_URL shows. */
export const SEED_EVENTS = 'pb_migrations/seed/events.json';
/** The <template> holding a prerendered page's modulepreloads until it has painted (src/main.tsx). */
export const AFTER_PAINT_ID = 'app-scripts';

/** The <link>s of the app's start and a page chunk and all they import statically, minus what the entry already loads. */
export function pageAssets(manifest, pageSource) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const seen = new Set();
  const collect = (key, out) => {
    if (seen.has(key) || !manifest[key]) return out;
    seen.add(key);
    const chunk = manifest[key];
    out.js.push(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, out);
    // A chunk's styles after those of what it imports, as the browser applies them when the app
    // loads the chunk itself: a page's own rules come after the shared layout's and can refine them.
    for (const css of chunk.css ?? []) out.css.push(css);
    return out;
  };
  const fromEntry = collect(Object.keys(manifest).find((k) => manifest[k] === entry), { js: [], css: [] });
  // The app's start (src/boot.tsx), which the entry imports once the page has painted, then the page.
  const page = collect(pageSource, collect(APP_START, { js: [], css: [] }));
  return { js: page.js.filter((f) => !fromEntry.js.includes(f)), css: page.css.filter((f) => !fromEntry.css.includes(f)) };
}

/** The Latin subsets of the two variable fonts (src/styles/fonts.css), as the build named them. */
export function fontFiles(outDir) {
  return readdirSync(path.join(outDir, 'assets')).filter((f) => /^(inter|bricolage-grotesque)-latin-wght-normal-[\w-]+\.woff2$/.test(f)).map((f) => `assets/${f}`);
}

/**
 * A JSON data block (never executed, so the CSP's no-inline-scripts rule does not apply), with
 * `<` escaped so no text in it can close the element.
 */
export function dataBlock({ id, events }) {
  return `<script type="application/json" id="${id}">${JSON.stringify(events).replaceAll('<', '\\u003c')}</script>`;
}

/** The client's index.html with a page's head, assets and markup in place. */
export function composeHtml(template, { head, html = '', assets = { js: [], css: [] }, fonts = [], styles = {}, buildSchedule }) {
  const scripts = assets.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
  const links = [
    // Fonts first: with font-display: optional, a font that is not in by the first paint is skipped.
    ...fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`),
    ...assets.css.map((f) => stylesheet(f, styles[f])),
    // A page with content asks for the app's scripts once it has painted (src/main.tsx moves these
    // links out of the inert <template> then), so they never share a slow link with its CSS and
    // fonts; an empty app shell has nothing to paint and asks for them at once.
    ...(html && scripts.length ? [`<template id="${AFTER_PAINT_ID}">${scripts.join('')}</template>`] : scripts),
    ...(buildSchedule ? [dataBlock(buildSchedule)] : []),
  ];
  const withHead = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${head}\n${links.join('\n')}\n</head>`);
  if (!withHead.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
  return lowPriorityScripts(withHead.replace(ROOT_DIV, `<div id="root">${html}</div>`));
}

/**
 * A page's stylesheet, inlined when its text is given: a phone then paints the page from the HTML
 * alone, a round trip (and on a new connection, two) sooner than after fetching ~12 KB of CSS in five
 * files. The <link> beside it tells Vite's preload helper that the file is in (it looks for
 * link[rel=stylesheet][href]), so navigating to another page never adds the shared sheets again
 * after the page's own rules, which would reverse their cascade. That link must never be fetched:
 * its type is not CSS (INLINED_TYPE), and the HTML spec forbids fetching a stylesheet of a type the
 * browser does not support. A `disabled` link is not enough: Chromium 148 to 150 fetch it anyway.
 */
export const INLINED_TYPE = 'text/x-inlined-css';

export function stylesheet(file, text) {
  if (text === undefined) return `<link rel="stylesheet" crossorigin href="/${file}">`;
  return `<style data-href="/${file}">${text.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" type="${INLINED_TYPE}" href="/${file}">`;
}

/**
 * The page is whole in its HTML; its scripts only make it interactive. So they ask for the network
 * after the stylesheets and fonts a first paint needs (fetchpriority="low"), not beside them: on a
 * phone's slow link ~90 KB of JavaScript otherwise shares the bandwidth with the page's own CSS
 * (the entry, which only waits for the paint, and an app shell's scripts, which start at once).
 */
export function lowPriorityScripts(html) {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * The weekly schedule as known at build time (src/features/events/buildSchedule.ts): the live site's
 * when BUILD_EVENTS_URL names it (staff edit the schedule there), else the one a fresh server seeds,
 * read from the seed migration's own data file.
 */
export async function weeklyScheduleAtBuild(root, server) {
  const live = process.env.BUILD_EVENTS_URL?.replace(/\/+$/, '');
  if (live) return server.buildScheduleFrom(live);
  return server.weeklyScheduleOf(JSON.parse(readFileSync(path.join(root, SEED_EVENTS), 'utf8')));
}

export async function prerenderSite({ root, outDir, configFile }) {
  // Inside the project, so the SSR bundle's bare imports (react, wouter…) resolve to node_modules.
  const ssrDir = path.join(root, 'node_modules', '.cache', 'venue-prerender');
  try {
    await build({ configFile, root, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, minify: false } });
    const server = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
    const siteUrl = server.siteUrlFromEnv(process.env.SITE_URL || process.env.VITE_SITE_URL);
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const write = (file, content) => {
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      writeFileSync(path.join(outDir, file), content);
    };
    const fonts = fontFiles(outDir);
    const styles = Object.fromEntries(
      readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.css')).map((f) => [`assets/${f}`, readFileSync(path.join(outDir, 'assets', f), 'utf8').trim()]),
    );
    if (fonts.length !== 2) throw new Error(`expected the Latin subsets of Inter and Bricolage Grotesque in assets/, found: ${fonts.join(', ') || 'none'}`);
    const pages = server.publicPages();
    const paths = pages.map((page) => page.path);
    const schedule = await weeklyScheduleAtBuild(root, server);
    for (const pathname of paths) {
      const page = await server.renderPage(pathname, siteUrl, schedule);
      const assets = pageAssets(manifest, page.pageSource);
      write(server.pageFile(pathname), composeHtml(template, { ...page, fonts, styles, assets }));
      // The service worker's copy links the stylesheets it precaches (src/lib/offlineCopies.ts).
      write(`${server.OFFLINE_COPIES_DIR}/${server.pageFile(pathname)}`, composeHtml(template, { ...page, fonts, assets }));
    }
    const notFound = await server.renderPage('/404', siteUrl);
    write('404.html', composeHtml(template, { ...notFound, fonts, styles, assets: pageAssets(manifest, notFound.pageSource) }));
    write('shell.html', composeHtml(template, { head: '<meta name="robots" content="noindex">', fonts, assets: pageAssets(manifest, null) }));
    write('routes.json', JSON.stringify({ prerendered: paths, appShell: server.appShellPatterns() }, null, 2));
    for (const [file, content] of Object.entries(server.crawlerFiles(pages, siteUrl))) write(file, content);
    console.log(`• prerendered ${paths.length} public pages, 404.html and shell.html; sitemap.xml and robots.txt for ${siteUrl}`);
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
