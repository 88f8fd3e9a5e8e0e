import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { venue } from '../content/venue';
import { MANAGED_ATTR, canonicalPath, clampDescription, clientSiteUrl, documentTitle as withSiteName, headTags, type JsonLd, type PageHead } from '../lib/seo';
import { ogImage } from '../content/media';
import type { RouteDef } from './routes';

export function documentTitle(title: string): string {
  return withSiteName(title, venue.name);
}

const JSON_LD = 'script[type="application/ld+json"]';

/** Writes a page's head into the document, replacing what the previous page managed. */
export function applyHead(head: PageHead, siteUrl: string, extraJsonLd: JsonLd[] = []): void {
  document.title = head.title;
  const keep = new Set<Element>();
  for (const tag of headTags(head, siteUrl, venue.name)) {
    const selector = `${tag.tag}[${tag.key.attr}="${tag.key.value}"]`;
    let el = document.head.querySelector(selector);
    if (!el) {
      el = document.createElement(tag.tag);
      document.head.appendChild(el);
    }
    for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
    el.setAttribute(MANAGED_ATTR, '');
    keep.add(el);
  }
  document.head.querySelectorAll(`[${MANAGED_ATTR}]:not(script)`).forEach((el) => {
    if (!keep.has(el)) el.remove();
  });
  document.head.querySelectorAll(`${JSON_LD}[${MANAGED_ATTR}]`).forEach((el) => el.remove());
  for (const data of [...head.jsonLd, ...extraJsonLd]) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(MANAGED_ATTR, '');
    script.textContent = JSON.stringify(data);
    document.head.appendChild(script);
  }
}

/**
 * Keeps the document's head in step with the route: title, description, canonical URL (from
 * VITE_SITE_URL, else this origin), Open Graph and Twitter tags and JSON-LD. The full head
 * (FAQ and article data) loads with the seo chunk; a basic head is written at once.
 */
/** True when the head already describes this path: the prerendered page the guest landed on. */
function headIsFor(pathname: string): boolean {
  const canonical = document.querySelector(`link[rel="canonical"][${MANAGED_ATTR}]`)?.getAttribute('href');
  if (!canonical) return false;
  try {
    return new URL(canonical, window.location.href).pathname === canonicalPath(pathname);
  } catch {
    return false;
  }
}

export function RouteMeta({ route }: { route: RouteDef | null }) {
  const [pathname] = useLocation();
  useEffect(() => {
    const siteUrl = clientSiteUrl();
    let cancelled = false;
    const controller = new AbortController();
    // A prerendered page arrives with its full head: only live data (upcoming events) is added.
    if (headIsFor(pathname) && route?.path !== '/meetups-groups') return;
    if (route && !route.path.includes(':')) {
      applyHead(
        {
          title: documentTitle(route.title),
          description: clampDescription(route.description),
          path: canonicalPath(pathname),
          ogType: 'website',
          image: ogImage,
          noindex: !route.public || undefined,
          jsonLd: [],
        },
        siteUrl,
      );
      // Staff, kiosk and thank-you pages are never indexed: their basic head is all they need,
      // so they do not load the search-engine data (FAQ, articles) at all.
      if (!route.public) return;
    }
    void import('../features/seo').then(async ({ pageHead, loadUpcomingEventsJsonLd }) => {
      if (cancelled) return;
      const head = pageHead(route, pathname, siteUrl);
      applyHead(head, siteUrl);
      if (route?.path === '/meetups-groups') {
        const events = await loadUpcomingEventsJsonLd(siteUrl, controller.signal);
        if (!cancelled && events.length) applyHead(head, siteUrl, events);
      }
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [route, pathname]);
  return null;
}
