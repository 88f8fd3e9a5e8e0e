/**
 * The site's pages as the end-to-end tests visit them, read from the route table itself so a
 * new route is checked without touching the tests. `:slug` expands to every blog article.
 */
import { routes } from '../../src/app/routes';
import { articles } from '../../src/content/blog';

export interface SitePage {
  /** The route table's path ('/blog/:slug'). */
  route: string;
  /** A concrete URL path to visit ('/blog/party-games'). */
  path: string;
  public: boolean;
}

/** Sample values for parameters other than the blog slug. */
const SAMPLE_PARAMS: Record<string, string> = { token: 'not-a-real-token-123' };

export function sitePages(): SitePage[] {
  return routes.flatMap((route): SitePage[] => {
    if (route.path === '/blog/:slug') {
      return articles.map((article) => ({ route: route.path, path: `/blog/${article.slug}`, public: route.public }));
    }
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'sample');
    return [{ route: route.path, path, public: route.public }];
  });
}

export const publicPages = () => sitePages().filter((page) => page.public);
