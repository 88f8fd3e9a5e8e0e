/**
 * Staff tablet helpers for the e2e tests of issue 25 (tests/e2e/staff-offline.test.ts,
 * tests/e2e/staff-app-cache.test.ts): what a tablet keeps on the device (its IndexedDB copy,
 * the staff app's cache) and a tablet whose pages the real service worker controls.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { STAFF_APP_CACHE_PREFIX } from '../../src/lib/staffAppCache';
import { viewports } from './browser';

/** How many reservation rows the staff copy (IndexedDB 'staff-sync') holds on this device. */
export async function reservationRowsInIndexedDb(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('staff-sync')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('staff-sync');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('reservations')) return 0;
      return await new Promise<number>((resolve) => {
        const count = db.transaction('reservations').objectStore('reservations').count();
        count.onsuccess = () => resolve(count.result);
      });
    } finally {
      db.close();
    }
  });
}

/** A tablet context with the real service worker, its page at `url` controlled by it. */
export async function tabletWithWorker(browser: Browser, url: string, viewport: { width: number; height: number } = viewports.tabletLandscape): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
  return { context, page };
}

/** Waits until the device holds one staff app cache with the app shell in it (filled after sign-in). */
export async function staffAppCached(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (prefix) => {
          const names = (await caches.keys()).filter((n) => n.startsWith(prefix));
          if (names.length !== 1) return false;
          const paths = (await (await caches.open(names[0]!)).keys()).map((r) => new URL(r.url).pathname);
          return paths.includes('/shell.html') && paths.some((p) => p.includes('AdminDashboardPage'));
        }, STAFF_APP_CACHE_PREFIX),
      { timeout: 20_000 },
    )
    .toBe(true);
}
