/**
 * What a page may ask of the router, reachable from below src/app. The route table names every
 * page, so a page importing it closes an import circle; instead src/app hands its preloader and
 * its 404 page down through this context (App renders the provider around every route).
 */
import { createContext, use, useEffect, type ComponentType } from 'react';

export interface Routing {
  /** Starts loading a route's page by its path in the route table; unknown paths are ignored. */
  preload: (path: string) => void;
  /** The site's 404 page. */
  NotFound: ComponentType;
}

// Outside the app (a page rendered alone in a unit test) nothing is preloaded and the 404 is bare.
const RoutingContext = createContext<Routing>({ preload: () => undefined, NotFound: () => <h1>Page not found</h1> });

export const RoutingProvider = RoutingContext.Provider;

/** Preloads the pages a guest is likely to open next, e.g. the thank-you page while a form is filled in. */
export function usePreloadRoutes(paths: readonly string[]): void {
  const { preload } = use(RoutingContext);
  const key = paths.join('|');
  useEffect(() => {
    for (const path of key.split('|')) preload(path);
  }, [key, preload]);
}

/** The site's 404 page, for a page that finds its address names nothing (an unknown blog article). */
export function NotFound() {
  const { NotFound: Page } = use(RoutingContext);
  return <Page />;
}
