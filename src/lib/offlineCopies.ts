/**
 * Each prerendered public page is built twice (scripts/prerender.mjs):
 *   - `dist/menu.html`, served over the network: its stylesheets inline, so a phone paints it from
 *     the HTML alone on a first visit;
 *   - `dist/offline-pages/menu.html`, its offline copy, which links the same stylesheets instead. The
 *     service worker precaches the copies and answers navigations with them (src/sw/sw.ts): there
 *     the stylesheets come from the precache too, so inlining them saves no round trip, and it would
 *     store the site's ~25 KB of CSS once per page on every phone (0.56 MB of 0.98 MB of HTML).
 */
export const OFFLINE_COPIES_DIR = 'offline-pages';

/** The built file of a public page: `/` → index.html, `/menu` → menu.html, `/blog/x` → blog/x.html. */
export function pageFile(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? 'index.html' : `${path.replace(/^\/+/, '')}.html`;
}

/** The URL of a page's offline copy, for the path a guest navigates to (a trailing slash allowed). */
export function offlineCopyUrl(pathname: string): string {
  return `/${OFFLINE_COPIES_DIR}/${pageFile(pathname)}`;
}
