import { describe, expect, it } from 'vitest';
import { parse as parsePattern } from 'regexparam';
import { notFoundRoute, pageSource, parseRoutePattern, routeForPath, routes } from './routes';

// Every page file, to check that each route's name and loader point at the same module.
const pageFiles = import.meta.glob<{ default: unknown }>('../pages/*Page.tsx');

describe('the route table', () => {
  it("names each route's page as its loader loads it (the prerenderer finds chunks by the name)", async () => {
    for (const route of [...routes, notFoundRoute]) {
      const byName = pageFiles[`../pages/${route.page}.tsx`];
      expect(byName, `${route.page} has no file in src/pages`).toBeDefined();
      expect((await route.load()).default).toBe((await byName!()).default);
    }
  });

  it('routes every page file, the 404 page aside', () => {
    const routed = new Set([...routes, notFoundRoute].map(pageSource));
    const files = Object.keys(pageFiles).map((file) => file.replace('../', 'src/'));
    expect(files.filter((file) => !routed.has(file))).toEqual([]);
  });

  it('matches paths as the router does', () => {
    expect(routeForPath('/blog/some-article')?.page).toBe('BlogArticlePage');
    expect(routeForPath('/cancel/abc')?.page).toBe('CancelReservationPage');
    expect(routeForPath('/waitlist/abc')?.page).toBe('WaitlistPage');
    expect(routeForPath('/nowhere')).toBeNull();
  });
});

describe('parseRoutePattern (the parser the app gives wouter)', () => {
  it('parses each pattern once and answers later renders from memory', () => {
    const first = parseRoutePattern('/blog/:slug');
    expect(parseRoutePattern('/blog/:slug')).toBe(first);
    expect(parseRoutePattern('/blog/:slug', true)).not.toBe(first);
  });

  it('matches as regexparam does', () => {
    for (const [pattern, path] of [['/blog/:slug', '/blog/party-games'], ['/menu', '/menu'], ['/menu', '/menu/more']] as const) {
      expect(parseRoutePattern(pattern).pattern.exec(path)?.[0]).toBe(parsePattern(pattern).pattern.exec(path)?.[0]);
    }
    expect(parseRoutePattern('/blog/:slug').keys).toEqual(['slug']);
  });
});
