/**
 * Logout ends the tablet's session on the server (issue 32 item 2): a door host signs out on the
 * bar tablet, and the owner's Staff view, opened again, no longer lists that tablet as signed in;
 * the token the tablet held is refused (staff_session_ended). Signing in again there lists it again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CODE } from '../../src/lib/rules/staffAccounts';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';

const e2e = e2ePerFile({ meta: false });
const PASSWORD = 'sign-out-night-2026';
const OWNER = 'owner-out@example.test';
const HOST = 'host-out@example.test';
let owner: OpenedPage;
let host: OpenedPage;

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
  await owner.page.goto(`${e2e.url}/admin/dashboard?view=staff`);
  const hostCard = card(owner.page, HOST);
  await hostCard.waitFor();
  return (await hostCard.getByText('Bar tablet').count()) > 0;
}

beforeAll(async () => {
  await e2e.venue.admin(OWNER, PASSWORD, true);
  await e2e.venue.admin(HOST, PASSWORD);
  owner = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
  await signIn(owner, OWNER, 'Office tablet');
  host = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
  await signIn(host, HOST, 'Bar tablet');
}, 120_000);

afterAll(async () => {
  await owner?.context.close();
  await host?.context.close();
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
});
