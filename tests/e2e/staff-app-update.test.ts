/**
 * A deploy replaces the staff app kept on a staff device (issue 25, item 1): when the new service
 * worker takes over, the cache of the old build's staff files is deleted and the new build's is
 * filled, so no stale chunk is ever served. A device that never kept one is left without.
 * As in updates.test.ts, a copy of the site is redeployed with only sw.js changed (here: the staff
 * app's version, as a build that changes a staff file writes it).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_APP_CACHE_PREFIX, STAFF_APP_MESSAGES } from '../../src/lib/staffAppCache';
import { launchBrowser, viewports } from '../support/browser';
import { ensureBuilt } from '../support/e2e-server';
import { projectRoot, startPocketBase, type StartedPocketBase } from '../support/pocketbase';

let server: StartedPocketBase;
let browser: Browser;
let siteDir: string;
let originalWorker: string;
let oldVersion: string;

beforeAll(async () => {
  ensureBuilt();
  siteDir = mkdtempSync(path.join(tmpdir(), 'venue-staff-deploy-'));
  cpSync(path.join(projectRoot, 'dist'), siteDir, { recursive: true });
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(siteDir, copy), { force: true });
  originalWorker = readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
  oldVersion = /version:[`"']([0-9a-f]{12})[`"']/.exec(originalWorker)![1]!;
  server = await startPocketBase({ publicDir: siteDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

const staffCaches = (page: Page) => page.evaluate((prefix) => caches.keys().then((names) => names.filter((n) => n.startsWith(prefix))), STAFF_APP_CACHE_PREFIX);

/** The new worker installed, activated and in control of the page. */
async function deployAndTakeOver(page: Page, version: string): Promise<void> {
  writeFileSync(path.join(siteDir, 'sw.js'), originalWorker.replace(oldVersion, version));
  await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    await registration.update();
    const waiting = registration.waiting ?? (await new Promise<ServiceWorker>((resolve) => {
      const installing = registration.installing!;
      installing.addEventListener('statechange', () => installing.state === 'installed' && resolve(installing));
    }));
    waiting.postMessage({ type: 'SKIP_WAITING' });
    await changed;
  });
}

/** Waits until the active worker has finished its activate step. */
function activated(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const active = (await navigator.serviceWorker.getRegistration())!.active!;
    if (active.state !== 'activated') await new Promise((resolve) => active.addEventListener('statechange', resolve));
  });
}

async function installedPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: viewports.tablet, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/login`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
  return page;
}

describe('a deploy and the staff app kept on a device', () => {
  it('drops the old build\'s staff files and keeps the new build\'s instead', async () => {
    const page = await installedPage();
    // What the signed-in dashboard asks for (session.ts, useStaffAppOnDevice).
    const reply = await page.evaluate(
      (type) =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller!.postMessage({ type }, [channel.port2]);
        }),
      STAFF_APP_MESSAGES.cache,
    );
    expect(reply).toEqual({ ok: true, cache: `${STAFF_APP_CACHE_PREFIX}${oldVersion}` });

    await deployAndTakeOver(page, 'a1b2c3d4e5f6');
    const newCache = `${STAFF_APP_CACHE_PREFIX}a1b2c3d4e5f6`;
    // The page is under the new worker as soon as it is activating; its activate step follows.
    await expect.poll(() => staffCaches(page), { timeout: 15_000 }).toEqual([newCache]);
    await activated(page);
    const held = await page.evaluate((name) => caches.open(name).then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname)), newCache);
    expect(held).toContain('/shell.html');
    expect(held.some((file) => /^\/assets\/AdminDashboardPage-.*\.js$/.test(file))).toBe(true);
    await page.context().close();
  });

  it('gives a device that kept no staff app none after a deploy', async () => {
    const page = await installedPage();
    await deployAndTakeOver(page, 'f6e5d4c3b2a1');
    await activated(page);
    expect(await staffCaches(page)).toEqual([]);
    await page.context().close();
  });
});
