/**
 * The installed site offline, with the real service worker (ISSUE 10): each public page is
 * answered with its own prerendered HTML (never the home page's), an uncached address shows the
 * site's own page instead of the browser's error, a reservation queued offline on one visit
 * is delivered on the next, and only guests' (never a signed-in account's) events lists are cached.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, venueToday } from '../../src/lib/venueTime';
import { viewports } from '../support/browser';
import { client } from '../support/api-fixtures';
import { e2ePerFile, fillBoardGameForm } from '../support/e2e-server';

const e2e = e2ePerFile();

/** A context that lets the service worker run, on a page it controls. */
async function installed(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: viewports.phone, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${e2e.url}/`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
  return { context, page };
}

describe('offline with the service worker', () => {
  it('shows /menu, /faq, /board-game-night and an article with their own content, and its own page for an unknown address', async () => {
    const { context, page } = await installed();
    const online = new Map<string, { title: string; h1: string }>();
    const paths = ['/menu', '/faq', '/board-game-night', '/blog/party-games'];
    for (const path of paths) {
      await page.goto(`${e2e.url}${path}`);
      online.set(path, { title: await page.title(), h1: (await page.locator('main h1').first().textContent()) ?? '' });
    }
    await context.setOffline(true);
    for (const path of paths) {
      const response = await page.goto(`${e2e.url}${path}`);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await page.locator('main h1').first().waitFor();
      expect({ title: await page.title(), h1: await page.locator('main h1').first().textContent() }, path).toEqual(online.get(path));
      // The page's own HTML came from the cache: its content is there before any script runs.
      const html = await response!.text();
      expect(html, path).toContain(online.get(path)!.h1);
      expect(html, path).not.toContain('<h1 class="_heroTitle'); // the home page's hero heading
    }
    await page.goto(`${e2e.url}/not-cached-anywhere`);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Oops! Page not found');
    await page.getByText("You're offline, and this page isn't saved on this device yet.").waitFor();
    await context.close();
  });

  it('delivers a reservation queued offline on one visit when the site is opened again', async () => {
    const { context, page } = await installed();
    const date = addDays(venueToday(), 6);
    const email = 'queued.visit@example.test';
    await page.goto(`${e2e.url}/board-game-night`);
    await page.getByTestId('board-game-form').first().waitFor();
    // No warm-up needed: the worker has every chunk precached.
    await context.setOffline(true);
    await fillBoardGameForm(page, { name: 'Queued Visit', email, people: 2, date, time: '7:00 PM' });
    await page.getByTestId('board-game-form').first().getByRole('button', { name: 'Reserve My Spot' }).click();
    await page.getByTestId('queued-reservation').first().getByRole('heading', { name: 'Saved on this device' }).waitFor();
    await page.close();

    const stored = () =>
      e2e.venue.su.collection('reservations').getFullList({ filter: e2e.venue.su.filter('email = {:email}', { email }) });
    expect(await stored()).toHaveLength(0);
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto(`${e2e.url}/menu`);
    await expect.poll(async () => (await stored()).length, { timeout: 20_000 }).toBe(1);
    await next.waitForTimeout(1000);
    expect(await stored()).toHaveLength(1);
    await context.close();
  });

  it("keeps the guests' events list for offline, never a signed-in account's (staff see hidden events)", async () => {
    const { context, page } = await installed();
    await e2e.venue.su.collection('users').create({ email: 'sw.account@example.test', password: 'password-123', passwordConfirm: 'password-123' });
    const account = client(e2e.url);
    await account.collection('users').authWithPassword('sw.account@example.test', 'password-123');
    const statuses = await page.evaluate(async (token) => {
      const signedIn = await fetch('/api/collections/events/records?perPage=3', { headers: { Authorization: token } });
      const guest = await fetch('/api/collections/events/records?perPage=2');
      return [signedIn.status, guest.status];
    }, account.authStore.token);
    expect(statuses).toEqual([200, 200]);
    const cached = () => page.evaluate(async () => (await (await caches.open('events')).keys()).map((r) => new URL(r.url).search));
    // The worker stores after answering: wait for the guest's list, asked for last.
    await expect.poll(cached).toContain('?perPage=2');
    expect(await cached()).toEqual(['?perPage=2']);
    await context.close();
  });
});
