/**
 * The <head> of every page: title, description, canonical URL, social card and structured
 * data, from the route table and the content files. RouteMeta applies it in the browser and
 * scripts/prerender.mjs writes it into each prerendered file, so both always agree.
 */
import { articles, getArticle } from '../../content/blog';
import { faq } from '../../content/faq';
import { ogImage } from '../../content/media';
import { venue } from '../../content/venue';
import { canonicalPath, clampDescription, documentTitle, type JsonLd, type PageHead } from '../../lib/seo';
import { blogJsonLd, blogPostingJsonLd, breadcrumbJsonLd, faqJsonLd, venueJsonLd, websiteJsonLd } from './jsonLd';

/** The part of a route definition the head needs (routes.ts's RouteDef has more). */
export interface RouteInfo {
  path: string;
  title: string;
  description: string;
  public: boolean;
}

export const NOT_FOUND_TITLE = 'Oops! Page not found';

const title = (text: string) => documentTitle(text, venue.name);

function base(route: Pick<RouteInfo, 'title' | 'description'>, pathname: string): PageHead {
  return {
    title: title(route.title),
    description: clampDescription(route.description),
    path: canonicalPath(pathname),
    ogType: 'website',
    image: ogImage,
    jsonLd: [],
  };
}

/** The head of the 404 page: never indexed. */
export function notFoundHead(pathname: string): PageHead {
  return {
    ...base({ title: NOT_FOUND_TITLE, description: `This page does not exist. ${venue.tagline}` }, pathname),
    noindex: true,
  };
}

/** The route's structured data, by path. */
function structuredData(path: string, siteUrl: string): JsonLd[] {
  switch (path) {
    case '/':
      return [venueJsonLd(siteUrl), websiteJsonLd(siteUrl)];
    case '/about':
    case '/menu':
      return [venueJsonLd(siteUrl)];
    case '/faq':
      return [faqJsonLd(faq, siteUrl)];
    case '/blog':
      return [blogJsonLd(articles, siteUrl)];
    default:
      return [];
  }
}

/**
 * The head for a pathname matched by `route` (null when nothing matched: the 404 page).
 * Blog articles take their title and description from the article; an unknown slug is a 404.
 */
export function pageHead(route: RouteInfo | null, pathname: string, siteUrl: string): PageHead {
  if (!route) return notFoundHead(pathname);

  if (route.path === '/blog/:slug') {
    const slug = canonicalPath(pathname).split('/').pop() ?? '';
    const article = getArticle(slug);
    if (!article) return notFoundHead(pathname);
    return {
      ...base(article, pathname),
      ogType: 'article',
      article: { publishedTime: article.published, author: article.author, section: 'Blog' },
      jsonLd: [
        blogPostingJsonLd(article, siteUrl, article.wordCount),
        breadcrumbJsonLd(
          [
            { name: 'Home', path: '/' },
            { name: 'Blog', path: '/blog' },
            { name: article.title, path: `/blog/${article.slug}` },
          ],
          siteUrl,
        ),
      ],
    };
  }

  return {
    ...base(route, pathname),
    noindex: !route.public || undefined,
    jsonLd: route.public ? structuredData(route.path, siteUrl) : [],
  };
}
