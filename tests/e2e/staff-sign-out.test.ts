/**
 * Logout ends the tablet's session on the server (issue 32 item 2): a door host signs out on the
 * bar tablet, and the owner's Staff view, opened again, no longer lists that tablet as signed in;
 * the token the tablet held is refused (staff_session_ended). Signing in again there lists it again.
 * Signed out with no connection, the tablet deletes its copy at once and tells the server once it
 * can: when the browser says it is back online, and when it never says so (the wifi up, the way
 * out down).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CODE } from '../../src/lib/rules/staffAccounts';
import { venueNight } from '../../src/lib/venueTime';
import { boardGameBody } from '../support/api-fixtures';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';
import { reservationRowsInIndexedDb } from '../support/staff-tablet';

const e2e = e2ePerFile({ meta: false });
const PASSWORD = 'sign-out-night-2026';
const OWNER = 'owner-out@example.test';
const HOST = 'host-out@example.test';
const SECOND_HOST = 'host-out-2@example.test';
let owner: OpenedPage;
let host: OpenedPage;
let second: OpenedPage;

/** Signs in; `name`: the tablet's name, typed in the dialog its first sign-in asks (null: named before). */
async function signIn(opened: OpenedPage, email: string, name: string | null): Promise<void> {
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD, { deviceName: null });
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
  if (!name) return;
  const dialog = opened.page.getByRole('dialog', { name: 'Name this device' });
  await dialog.getByLabel('Device name').fill(name);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const card = (page: Page, email: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: email }) });

/** The owner's Staff view, loaded afresh: does the host's card list the bar tablet? */
async function hostListsBarTablet(): Promise<boolean> {
  return listsDevice(HOST, 'Bar tablet');
}

async function listsDevice(email: string, device: string): Promise<boolean> {
  await owner.page.goto(`${e2e.url}/admin/dashboard?view=staff`);
  const hostCard = card(owner.page, email);
  await hostCard.waitFor();
  return (await hostCard.getByText(device).count()) > 0;
}

/** Logout with no answer from the server: the tablet is on the login screen, the session still open there. */
async function logoutUnanswered(tablet: OpenedPage, email: string, device: string): Promise<void> {
  await tablet.page.getByRole('button', { name: 'Logout' }).click();
  await tablet.page.waitForURL(`${e2e.url}/admin/login`);
  await tablet.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  expect(await listsDevice(email, device)).toBe(true);
}

beforeAll(async () => {
  // A guest tonight, so the tablet keeps a copy of someone for its sign-out to delete.
  await e2e.venue.su.collection('reservations').create(boardGameBody({ event_date: venueNight() }));
  await e2e.venue.admin(OWNER, PASSWORD, true);
  await e2e.venue.admin(HOST, PASSWORD);
  await e2e.venue.admin(SECOND_HOST, PASSWORD);
  owner = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
  await signIn(owner, OWNER, 'Office tablet');
  host = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
  await signIn(host, HOST, 'Bar tablet');
}, 120_000);

afterAll(async () => {
  await owner?.context.close();
  await host?.context.close();
  await second?.context.close();
});

describe('Logout on a tablet', () => {
  it('takes the tablet off the Staff view and kills its token; a new sign-in there lists it again', async () => {
    expect(await hostListsBarTablet()).toBe(true);
    const token = await host.page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token as string);
    await host.page.getByRole('button', { name: 'Logout' }).click();
    await host.page.waitForURL(`${e2e.url}/admin/login`);
    await expect.poll(hostListsBarTablet, { timeout: 10_000 }).toBe(false);
    const refused = await fetch(`${e2e.url}/api/collections/reservations/records?perPage=1`, { headers: { Authorization: token } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { data: { code: string } }).data.code).toBe(SESSION_ENDED_CODE);

    await signIn(host, HOST, null); // the tablet keeps its name
    expect(await hostListsBarTablet()).toBe(true);
  });

  it('offline: deletes the copy at once, and leaves the Staff view once the network returns; the page throws nothing', async () => {
    // A tablet of its own: nothing of the sign-out's code is in its memory or its HTTP cache yet.
    second = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signIn(second, SECOND_HOST, 'Till tablet');
    await expect.poll(() => reservationRowsInIndexedDb(second.page)).toBeGreaterThan(0);
    await second.context.setOffline(true);
    await expect.poll(() => second.page.getByTestId('sync-state').textContent()).toMatch(/^Offline/);
    await logoutUnanswered(second, SECOND_HOST, 'Till tablet');
    await expect.poll(() => reservationRowsInIndexedDb(second.page)).toBe(0);
    await second.context.setOffline(false);
    await expect.poll(() => listsDevice(SECOND_HOST, 'Till tablet'), { timeout: 10_000 }).toBe(false);
  });

  it('no answer while the browser says online (no online event comes): told again on its own', async () => {
    expect(await hostListsBarTablet()).toBe(true);
    const path = '**/api/staff/accounts/this-device/sign-out';
    await host.context.route(path, (route) => route.abort('internetdisconnected'));
    await logoutUnanswered(host, HOST, 'Bar tablet');
    await host.context.unroute(path);
    await expect.poll(hostListsBarTablet, { timeout: 15_000 }).toBe(false);
  });
});
