/**
 * Search-engine data end to end: every public route has its own title, description and
 * canonical URL with Open Graph and Twitter tags; JSON-LD on /, /faq, an article and the
 * events page parses with the expected @type; sitemap.xml lists every public route and
 * robots.txt points to it; pages outside the index say noindex.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/content/blog';
import { venue } from '../../src/content/venue';
import { gotoAndWait, launchBrowser } from '../support/browser';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
import { publicPages } from '../support/siteRoutes';

let server: StartedPocketBase;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPocketBase(), launchBrowser()]);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

/** Loads a page and waits until its head (applied after the route's chunk loads) names this path. */
async function headOf(p: Page, path: string): Promise<Head> {
  await gotoAndWait(p, `${server.url}${path}`);
  await p.waitForFunction(
    (expected) => {
      const url = document.querySelector('meta[property="og:url"]')?.getAttribute('content');
      return !!url && new URL(url).pathname === expected && document.querySelector('meta[name="twitter:card"]') !== null;
    },
    path,
  );
  return p.evaluate(() => {
    const content = (sel: string) => document.querySelector(sel)?.getAttribute('content') ?? null;
    const group = (attr: string, prefix: string) =>
      Object.fromEntries(
        Array.from(document.querySelectorAll(`meta[${attr}^="${prefix}"]`)).map((m) => [m.getAttribute(attr)!, m.getAttribute('content') ?? '']),
      );
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: content('meta[name="robots"]'),
      og: group('property', 'og:'),
      twitter: group('name', 'twitter:'),
      jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) => JSON.parse(s.textContent ?? '')),
    };
  });
}

const types = (head: Head) => head.jsonLd.map((data) => data['@type']);

describe('head of every public page', () => {
  it('has a unique title, description and canonical URL, with Open Graph and Twitter tags', async () => {
    const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
    for (const { path } of publicPages()) {
      const head = await headOf(page, path);
      expect(head.title, path).toMatch(new RegExp(`${venue.name}$`));
      expect(head.description?.length ?? 0, `${path} description`).toBeGreaterThan(40);
      expect(head.description!.length, `${path} description`).toBeLessThanOrEqual(160);
      expect(seen.title.get(head.title), `${path} title is unique`).toBeUndefined();
      expect(seen.description.get(head.description!), `${path} description is unique`).toBeUndefined();
      seen.title.set(head.title, path);
      seen.description.set(head.description!, path);

      // Canonical: absolute, this path, no trailing slash; VITE_SITE_URL or this origin.
      const canonical = new URL(head.canonical!);
      expect(canonical.pathname, `${path} canonical`).toBe(path);
      expect(canonical.search + canonical.hash).toBe('');
      expect(head.og['og:url']).toBe(head.canonical);
      expect(head.og['og:title']).toBe(head.title);
      expect(head.og['og:description']).toBe(head.description);
      expect(head.og['og:type']).toBe(path.startsWith('/blog/') ? 'article' : 'website');
      expect(head.og['og:image']).toMatch(/^https?:\/\/.+\/media\/og-card\.jpg$/);
      expect(head.og['og:site_name']).toBe(venue.name);
      expect(head.twitter['twitter:card']).toBe('summary_large_image');
      expect(head.twitter['twitter:title']).toBe(head.title);
      expect(head.robots, `${path} is indexable`).toBeNull();
    }
    // The social card image is served.
    const image = await fetch(`${server.url}/media/og-card.jpg`);
    expect(image.headers.get('content-type')).toMatch(/image\/jpeg/);
  });

  it('tells search engines not to index the 404 page, thank-you pages or an unknown article', async () => {
    for (const path of ['/blog/not-an-article', '/no-such-page', '/reservation-thank-you', '/admin/login']) {
      const head = await headOf(page, path);
      expect(head.robots, path).toBe('noindex, follow');
    }
  });
});

describe('structured data (JSON-LD)', () => {
  it('describes the venue as a bar on the home page', async () => {
    const head = await headOf(page, '/');
    expect(types(head)).toContain('BarOrPub');
    const bar = head.jsonLd.find((d) => d['@type'] === 'BarOrPub')!;
    expect(bar).toMatchObject({
      '@context': 'https://schema.org',
      name: venue.name,
      address: { '@type': 'PostalAddress', streetAddress: venue.address.street, addressLocality: venue.address.locality, postalCode: venue.address.postalCode },
      geo: { '@type': 'GeoCoordinates', latitude: venue.address.geo.latitude, longitude: venue.address.geo.longitude },
      openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', opens: venue.hours.opens, closes: venue.hours.closes }],
    });
  });

  it('lists the 17 questions as an FAQPage on /faq', async () => {
    const head = await headOf(page, '/faq');
    expect(types(head)).toEqual(['FAQPage']);
    const faqPage = head.jsonLd[0] as { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] };
    expect(faqPage.mainEntity).toHaveLength(17);
    for (const q of faqPage.mainEntity) {
      expect(q['@type']).toBe('Question');
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(40);
    }
  });

  it('marks an article up as a BlogPosting', async () => {
    const article = articles.find((a) => a.slug === 'comedy-games-combo')!;
    const head = await headOf(page, `/blog/${article.slug}`);
    expect(types(head)).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({
      headline: article.title,
      description: article.description,
      datePublished: article.published,
      author: { name: article.author },
      publisher: { '@type': 'BarOrPub', name: venue.name },
    });
    await expect(page.locator('meta[property="article:published_time"]').getAttribute('content')).resolves.toBe(article.published);
  });

  it('adds the upcoming special events as Events on /meetups-groups', async () => {
    await headOf(page, '/meetups-groups');
    const events = await page
      .waitForFunction(() => {
        const data = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) => JSON.parse(s.textContent ?? '{}'));
        const found = data.filter((d) => d['@type'] === 'Event');
        return found.length ? found : null;
      })
      .then((handle) => handle.jsonValue() as Promise<{ name: string; startDate: string; location: { address: { streetAddress: string } } }[]>);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/);
      expect(event.location.address.streetAddress).toBe(venue.address.street);
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public route, and nothing private, with absolute URLs', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\//);
    const paths = locs.map((loc) => new URL(loc).pathname);
    expect(paths.sort()).toEqual(publicPages().map((p) => p.path).sort());
    expect(paths).not.toContain('/admin/login');
  });

  it('allows crawling, keeps staff and API paths out and points to the sitemap', async () => {
    const txt = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Disallow: \/admin\/$/m);
    expect(txt).toMatch(/^Disallow: \/api\/$/m);
    expect(txt).toMatch(/^Disallow: \/offline-pages\/$/m);
    expect(txt).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
