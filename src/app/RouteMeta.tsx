import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { venue } from '../content/venue';
import type { RouteDef } from './routes';

export function documentTitle(title: string): string {
  return title.includes(venue.name) ? title : `${title} | ${venue.name}`;
}

function setMeta(selector: string, attr: 'content' | 'href', value: string, create: () => HTMLElement) {
  let el = document.head.querySelector(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

/** Keeps the document's title, description and canonical URL in step with the route. */
export function RouteMeta({ route }: { route: RouteDef }) {
  const [pathname] = useLocation();
  useEffect(() => {
    document.title = documentTitle(route.title);
    setMeta('meta[name="description"]', 'content', route.description, () => {
      const m = document.createElement('meta');
      m.name = 'description';
      return m;
    });
    setMeta('link[rel="canonical"]', 'href', new URL(pathname, window.location.origin).toString(), () => {
      const l = document.createElement('link');
      l.rel = 'canonical';
      return l;
    });
  }, [route, pathname]);
  return null;
}
