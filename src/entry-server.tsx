/**
 * The prerenderer's entry (built by scripts/prerender.mjs with Vite's SSR build, never shipped to
 * browsers): renders one URL of the app to HTML, with the head tags that URL needs, so every
 * public page arrives as real content that link previews, search engines and slow phones can read.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App';
import { preloadPage } from './app/lazyPages';
import { notFoundRoute, pageSource, routeForPath, routes } from './app/routes';
import { articles } from './content/blog';
import { venue } from './content/venue';
import { BUILD_SCHEDULE_ID, BuildScheduleContext, fetchEvents, weeklyScheduleOf, type BuildSchedule, type VenueEvent } from './features/events';
import { OFFLINE_COPIES_DIR } from './lib/offlineCopies';
import { DEFAULT_SITE_URL, renderHeadHtml, renderRobots, renderSitemap, resolveSiteUrl, type SitemapEntry } from './lib/seo';

// Where the prerenderer writes each page and its offline copy: the service worker reads the same.
export { OFFLINE_COPIES_DIR, pageFile } from './lib/offlineCopies';
// The build's weekly schedule from the seed's data file (scripts/prerender.mjs reads the file).
export { weeklyScheduleOf };

export interface RenderedPage {
  /** The app's markup, for inside <div id="root">. */
  html: string;
  /** Title, description, canonical, Open Graph, Twitter and JSON-LD tags. */
  head: string;
  /** The page's source file, to find its chunks and stylesheets in Vite's manifest. */
  pageSource: string;
  /** The build-time schedule the page rendered, for a JSON data block hydration reads back. */
  buildSchedule?: { id: string; events: VenueEvent[] };
}

async function renderApp(pathname: string, schedule: BuildSchedule): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <BuildScheduleContext value={schedule}>
        <App ssrPath={pathname} />
      </BuildScheduleContext>
    </StrictMode>,
    // Never outline a large Suspense boundary: that needs an inline script (our CSP forbids them).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}

/**
 * One URL, as the browser will first see it; unknown paths render the 404 page. `weeklySchedule` is
 * the schedule as known at build time (buildScheduleFrom); a page that shows it gets it back as
 * `buildSchedule`, for its data block.
 */
export async function renderPage(pathname: string, siteUrl: string, weeklySchedule: VenueEvent[] = []): Promise<RenderedPage> {
  await preloadPage(pathname);
  const route = routeForPath(pathname);
  // The search-engine data is its own chunk, loaded when needed, here as in the browser (RouteMeta).
  const { notFoundHead, pageHead } = await import('./features/seo');
  const head = route ? pageHead(route, pathname, siteUrl) : notFoundHead(pathname);
  let scheduleShown = false;
  const schedule: BuildSchedule = { events: weeklySchedule, markUsed: () => (scheduleShown = true) };
  const html = await renderApp(pathname, schedule);
  return {
    html,
    head: renderHeadHtml(head, siteUrl, venue.name),
    pageSource: pageSource(route ?? notFoundRoute),
    ...(scheduleShown && weeklySchedule.length > 0 ? { buildSchedule: { id: BUILD_SCHEDULE_ID, events: weeklySchedule } } : {}),
  };
}

/** The weekly schedule from a running server's public API (the live site's: BUILD_EVENTS_URL). */
export async function buildScheduleFrom(origin: string): Promise<VenueEvent[]> {
  return weeklyScheduleOf(await fetchEvents(undefined, origin));
}

/**
 * Every public page, the one list the prerenderer renders and sitemap.xml lists: the route table's
 * public routes, with `/blog/:slug` expanded per article. The pages outside it (staff, kiosk,
 * thank-you and cancel pages, the 404) are noindex. An article's lastmod is its date; the blog's,
 * its newest article's.
 */
export function publicPages(): SitemapEntry[] {
  const newest = articles.map((a) => a.published).sort().at(-1);
  return routes
    .filter((route) => route.public)
    .flatMap((route): SitemapEntry[] => {
      if (route.path === '/blog/:slug') return articles.map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.published }));
      if (route.path.includes(':')) return [];
      return [route.path === '/blog' && newest ? { path: route.path, lastmod: newest } : { path: route.path }];
    });
}

/** Paths crawlers keep out of: the staff area, the API, PocketBase's dashboard, mail-link pages and offline copies. */
const NOT_CRAWLED = ['/admin/', '/api/', '/_/', '/cancel/', '/waitlist/', `/${OFFLINE_COPIES_DIR}/`];

/** sitemap.xml and robots.txt for the given pages, with absolute URLs on the site's origin. */
export function crawlerFiles(pages: SitemapEntry[], siteUrl: string): { 'sitemap.xml': string; 'robots.txt': string } {
  return { 'sitemap.xml': renderSitemap(pages, siteUrl), 'robots.txt': renderRobots(siteUrl, NOT_CRAWLED) };
}

/** Client-only routes (staff, kiosk, thank-you and cancel pages): served the app shell, never indexed. */
export function appShellPatterns(): string[] {
  return routes.filter((route) => !route.public).map((route) => route.path);
}

/** SITE_URL as the sitemap and the server read it (the local default when unset). */
export function siteUrlFromEnv(configured: string | undefined): string {
  return resolveSiteUrl(configured, DEFAULT_SITE_URL);
}
