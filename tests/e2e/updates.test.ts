/**
 * A deploy reaches installed devices (ISSUE 15). An installed-like Chromium profile (persistent
 * context, service worker on) against a real server whose sw.js changes between visits, as after
 * a deploy: "Update now" puts the page under the new worker on every route, every time; the door
 * kiosk updates itself while nobody uses it and never in the middle of a guest's booking; a
 * submission queued before an update is delivered once after it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, venueDateTimeToUtc, venueToday } from '../../src/lib/venueTime';
import { CHROME_PATH, viewports } from '../support/browser';
import { ensureBuilt, fillBoardGameForm } from '../support/e2e-server';
import { projectRoot, startPocketBase, type StartedPocketBase } from '../support/pocketbase';

let server: StartedPocketBase;
let context: BrowserContext;
let siteDir: string;
let profileDir: string;
let originalWorker: string;
let version = 0;

beforeAll(async () => {
  ensureBuilt();
  // A copy of the site we can redeploy: only sw.js changes, as it does between two builds.
  siteDir = mkdtempSync(path.join(tmpdir(), 'venue-deploy-'));
  cpSync(path.join(projectRoot, 'dist'), siteDir, { recursive: true });
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(siteDir, copy), { force: true });
  originalWorker = readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
  server = await startPocketBase({ publicDir: siteDir });
  profileDir = mkdtempSync(path.join(tmpdir(), 'venue-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: viewports.phone,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
  await page.close();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  for (const dir of [siteDir, profileDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Deploys a new service worker: the same build, plus a version it reports when asked. */
function deploy(): string {
  version += 1;
  const reply = `self.addEventListener('message', (e) => { if (e.data === 'version?' && e.ports[0]) e.ports[0].postMessage('v${version}'); });`;
  writeFileSync(path.join(siteDir, 'sw.js'), `${originalWorker}\n${reply}\n`);
  return `v${version}`;
}

/** The version of the worker controlling the page (null for the first build, which does not say). */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as string);
        controller.postMessage('version?', [channel.port2]);
        setTimeout(() => resolve(null), 1000);
      }),
  );
}

async function waitForVersion(page: Page, expected: string, timeout: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if ((await controllerVersion(page).catch(() => null)) === expected) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`the page is not under ${expected} after ${timeout} ms (it has ${await controllerVersion(page).catch(() => 'none')})`);
}

describe('"Update now"', () => {
  it.each(['/', '/faq', '/board-game-night'])('on %s puts the page under the new version, 5 times in a row', async (route) => {
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    for (let i = 0; i < 5; i++) {
      const expected = deploy();
      await page.goto(`${server.url}${route}`); // a navigation makes the browser look for a new worker
      const prompt = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
      await prompt.waitFor({ timeout: 20_000 });
      await prompt.getByRole('button', { name: 'Update now' }).click();
      await waitForVersion(page, expected, 10_000);
      await page.locator('main h1').first().waitFor();
      expect(await prompt.count(), 'the prompt is gone after the update').toBe(0);
    }
    await page.close();
    // Five installs of a 180-file worker: about 30 s on a quiet machine, twice that on a busy one.
  }, 240_000);

  it('"Later" dismisses the prompt and leaves the page as it is', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/menu`);
    const before = await controllerVersion(page);
    deploy();
    await page.goto(`${server.url}/menu`);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
    await prompt.waitFor({ timeout: 20_000 });
    await prompt.getByRole('button', { name: 'Later' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await controllerVersion(page)).toBe(before);
    await page.close();
  });
});

describe('the door kiosk', () => {
  // The kiosk takes walk-ins while tonight's open tables run (6 PM to 10:30 PM at the least) and
  // shows "closed" outside them: its pages run on a clock set to 8 PM today, venue time, so these
  // hold whenever the suite runs.
  beforeAll(async () => {
    await context.clock.install({ time: venueDateTimeToUtc(venueToday(), '8:00 PM')! });
  });

  async function openKiosk(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/kiosk`);
    await page.getByTestId('kiosk-form').waitFor();
    return page;
  }
  const lookForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  it('applies a new version by itself while nobody is using it, without asking', async () => {
    const page = await openKiosk();
    const expected = deploy();
    await lookForUpdate(page); // what its five-minute check does
    await waitForVersion(page, expected, 20_000);
    await page.getByTestId('kiosk-form').waitFor();
    expect(await page.getByText('A new version of the site is ready.').count()).toBe(0);
    await page.close();
  });

  it('never reloads while a guest is filling the form; updates once the kiosk has reset', async () => {
    const page = await openKiosk();
    const before = await controllerVersion(page);
    await page.getByTestId('kiosk-form').getByLabel('Name', { exact: true }).fill('Half Way');
    const expected = deploy();
    await lookForUpdate(page);
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
    await page.waitForTimeout(8000); // longer than the kiosk's check for a waiting update (5 s)
    expect(await page.getByTestId('kiosk-form').getByLabel('Name', { exact: true }).inputValue()).toBe('Half Way');
    expect(await controllerVersion(page)).toBe(before);
    // The guest walks away: the kiosk clears the form (as its idle reset does), then updates.
    await page.getByTestId('kiosk-form').getByLabel('Name', { exact: true }).fill('');
    await waitForVersion(page, expected, 20_000);
    await page.close();
  });
});

describe('queued submissions across an update', () => {
  it('delivers a reservation queued before the update exactly once after it', async () => {
    const page = await context.newPage();
    // Each step well inside the test's 90 s, so a step that hangs fails by its own name.
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/board-game-night`);
    const email = 'across.update@example.test';
    // The server cannot be reached: the reservation is kept on the device.
    await context.setOffline(true);
    await fillBoardGameForm(page, { name: 'Across Update', email, people: 2, date: addDays(venueToday(), 7), time: '7:30 PM' });
    await page.getByTestId('board-game-form').first().getByRole('button', { name: 'Reserve My Spot' }).click();
    await page.getByTestId('queued-reservation').first().getByRole('heading', { name: 'Saved on this device' }).waitFor();
    // Back online but the create still fails, so it stays queued until after the update.
    await page.route('**/api/collections/reservations/records*', (r) => r.abort());
    await context.setOffline(false);
    const expected = deploy();
    await page.goto(`${server.url}/board-game-night`);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
    await prompt.waitFor({ timeout: 20_000 });
    await page.unroute('**/api/collections/reservations/records*');
    await prompt.getByRole('button', { name: 'Update now' }).click();
    await waitForVersion(page, expected, 10_000);

    const su = new PocketBase(server.url);
    await server.command(['superuser', 'upsert', 'updates@example.test', 'updates-password-123']);
    await su.collection('_superusers').authWithPassword('updates@example.test', 'updates-password-123');
    const stored = async () => (await su.collection('reservations').getFullList({ filter: su.filter('email = {:email}', { email }) })).length;
    await expect.poll(stored, { timeout: 30_000 }).toBe(1);
    await page.waitForTimeout(2000);
    expect(await stored()).toBe(1);
    await page.close();
  });
});
