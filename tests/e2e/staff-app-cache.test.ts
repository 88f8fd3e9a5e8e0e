/**
 * The staff app on a staff device (issue 25, item 1), with the real service worker: after a staff
 * sign-in the staff pages' code, styles and app shell are kept in their own cache
 * ('staff-app-<build version>'), never in the guests' precache nor the shared 'assets' cache;
 * reloading /admin/dashboard offline loads the staff frame from it; sign-out deletes it, and a
 * cache left by another build is dropped when the new one is filled. A guest never gets one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_APP_CACHE_PREFIX } from '../../src/lib/staffAppCache';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode } from '../support/e2e-server';
import { tabletWithWorker } from '../support/staff-tablet';
import { projectRoot } from '../support/pocketbase';
import { boardGameBody } from '../support/api-fixtures';
import { venueNight } from '../../src/lib/venueTime';

// One account per sign-in here: a new code is sent to an account at most every 30 s.
const STAFF = ['cache-manager@example.test', 'cache-host@example.test', 'cache-bar@example.test', 'cache-door@example.test', 'cache-close@example.test'] as const;
const PASSWORD = 'cache-night-2026';
const e2e = e2ePerFile({ meta: false });

/** The staff pages' own chunks and styles, as the build wrote them. */
function staffPageFiles(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
  return ['src/pages/AdminDashboardPage.tsx', 'src/pages/AdminLoginPage.tsx'].flatMap((page) => [manifest[page]!.file, ...(manifest[page]!.css ?? [])].map((f) => `/${f}`));
}

/**
 * Every cache on the device: its name → the paths it holds. caches.open() creates a cache that the
 * worker deleted after caches.keys() listed it (seen under load: the old version's cache came back
 * empty), so a name is opened only while it still exists, and an empty cache counts as none.
 */
function cachesOf(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!(await caches.has(name))) continue;
      const paths = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      if (paths.length > 0) out[name] = paths;
    }
    return out;
  });
}

const staffCaches = (all: Record<string, string[]>) => Object.keys(all).filter((name) => name.startsWith(STAFF_APP_CACHE_PREFIX));

/** A tablet whose page at `pathname` is controlled by the service worker. */
const installed = (pathname: string) => tabletWithWorker(e2e.browser, `${e2e.url}${pathname}`, viewports.tablet);

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${e2e.url}/admin/login`);
  await signInWithEmailedCode(page, e2e.venue, email, PASSWORD);
  await page.waitForURL(`${e2e.url}/admin/dashboard`);
  await page.getByRole('tab', { name: 'Reservations' }).waitFor();
}

/** Waits until the device holds exactly one staff cache with every staff page file and the shell. */
async function staffCacheFilled(page: Page): Promise<string> {
  const wanted = [...staffPageFiles(), '/shell.html'];
  await expect
    .poll(async () => {
      const all = await cachesOf(page);
      const names = staffCaches(all);
      return names.length === 1 && wanted.every((file) => all[names[0]!]!.includes(file));
    }, { timeout: 20_000 })
    .toBe(true);
  return staffCaches(await cachesOf(page))[0]!;
}

beforeAll(async () => {
  for (const email of STAFF) await e2e.venue.admin(email, PASSWORD);
});

describe('the staff app on a staff device', () => {
  it('is cached after sign-in, reloads offline from that cache, and is deleted on sign-out', async () => {
    const { context, page } = await installed('/admin/login');
    // What an older build left on this device.
    await page.evaluate((name) => caches.open(name).then((c) => c.put('/assets/AdminDashboardPage-old.js', new Response('old'))), `${STAFF_APP_CACHE_PREFIX}0ld`);

    await signIn(page, STAFF[0]);
    const name = await staffCacheFilled(page);
    expect(name).toMatch(/^staff-app-[0-9a-f]{12}$/);
    // Staff code is in that cache only: not in the guests' precache nor the shared assets cache.
    const all = await cachesOf(page);
    const staffFiles = all[name]!.filter((file) => file !== '/shell.html');
    for (const [other, files] of Object.entries(all)) if (other !== name) expect(files.filter((f) => staffFiles.includes(f)), other).toEqual([]);

    // Nothing left in the browser's HTTP cache either: offline, the staff cache is the only copy.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    // The staff frame, drawn by the staff app's code (the dashboard's own chunk and styles).
    // The frame's "Staff" mark beside the venue's name (not the Staff view's tab).
    await page.getByRole('banner').locator('span').getByText('Staff', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Staff Dashboard' }).waitFor();
    expect(failed.filter((p) => p.startsWith('/assets/'))).toEqual([]);
    await context.setOffline(false);

    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await expect.poll(async () => staffCaches(await cachesOf(page)), { timeout: 10_000 }).toEqual([]);

    // The next sign-in on this tablet (the next shift) fills it again.
    await signIn(page, STAFF[1]);
    expect(await staffCacheFilled(page)).toBe(name);
    await context.close();
  });

  it('is deleted when the tab is closed the moment Logout is tapped, or reloaded at once', async () => {
    const { context, page } = await installed('/admin/login');
    await signIn(page, STAFF[4]);
    await staffCacheFilled(page);
    // The sign-out's own deletes never get to run in a page that goes away at once.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.close({ runBeforeUnload: false });
    const next = await context.newPage();
    await next.goto(`${e2e.url}/admin/login`);
    await next.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await expect.poll(async () => staffCaches(await cachesOf(next)), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });

  it('deletes it when the session is cleared in another tab', async () => {
    const { context, page } = await installed('/admin/login');
    await signIn(page, STAFF[2]);
    await staffCacheFilled(page);
    const other = await context.newPage();
    await other.goto(`${e2e.url}/`);
    await other.evaluate(() => localStorage.removeItem('pocketbase_auth'));
    await page.waitForURL(`${e2e.url}/admin/login`);
    await expect.poll(async () => staffCaches(await cachesOf(page)), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });

  it('never caches staff code for a guest who has not signed in', async () => {
    const { context, page } = await installed('/');
    await page.goto(`${e2e.url}/board-game-night`);
    await page.getByTestId('board-game-form').first().waitFor();
    const all = await cachesOf(page);
    expect(staffCaches(all)).toEqual([]);
    const staffFiles = staffPageFiles();
    for (const [name, files] of Object.entries(all)) expect(files.filter((f) => staffFiles.includes(f)), name).toEqual([]);
    await context.close();
  });

  it("reloads /admin/dashboard offline, browser cache cleared, to tonight's list from the tablet's copy, not the error screen", async () => {
    await e2e.venue.su.collection('reservations').create(boardGameBody({ name: 'Offline Olive', email: 'olive@example.test', phone: '', party_size: 2, event_date: venueNight(), event_time: '8:00 PM' }));
    const { context, page } = await installed('/admin/login');
    await signIn(page, STAFF[3]);
    const olive = page.getByTestId('tonight-list').getByRole('listitem', { name: 'Offline Olive, Board Game Night' });
    await olive.waitFor();
    await staffCacheFilled(page);

    // The CDP session is closed again: left open, Chromium reported navigator.onLine true offline.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await olive.waitFor();
    await expect.poll(() => page.getByTestId('sync-state').textContent(), { timeout: 5000 }).toMatch(/^Offline since \d{1,2}:\d{2} [AP]M$/);
    await expect(page.getByText('An unexpected error occurred').count()).resolves.toBe(0);
    await context.close();
  });
});
