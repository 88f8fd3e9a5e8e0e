/**
 * The Staff view and device sessions (issue 32 items 1–2), as an owner uses them on a 1024×768
 * tablet: names the device, sees the accounts, grants owner to a door host and takes it back, then
 * signs out the host's tablet (a second browser context), which at its next contact goes to the
 * login screen with its copy of the nights wiped. Screenshots: tests/.artifacts/staff-accounts-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday } from '../support/api-fixtures';
import { formatViolations, runAxe } from '../support/axe';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';
import { reservationRowsInIndexedDb } from '../support/staff-tablet';

const e2e = e2ePerFile({ meta: false });
const PASSWORD = 'game-night-2026';
const OWNER = 'owner@example.test';
const HOST = 'host@example.test';

let owner: OpenedPage;
let host: OpenedPage;

async function signIn(opened: OpenedPage, email: string): Promise<void> {
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD, { deviceName: null });
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
}

/** Names this tablet in the dialog asked after its first sign-in. */
async function nameDevice(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Name this device' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Give this device a name' }).waitFor();
  await dialog.getByLabel('Device name').fill(name);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const card = (page: Page, email: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: email }) });

/** Taps an action on an account's card and confirms it in the dialog. */
async function confirmAction(page: Page, action: string, confirm: string): Promise<void> {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  await e2e.venue.admin(OWNER, PASSWORD, true);
  await e2e.venue.admin(HOST, PASSWORD);
  const booking = await e2e.venue.su.collection('reservations').create(boardGameBody({ name: 'Ada Lovelace', email: 'ada@example.test', phone: '', party_size: 2, event_date: dayFromToday(0), event_time: '8:00 PM' }));
  await e2e.venue.settle(`record_id = "${booking.id}"`);
});

afterAll(async () => {
  await owner?.context.close();
  await host?.context.close();
});

describe('the Staff view', () => {
  it('an owner names the tablet, sees the accounts, and grants and takes back owner', async () => {
    owner = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    const { page } = owner;
    await signIn(owner, OWNER);
    await page.getByRole('dialog', { name: 'Name this device' }).waitFor();
    await page.screenshot({ path: 'tests/.artifacts/staff-device-name-1024x768.png' });
    await nameDevice(page, 'Door tablet');
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.waitForURL(/view=staff/);

    const mine = card(page, OWNER);
    await mine.getByText('Door tablet').waitFor();
    await mine.getByText('this device').waitFor();
    expect(await mine.getByText('Owner', { exact: true }).count()).toBe(1);
    // The last owner is neither demoted nor removed: no such buttons, and the card says why.
    await mine.getByText(/last owner keeps the role/).waitFor();
    expect(await mine.getByRole('button', { name: /Remove/ }).count()).toBe(0);

    const hostCard = card(page, HOST);
    await hostCard.getByText('Door staff', { exact: true }).waitFor();
    await confirmAction(page, `Make owner: ${HOST}`, 'Make owner');
    await hostCard.getByText('Owner', { exact: true }).waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Their sessions have ended' }).first().waitFor();
    await confirmAction(page, `Remove owner: ${HOST}`, 'Remove owner');
    await hostCard.getByText('Door staff', { exact: true }).waitFor();
    const roles = await e2e.venue.su.collection('user_roles').getFullList({ filter: `user_id.email = "${HOST}"` });
    expect(roles.map((r) => r.role)).toEqual(['admin']);

    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('signs out the host’s tablet: its next contact sends it to the login screen with its copy wiped', async () => {
    host = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signIn(host, HOST);
    await nameDevice(host.page, 'Bar tablet');
    await expect.poll(() => reservationRowsInIndexedDb(host.page), { timeout: 15_000 }).toBeGreaterThan(0);

    const { page } = owner;
    await page.reload();
    const hostCard = card(page, HOST);
    await hostCard.getByText('Bar tablet').waitFor();
    await screenshots(page, 'staff-accounts');
    await confirmAction(page, `Sign out Bar tablet (${HOST})`, 'Sign out device');
    await hostCard.getByText('No device').waitFor();

    // The host taps another view: its request is refused, and the tablet signs out and wipes.
    await host.page.getByRole('tab', { name: 'Staff' }).click();
    await host.page.waitForURL(`${e2e.url}/admin/login`);
    await expect.poll(() => reservationRowsInIndexedDb(host.page), { timeout: 10_000 }).toBe(0);
    expect(await host.page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
    // The owner's own tablet is still signed in.
    await page.reload();
    await card(page, OWNER).getByText('Door tablet').waitFor();
  });
});

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries({ '1024x768': viewports.tabletLandscape, '768x1024': viewports.tabletPortrait, '390x844': viewports.phone })) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `tests/.artifacts/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.tabletLandscape);
}
