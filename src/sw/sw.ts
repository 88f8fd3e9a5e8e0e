/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest, which puts the precache list in
 * self.__WB_MANIFEST). What it precaches is decided in vite.config.ts: the public app, without the
 * staff pages' code, and each public page's offline copy (src/lib/offlineCopies.ts). The staff app
 * has its own cache, filled after a staff sign-in (./staffApp.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { offlineCopyUrl } from '../lib/offlineCopies';
import { handleStaffAppMessage, isStaffAppFile, replaceOlderStaffApp, staffAppResponse, staffShell } from './staffApp';

declare let self: ServiceWorkerGlobalScope;

// Updates wait for the guest's "Update now" (or the kiosk's idle reset), which posts this.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  else handleStaffAppMessage(event);
});
self.addEventListener('activate', (event) => event.waitUntil(replaceOlderStaffApp()));

// The first install takes control of the open page at once, so everything it precached (every page
// and chunk) is there if the connection drops during that first visit.
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Every navigation is answered from the precache: a public page with its own offline copy (never the
 * home page's HTML for another path, trailing slash or not), anything else (staff, kiosk, thank-you
 * and mail-link pages, unknown paths, which the app renders as its 404 page) with the empty app
 * shell. matchPrecache reads this worker's own revisions, so a new version installed beside it and
 * still waiting is never served early. /admin/* takes the shell kept with the staff app when this
 * device has it (the same build's bytes).
 */
registerRoute(
  new NavigationRoute(
    async ({ request, url }) =>
      (url.pathname.startsWith('/admin/') ? await staffShell() : undefined) ??
      (await matchPrecache(offlineCopyUrl(url.pathname))) ??
      (await matchPrecache('/shell.html')) ??
      fetch(request),
    { denylist: [/^\/api\//, /^\/_\//] },
  ),
);

// Events and the weekly schedule stay readable offline: the guests' lists only. A signed-in
// account's (the staff editor's, which holds hidden events) is never kept on the device.
registerRoute(
  ({ url, request }) => url.pathname.startsWith('/api/collections/events/records') && !request.headers.has('Authorization'),
  new NetworkFirst({ cacheName: 'events', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
);
// The staff app's files: from its own cache, never kept in 'assets' (sign-out deletes them).
registerRoute(({ url }) => isStaffAppFile(url), ({ request }) => staffAppResponse(request));
// Content-hashed files not precached (the kiosk's, a guest's mail-link pages'): kept once used.
registerRoute(
  ({ url }) => url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 90 })] }),
);
registerRoute(
  ({ url }) => url.pathname === '/api/availability',
  new NetworkFirst({ cacheName: 'availability', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
);
// Videos are deliberately not handled by the worker: a looping video's range requests kept fetch
// events open in the old worker, which held a new version waiting after "Update now" (ISSUE 15).
// Offline, a video shows its poster, which is precached.
