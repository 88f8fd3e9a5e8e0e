/**
 * The route table's pages as React components: lazily loaded, preloadable, one chunk each. The
 * table itself (./routes.ts) stays plain data for the prerenderer; this is the browser's (and the
 * prerender's render step's) view of it.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWhenOnline } from '../components/lazyWhenOnline';
import type { Routing } from '../components/routing';
import { notFoundRoute, routeForPath, routes, type PageModule, type RouteDef } from './routes';

export type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded page that can be preloaded. Once its chunk is in, the lazy factory returns a
 * thenable that settles synchronously, so React renders the page at once instead of showing a
 * Suspense fallback (which React holds for ~300 ms even when the chunk arrives in a few ms).
 */
function lazyPage(load: () => Promise<PageModule>): PageComponent {
  let loaded: PageModule | undefined;
  // Offline, a page not loaded yet waits for the connection (the Suspense fallback) instead of failing.
  const preload = () => loadWhenOnline(load).then((module) => (loaded = module));
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  return Object.assign(component, { preload });
}

// One component per route, made once: React must see the same lazy component on every render.
const components = new Map<string, PageComponent>(routes.map((route) => [route.path, lazyPage(route.load)]));

export const NotFoundPage = lazyPage(notFoundRoute.load);

/** The lazy component of a route of the table. */
export function pageOf(route: RouteDef): PageComponent {
  const component = components.get(route.path);
  if (!component) throw new Error(`${route.path} is not in the route table`);
  return component;
}

/** Loads the page a path renders, so hydration finds it in memory (no Suspense fallback). */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = routeForPath(pathname);
  return Promise.all([(route ? pageOf(route) : NotFoundPage).preload(), route?.preloadData?.(pathname)]);
}

/** Starts loading a route's page (idempotent; a failed load, e.g. offline, retries on navigation). */
export function preloadRoute(path: string): void {
  const route = routes.find((candidate) => candidate.path === path);
  if (route) pageOf(route).preload().catch(() => undefined);
}

/** What pages get from the router through components/routing, without importing src/app. */
export const routing: Routing = { preload: preloadRoute, NotFound: NotFoundPage };
