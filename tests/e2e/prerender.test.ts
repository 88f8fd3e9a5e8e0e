/**
 * Public pages arrive as real HTML (ISSUE 10): every public route is served its own prerendered
 * page, readable with scripts off (link previews, search engines), that hydrates without a word in
 * the console and without moving; unknown paths are real 404s; client-only routes still work; the
 * build's brotli and gzip copies are served to the clients that accept them.
 */
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTitle } from '../../src/app/RouteMeta';
import { routeForPath } from '../../src/app/routes';
import { getArticle } from '../../src/content/blog';
import { launchBrowser, viewports } from '../support/browser';
import { ensureBuilt } from '../support/e2e-server';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
// @ts-expect-error: plain .mjs build scripts without types
import { INLINED_TYPE } from '../../scripts/prerender.mjs';
import { publicPages } from '../support/siteRoutes';

let server: StartedPocketBase;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  [server, browser] = await Promise.all([startPocketBase(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1] ?? null;

function expectedTitle(path: string): string {
  const article = path.startsWith('/blog/') ? getArticle(path.slice('/blog/'.length)) : undefined;
  return documentTitle(article?.title ?? routeForPath(path)!.title);
}

describe('every public page as served, before any script runs', () => {
  it.each(publicPages().map((p) => p.path))('%s has its own h1, title, description, canonical and og:title', async (path) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    const html = body.toString('utf8');
    const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    expect(root, 'the page content is inside #root').toMatch(/<h1[\s>]/);
    expect(root).toMatch(/<footer/);
    const title = attr(html, /<title>([^<]*)<\/title>/);
    expect(title?.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'")).toBe(expectedTitle(path));
    expect(html.match(/<title>/g), 'one title').toHaveLength(1);
    expect(attr(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(40);
    expect(html.match(/<meta name="description"/g), 'one description').toHaveLength(1);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toMatch(new RegExp(`^https?://[^/]+${path === '/' ? '/?' : path}$`));
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
    expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^https?:\/\//);
    expect(html).not.toContain('name="robots" content="noindex');
  });

  it('shows each page its own content with JavaScript off (what a link preview reads)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.phone });
    const page = await context.newPage();
    const h1s = new Map<string, string>();
    for (const path of ['/', '/menu', '/faq', '/board-game-night', '/meetups-groups', '/blog/party-games']) {
      await page.goto(`${server.url}${path}`);
      expect(await page.title()).toBe(expectedTitle(path));
      const h1 = (await page.locator('main h1').first().textContent()) ?? '';
      expect(h1.length, path).toBeGreaterThan(3);
      h1s.set(path, h1);
    }
    expect(new Set(h1s.values()).size, 'no two pages share the home page h1').toBe(h1s.size);
    await page.goto(`${server.url}/faq`);
    // The answers are in the HTML, not fetched later.
    expect(await page.locator('main').textContent()).toMatch(/21\+|age/i);
    await context.close();
  });

  it('/meetups-groups carries the weekly schedule as known at build time, and hydration keeps it in place', async () => {
    // The server's own list (the seed every fresh server has), as the build read it.
    const weekly = (await (await fetch(`${server.url}/api/collections/events/records?filter=${encodeURIComponent("kind = 'weekly'")}&perPage=200`)).json()) as {
      items: { title: string; open_tables: boolean }[];
    };
    const hosted = weekly.items.filter((e) => !e.open_tables).map((e) => e.title);
    expect(hosted.length).toBeGreaterThan(3);

    const off = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.phone });
    const page = await off.newPage();
    await page.goto(`${server.url}/meetups-groups`);
    const weeklySection = page.locator('section[aria-labelledby="weekly-heading"]');
    for (const title of hosted) await expect(weeklySection.textContent()).resolves.toContain(title);
    await expect(weeklySection.textContent()).resolves.not.toContain('Loading the weekly schedule');
    await off.close();

    // With scripts on, the schedule never gives way to a loading note while the live list arrives.
    const on = await browser.newContext({ viewport: viewports.phone, serviceWorkers: 'block' });
    const live = await on.newPage();
    await live.addInitScript(() => {
      const w = window as unknown as { __sawLoading: boolean };
      w.__sawLoading = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading the weekly schedule')) w.__sawLoading = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await live.goto(`${server.url}/meetups-groups`, { waitUntil: 'networkidle' });
    await live.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await live.waitForTimeout(500);
    expect(await live.evaluate(() => (window as unknown as { __sawLoading: boolean }).__sawLoading)).toBe(false);
    for (const title of hosted) await expect(live.locator('section[aria-labelledby="weekly-heading"]').textContent()).resolves.toContain(title);
    await on.close();
  });
});

describe('hydration', () => {
  const paths = publicPages().map((p) => p.path);

  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('takes over every public page at %s width with nothing in the console and no layout shift', async (_name, viewport) => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${page.url()} ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
    for (const path of paths) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      // Hydrated: React attached its handlers to the prerendered root.
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
      await page.waitForTimeout(300);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, `${path} CLS`).toBeLessThanOrEqual(0.02);
    }
    // Playwright's own notice that it blocked the service worker is not the page's doing.
    expect(problems.filter((p) => !p.includes('Service Worker registration blocked'))).toEqual([]);
    await context.close();
  });
});

describe('the order a page loads in', () => {
  it.each(['/', '/menu', '/faq', '/board-game-night'])('%s asks for the app’s code only after its first contentful paint', async (path) => {
    const context = await browser.newContext({ viewport: viewports.phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    const { paint, firstAppRequest } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      firstAppRequest: Math.min(...performance.getEntriesByType('resource').filter((r) => /\/assets\/(framework|boot)-/.test(r.name)).map((r) => r.startTime)),
    }));
    expect(Number.isFinite(firstAppRequest), 'the app’s code was requested').toBe(true);
    expect(firstAppRequest).toBeGreaterThanOrEqual(paint);
    await context.close();
  });
});

describe('status codes and app routes', () => {
  it('answers an unknown path with the 404 page and HTTP 404', async () => {
    for (const path of ['/no-such-page', '/blog/no-such-article', '/menu/extra']) {
      const { status, body, headers } = await get(path);
      expect(status, path).toBe(404);
      expect(headers['content-type']).toMatch(/text\/html/);
      const html = body.toString('utf8');
      expect(html).toContain('Oops! Page not found');
      expect(html).toContain('name="robots" content="noindex');
    }
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Oops! Page not found');
    await page.getByText('/no-such-page').waitFor();
    await context.close();
  });

  it('serves the staff dashboard, the kiosk and the cancel page as app routes that are never indexed', async () => {
    for (const path of ['/admin/dashboard', '/admin/login', '/kiosk', '/cancel/abc', '/reservation-thank-you']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      const html = body.toString('utf8');
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain('name="robots" content="noindex"');
    }
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}/kiosk`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${server.url}/admin/login`);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Staff Login');
    await context.close();
  });
});

describe('precompressed files', () => {
  it('sends brotli to a client that accepts it, gzip to one that only accepts gzip, and plain bytes otherwise', async () => {
    const home = (await get('/')).body.toString('utf8');
    // React's chunk: the largest script every page loads (the entry itself is a tiny starter).
    const entry = /<link rel="modulepreload"[^>]*href="(\/assets\/framework-[^"]+\.js)"/.exec(home)?.[1];
    expect(entry).toBeTruthy();
    const plain = await get(entry!);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(entry!, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await get(entry!, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const page = await get('/menu', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString('utf8')).toContain('Drink and Food Menu');

    const notFound = await get('/nope', { 'Accept-Encoding': 'br' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('br');
  });
});

describe('styles on a page opened directly', () => {
  it('apply in the same order as when the app loads the page: a page’s own rules refine the shared layout’s', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/board-game-night`);
    // The form card is the layout's shared card with the page's own gradient over it
    // (BoardGameNight.module.css .formCard, same specificity as layout.module.css .card).
    const card = page.locator('#reserve');
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    // Every page: its own stylesheet (named after the page) is the last one linked.
    for (const path of ['/', '/board-game-night', '/menu', '/faq']) {
      const { body } = await get(path);
      const sheets = [...body.toString('utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
      const own = routeForPath(path)!.page;
      if (sheets.some((s) => s.startsWith(`${own}-`))) expect(sheets.at(-1), path).toMatch(new RegExp(`^${own}-`));
    }
    await context.close();
  });

  it('are inline in the HTML, so a phone paints from the HTML alone, and the app never links them again', async () => {
    for (const { path } of publicPages()) {
      const html = (await get(path)).body.toString('utf8');
      const inline = [...html.matchAll(/<style data-href="\/assets\/([^"]+\.css)">/g)].map((m) => m[1]!);
      expect(inline.length, path).toBeGreaterThan(0);
      // Beside each, a link that tells Vite's preloader the file is in, of a type no browser
      // fetches (Chromium 148–150 fetch a disabled one).
      const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(links.filter((link) => !link.includes(` type="${INLINED_TYPE}"`)), path).toEqual([]);
      expect(links.map((link) => /href="\/assets\/([^"]+)"/.exec(link)![1]), path).toEqual(inline);
    }
    // Opened on /menu, on to /board-game-night and back, in the app: no shared sheet is fetched,
    // and /menu's own sheet still comes after them (the order a page's rules need to refine them).
    const context = await browser.newContext({ viewport: viewports.phone });
    const page = await context.newPage();
    await page.goto(`${server.url}/menu`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('main a[href="/board-game-night"]').first().click();
    await page.waitForURL('**/board-game-night');
    await page.locator('main h1').filter({ hasText: /board game/i }).first().waitFor();
    await page.goBack();
    await page.waitForURL('**/menu');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.css')));
    const inlined = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].map((s) => s.getAttribute('data-href')!));
    expect(fetched.filter((url) => inlined.some((href) => url.endsWith(href)))).toEqual([]);
    const order = await page.evaluate(() => [...document.styleSheets].filter((s) => !s.disabled).map((s) => (s.ownerNode as Element).getAttribute('data-href') ?? (s.ownerNode as HTMLLinkElement).href));
    const menuSheet = order.indexOf(inlined.at(-1)!);
    expect(menuSheet).toBeGreaterThan(order.findIndex((href) => /\/app-/.test(href ?? '')));
    await context.close();
  });
});
