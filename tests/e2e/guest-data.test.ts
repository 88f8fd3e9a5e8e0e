/**
 * "Export this guest" and "Forget this guest" at the door (issue 32 item 7), in Chromium against
 * the real server: an owner on a 1024×768 tablet finds a guest in "Find a guest", exports their
 * data (a JSON download), forgets them after the dialog names what goes, and the guest's name is
 * gone from tonight's list on that tablet at once and on a second tablet after its next pull.
 * An admin who is not an owner sees no guest-data actions. Screenshots at 1024×768 and 390×844
 * go to tests/.artifacts (SHOTS_DIR to keep them elsewhere).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '../../src/lib/rules/guestData';
import { venueNight } from '../../src/lib/venueTime';
import { boardGameBody, dayFromToday } from '../support/api-fixtures';
import { formatViolations, runAxe } from '../support/axe';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';
import { expectNoSmallTargets } from '../support/touch';

const OWNER = 'owner@example.test';
const DOOR = 'door@example.test';
const PASSWORD = 'guest-data-2026';
const SHOTS = process.env.SHOTS_DIR ?? 'tests/.artifacts';
const e2e = e2ePerFile({ meta: false });
const tonight = venueNight();

const list = (page: Page) => page.getByTestId('tonight-list');
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name: `${name}, Board Game Night` });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Find a guest' });
const panel = (page: Page) => page.getByRole('region', { name: /^Guest data/ });

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function tablet(email: string): Promise<OpenedPage> {
  const opened = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape, acceptDownloads: true });
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD);
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
  await row(opened.page, 'Ada Lovelace').waitFor();
  return opened;
}

let owner: OpenedPage;
let door: OpenedPage;

beforeAll(async () => {
  const { su } = e2e.venue;
  await e2e.venue.admin(OWNER, PASSWORD, true);
  await e2e.venue.admin(DOOR, PASSWORD);
  await su.collection('reservations').create(boardGameBody({ event_date: tonight, event_time: '7:00 PM' }));
  await su.collection('reservations').create(boardGameBody({ event_date: dayFromToday(6) }));
  await su.collection('reservations').create(boardGameBody({ name: 'Alan Turing', email: 'alan@example.test', phone: '', event_date: tonight, event_time: '7:30 PM' }));
  [owner, door] = [await tablet(OWNER), await tablet(DOOR)];
});

describe('an owner exports and forgets a guest from the guest search', () => {
  it('an admin who is not an owner sees no guest-data actions', async () => {
    await searchBox(door.page).fill('Ada Lovelace');
    await door.page.getByText(/^Other nights: 1 reservation found/).waitFor();
    expect(await panel(door.page).count()).toBe(0);
    await searchBox(door.page).fill('');
  });

  it('finds the guest, with Export and Forget for them (1024×768 and 390×844)', async () => {
    const { page } = owner;
    await searchBox(page).fill('Ada Lovelace');
    await panel(page).getByText('ada@example.test · (347) 555-0100').waitFor();
    await panel(page).scrollIntoViewIfNeeded();
    await shot(page, 'guest-data-1024x768');
    await expectNoSmallTargets(page);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    await panel(page).scrollIntoViewIfNeeded();
    await shot(page, 'guest-data-390x844');
    await page.setViewportSize(viewports.tabletLandscape);
  });

  it('exports their data as a JSON download', async () => {
    const { page } = owner;
    const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: /^Export Ada Lovelace/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^guest-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.counts.reservations).toBe(2);
    expect(data.reservations.every((r: { email: string }) => r.email === 'ada@example.test')).toBe(true);
    await panel(page).getByText('Ada Lovelace’s data is downloaded').waitFor();
  });

  it('asks first, naming what goes; Keep changes nothing', async () => {
    const { page } = owner;
    await panel(page).getByRole('button', { name: /^Forget Ada Lovelace/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget Ada Lovelace?' });
    await dialog.waitFor();
    // (The phone's dash does not break: a non-breaking hyphen.)
    await expect(dialog.textContent()).resolves.toContain('every record under ada@example.test or (347) 555\u20110100: 2 reservations,');
    await shot(page, 'guest-data-confirm-1024x768');
    await page.setViewportSize(viewports.phone);
    await shot(page, 'guest-data-confirm-390x844');
    await page.setViewportSize(viewports.tabletLandscape);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await e2e.venue.su.collection('reservations').getFullList({ filter: 'email = "ada@example.test"' })).length).toBe(2);
  });

  it('forgets them: the name leaves this tablet at once, and the second tablet at its next pull', async () => {
    const { page } = owner;
    await panel(page).getByRole('button', { name: /^Forget Ada Lovelace/ }).click();
    await page.getByRole('dialog', { name: 'Forget Ada Lovelace?' }).getByRole('button', { name: 'Forget guest' }).click();
    await panel(page).getByText('Forgot a guest: 2 reservations').waitFor();
    // The search asks again: it no longer finds them, and this tablet's copy was pulled at once.
    await page.getByText(/^Other nights: No /).waitFor();
    expect(await panel(page).getByText('ada@example.test').count()).toBe(0);
    await shot(page, 'guest-data-forgotten-1024x768');
    await searchBox(page).fill('');
    await row(page, ERASED.name).waitFor();
    expect(await row(page, 'Ada Lovelace').count()).toBe(0);
    expect(await list(page).getByText('Ada Lovelace').count()).toBe(0);

    // The second tablet still shows its copy until its next pull (here: the page opened again).
    expect(await row(door.page, 'Ada Lovelace').count()).toBe(1);
    await door.page.reload();
    await row(door.page, ERASED.name).waitFor();
    expect(await row(door.page, 'Ada Lovelace').count()).toBe(0);
    await expect(row(door.page, 'Alan Turing').count()).resolves.toBe(1);
  });
});
