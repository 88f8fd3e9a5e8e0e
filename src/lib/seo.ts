/**
 * Search-engine and social-card helpers, pure so the browser (RouteMeta), the build scripts
 * (sitemap, prerender) and the tests compute exactly the same head for a page.
 */

/** Where the site lives when nothing else says so (`npm start` serves it here). */
export const DEFAULT_SITE_URL = 'http://127.0.0.1:8090';

export type JsonLd = Record<string, unknown>;

export interface HeadImage {
  /** A site path ('/icons/icon-512.png') or an absolute URL. */
  src: string;
  alt: string;
  width: number;
  height: number;
  /** MIME type, for og:image:type. */
  type?: string;
}

/** Everything the <head> of one page says about it. */
export interface PageHead {
  /** The full document title, site name included. */
  title: string;
  description: string;
  /** Canonical path of the page ('/faq'). */
  path: string;
  ogType: 'website' | 'article';
  image: HeadImage;
  /** Pages that must stay out of search results (thank-you pages, admin, 404). */
  noindex?: boolean;
  article?: { publishedTime: string; modifiedTime?: string; author: string; section?: string };
  jsonLd: JsonLd[];
}

export interface HeadTag {
  tag: 'meta' | 'link';
  /** The attribute that identifies the tag ('name', 'property' or 'rel') and its value. */
  key: { attr: 'name' | 'property' | 'rel'; value: string };
  attrs: Record<string, string>;
}

/** 'https://example.com/' → 'https://example.com'. Throws on something that is not an http(s) URL. */
export function normalizeSiteUrl(url: string): string {
  const parsed = new URL(url.trim());
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`SITE_URL must be an http(s) URL, got ${url}`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The configured site URL when there is one, else the fallback (the page's own origin). */
export function resolveSiteUrl(configured: string | undefined | null, fallback: string = DEFAULT_SITE_URL): string {
  const value = configured?.trim();
  return normalizeSiteUrl(value ? value : fallback);
}

/**
 * The site URL in the browser: VITE_SITE_URL baked in at build time (set it to the public
 * address in production), else the origin the page was served from.
 */
export function clientSiteUrl(): string {
  const origin = typeof window === 'undefined' ? DEFAULT_SITE_URL : window.location.origin;
  return resolveSiteUrl(import.meta.env.VITE_SITE_URL as string | undefined, origin);
}

/** '/faq/?x=1#a' → '/faq'; '' → '/'. Canonical paths never end in a slash (except the home page). */
export function canonicalPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  if (!trimmed) return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A site path or absolute URL as an absolute URL on the site. */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = normalizeSiteUrl(siteUrl);
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${base}${path}`;
}

/** 'About Us' → 'About Us | Tiny Cupboard Games'; a title that already names the site is kept. */
export function documentTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/**
 * Cuts a description to at most `max` characters at a word boundary, with an ellipsis, so
 * search results never show a sentence chopped mid-word.
 */
export function clampDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The meta and link tags of a page: description, robots, canonical, Open Graph and Twitter. */
export function headTags(head: PageHead, siteUrl: string, siteName: string): HeadTag[] {
  const url = absoluteUrl(canonicalPath(head.path), siteUrl);
  const image = absoluteUrl(head.image.src, siteUrl);
  const tags: HeadTag[] = [];
  const name = (key: string, content: string) =>
    tags.push({ tag: 'meta', key: { attr: 'name', value: key }, attrs: { name: key, content } });
  const property = (key: string, content: string) =>
    tags.push({ tag: 'meta', key: { attr: 'property', value: key }, attrs: { property: key, content } });

  name('description', head.description);
  if (head.noindex) name('robots', 'noindex, follow');
  tags.push({ tag: 'link', key: { attr: 'rel', value: 'canonical' }, attrs: { rel: 'canonical', href: url } });

  property('og:site_name', siteName);
  property('og:locale', 'en_US');
  property('og:type', head.ogType);
  property('og:title', head.title);
  property('og:description', head.description);
  property('og:url', url);
  property('og:image', image);
  property('og:image:alt', head.image.alt);
  property('og:image:width', String(head.image.width));
  property('og:image:height', String(head.image.height));
  if (head.image.type) property('og:image:type', head.image.type);
  if (head.article) {
    property('article:published_time', head.article.publishedTime);
    property('article:modified_time', head.article.modifiedTime ?? head.article.publishedTime);
    property('article:author', head.article.author);
    if (head.article.section) property('article:section', head.article.section);
  }

  // Wide images make a large card; square ones (the app icon) a small one.
  name('twitter:card', head.image.width >= head.image.height * 1.5 ? 'summary_large_image' : 'summary');
  name('twitter:title', head.title);
  name('twitter:description', head.description);
  name('twitter:image', image);
  name('twitter:image:alt', head.image.alt);
  return tags;
}

/**
 * JSON for a <script type="application/ld+json">: characters that could end the script
 * element or confuse an HTML parser are written as \u escapes, so any text is safe inside it.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The attribute marking tags this module manages, so they can be replaced on navigation. */
export const MANAGED_ATTR = 'data-page-head';

/** The whole head of a page as HTML, for prerendered files. Mirrors what RouteMeta does in the browser. */
export function renderHeadHtml(head: PageHead, siteUrl: string, siteName: string): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`];
  for (const tag of headTags(head, siteUrl, siteName)) {
    const attrs = Object.entries(tag.attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ');
    lines.push(`<${tag.tag} ${attrs} ${MANAGED_ATTR}="">`);
  }
  for (const data of head.jsonLd) {
    lines.push(`<script type="application/ld+json" ${MANAGED_ATTR}="">${serializeJsonLd(data)}</script>`);
  }
  return lines.join('\n    ');
}

export interface SitemapEntry {
  path: string;
  /** yyyy-MM-dd */
  lastmod?: string;
}

/** A sitemaps.org urlset with absolute URLs, one per path (duplicates dropped, order kept). */
export function renderSitemap(entries: SitemapEntry[], siteUrl: string): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = absoluteUrl(canonicalPath(entry.path), siteUrl);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const lastmod = entry.lastmod ? `\n    <lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : '';
    urls.push(`  <url>\n    <loc>${escapeHtml(loc)}</loc>${lastmod}\n  </url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public is crawlable; the staff area, the API and PocketBase's dashboard are not. */
export function renderRobots(siteUrl: string, disallow: string[]): string {
  const lines = ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`, ''];
  return lines.join('\n');
}
