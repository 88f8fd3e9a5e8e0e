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
import { BUILD_SCHEDULE_ID, BuildScheduleContext, fetchEvents, weeklyOnly, type BuildSchedule, type VenueEvent } from './features/events';
import { DEFAULT_SITE_URL, renderHeadHtml, resolveSiteUrl } from './lib/seo';

// Where the prerenderer writes each page and its offline copy: the service worker reads the same.
export { OFFLINE_COPIES_DIR, pageFile } from './lib/offlineCopies';

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

/**
 * The weekly schedule from a running server's public API (the live site's, or a fresh one's). Its
 * record ids are replaced by positions: a fresh server's are random, and the same seed should build
 * the same pages (the service worker re-downloads a page whose bytes changed).
 */
export async function buildScheduleFrom(origin: string): Promise<VenueEvent[]> {
  return weeklyOnly(await fetchEvents(undefined, origin)).map((event, i) => ({ ...event, id: `build-${i}` }));
}

/** Every public URL: the route table's public routes, with `/blog/:slug` expanded per article. */
export function publicPaths(): string[] {
  return routes
    .filter((route) => route.public)
    .flatMap((route) => (route.path === '/blog/:slug' ? articles.map((a) => `/blog/${a.slug}`) : route.path.includes(':') ? [] : [route.path]));
}

/** Client-only routes (staff, kiosk, thank-you and cancel pages): served the app shell, never indexed. */
export function appShellPatterns(): string[] {
  return routes.filter((route) => !route.public).map((route) => route.path);
}

/** SITE_URL as the sitemap and the server read it (the local default when unset). */
export function siteUrlFromEnv(configured: string | undefined): string {
  return resolveSiteUrl(configured, DEFAULT_SITE_URL);
}
