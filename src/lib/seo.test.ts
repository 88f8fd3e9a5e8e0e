import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  canonicalPath,
  clampDescription,
  documentTitle,
  escapeHtml,
  headTags,
  normalizeSiteUrl,
  renderHeadHtml,
  renderRobots,
  renderSitemap,
  resolveSiteUrl,
  serializeJsonLd,
  type PageHead,
} from './seo';

const head: PageHead = {
  title: 'About Us | Tiny Cupboard Games',
  description: 'A bar with games & "fun".',
  path: '/about/',
  ogType: 'website',
  image: { src: '/media/og-card.jpg', alt: 'Card', width: 1200, height: 630, type: 'image/jpeg' },
  jsonLd: [{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }],
};

/** The content (or href, for a link) of the tag identified by `key`. */
function attr(tags: ReturnType<typeof headTags>, key: string): string | undefined {
  const tag = tags.find((t) => t.key.value === key);
  return tag?.attrs[tag.tag === 'link' ? 'href' : 'content'];
}

describe('site URL and paths', () => {
  it('normalizes the site URL and rejects non-http URLs', () => {
    expect(normalizeSiteUrl('https://example.com/')).toBe('https://example.com');
    expect(normalizeSiteUrl(' https://example.com/sub/ ')).toBe('https://example.com/sub');
    expect(() => normalizeSiteUrl('ftp://example.com')).toThrow('http');
    expect(() => normalizeSiteUrl('not a url')).toThrow();
  });

  it('prefers the configured site URL and falls back to the origin', () => {
    expect(resolveSiteUrl('https://tinycupboard.games/', 'http://localhost:5173')).toBe('https://tinycupboard.games');
    expect(resolveSiteUrl('', 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(resolveSiteUrl(undefined)).toBe('http://127.0.0.1:8090');
  });

  it('makes canonical paths without query, hash or trailing slash', () => {
    expect(canonicalPath('/faq/?x=1#a')).toBe('/faq');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('')).toBe('/');
    expect(canonicalPath('blog/party-games//')).toBe('/blog/party-games');
  });

  it('builds absolute URLs and keeps absolute ones', () => {
    expect(absoluteUrl('/menu', 'https://x.test/')).toBe('https://x.test/menu');
    expect(absoluteUrl('menu', 'https://x.test')).toBe('https://x.test/menu');
    expect(absoluteUrl('https://cdn.test/a.png', 'https://x.test')).toBe('https://cdn.test/a.png');
  });
});

describe('titles and descriptions', () => {
  it('adds the site name once', () => {
    expect(documentTitle('FAQ', 'Tiny Cupboard Games')).toBe('FAQ | Tiny Cupboard Games');
    expect(documentTitle('Tiny Cupboard Games blog', 'Tiny Cupboard Games')).toBe('Tiny Cupboard Games blog');
  });

  it('clamps long descriptions at a word boundary', () => {
    const long = 'word '.repeat(60);
    const clamped = clampDescription(long, 160);
    expect(clamped.length).toBeLessThanOrEqual(160);
    expect(clamped.endsWith('word…')).toBe(true);
    expect(clampDescription('  short   text ')).toBe('short text');
  });
});

describe('head tags', () => {
  const tags = headTags(head, 'https://x.test', 'Tiny Cupboard Games');

  it('has description, canonical, Open Graph and Twitter tags with absolute URLs', () => {
    expect(attr(tags, 'description')).toBe(head.description);
    expect(attr(tags, 'canonical')).toBe('https://x.test/about');
    expect(attr(tags, 'og:url')).toBe('https://x.test/about');
    expect(attr(tags, 'og:title')).toBe(head.title);
    expect(attr(tags, 'og:type')).toBe('website');
    expect(attr(tags, 'og:image')).toBe('https://x.test/media/og-card.jpg');
    expect(attr(tags, 'og:image:type')).toBe('image/jpeg');
    expect(attr(tags, 'og:site_name')).toBe('Tiny Cupboard Games');
    expect(attr(tags, 'twitter:card')).toBe('summary_large_image');
    expect(attr(tags, 'twitter:image')).toBe('https://x.test/media/og-card.jpg');
    expect(tags.find((t) => t.key.value === 'robots')).toBeUndefined();
    expect(new Set(tags.map((t) => `${t.key.attr}=${t.key.value}`)).size).toBe(tags.length);
  });

  it('marks noindex pages, describes articles and uses a small card for a square image', () => {
    const article = headTags(
      {
        ...head,
        noindex: true,
        ogType: 'article',
        article: { publishedTime: '2026-01-02', author: 'Team' },
        image: { src: '/icons/icon-512.png', alt: 'Logo', width: 512, height: 512 },
      },
      'https://x.test',
      'Site',
    );
    expect(attr(article, 'robots')).toBe('noindex, follow');
    expect(attr(article, 'article:published_time')).toBe('2026-01-02');
    expect(attr(article, 'article:modified_time')).toBe('2026-01-02');
    expect(attr(article, 'twitter:card')).toBe('summary');
  });
});

describe('serialization', () => {
  it('writes JSON-LD that cannot close its script element and still parses', () => {
    const json = serializeJsonLd(head.jsonLd[0]!);
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json)).toEqual(head.jsonLd[0]);
    expect(serializeJsonLd({ a: 'x\u2028y & z' })).toBe('{"a":"x\\u2028y \\u0026 z"}');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('renders the whole head as HTML for prerendered pages', () => {
    const html = renderHeadHtml(head, 'https://x.test', 'Tiny Cupboard Games');
    expect(html).toContain('<title>About Us | Tiny Cupboard Games</title>');
    expect(html).toContain('<meta name="description" content="A bar with games &amp; &quot;fun&quot;." data-page-head="">');
    expect(html).toContain('<link rel="canonical" href="https://x.test/about" data-page-head="">');
    expect(html).toContain('<script type="application/ld+json" data-page-head="">{"@type":"Thing"');
    expect(html).not.toContain('</script><script>');
  });

  it('renders a sitemap with absolute, unique URLs', () => {
    const xml = renderSitemap([{ path: '/' }, { path: '/faq' }, { path: '/faq/' }, { path: '/blog/a', lastmod: '2026-01-02' }], 'https://x.test/');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<loc>/g)).toHaveLength(3);
    expect(xml).toContain('<loc>https://x.test/</loc>');
    expect(xml).toContain('<loc>https://x.test/faq</loc>');
    expect(xml).toContain('<loc>https://x.test/blog/a</loc>\n    <lastmod>2026-01-02</lastmod>');
  });

  it('renders robots.txt with the sitemap', () => {
    const txt = renderRobots('https://x.test', ['/admin/', '/api/']);
    expect(txt).toBe('User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: https://x.test/sitemap.xml\n');
  });
});
