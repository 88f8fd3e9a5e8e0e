/**
 * The staff tablet offline (issue 25), in Chromium against a real server for sign-in, the role
 * and the history, with the sync contract's two routes (GET /api/admin/sync, POST
 * /api/admin/changes) answered by the contract's fake (tests/support/fake-sync-server.ts)
 * until the server side is merged. Tonight's list opens from the tablet's copy, a check-in made
 * offline shows at once as waiting and is sent once when the network returns, a reload with the
 * server unreachable shows the last synced list (not the error screen), and sign-out leaves no
 * reservation row in IndexedDB.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, venueNight } from '../../src/lib/venueTime';
import { FakeSyncServer } from '../support/fake-sync-server';
import { viewports } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { e2ePerFile, signInWithEmailedCode, warmUpForm, type OpenedPage } from '../support/e2e-server';

const EMAIL = 'offline-host@example.test';
const PASSWORD = 'offline-night-2026';
/** A second host on a second tablet (one new sign-in code per account per 30 s). */
const SECOND_EMAIL = 'offline-host-2@example.test';
const e2e = e2ePerFile({ meta: false });
const tonight = venueNight();
const server = new FakeSyncServer({ from: tonight, to: addDays(tonight, 14) });
let staff: OpenedPage;

const guest = (id: string, name: string, party_size: number) => ({ id, name, email: `${id}@example.test`, phone: '', event_name: 'Board Game Night', event_date: tonight, event_time: '8:00 PM', party_size, source: 'web', status: 'confirmed', created: '2026-11-20 10:00:00.000Z' });

/** Answers the contract's two routes from the fake; everything else goes to the real server. */
async function routeSync(page: Page): Promise<void> {
  await page.route(/\/api\/admin\/(sync|changes)(\?|$)/, async (route) => {
    const request = route.request();
    const answer = await server.fetch(request.url(), { method: request.method(), body: request.postData() ?? '' });
    await route.fulfill({ status: answer.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: await answer.text() });
  });
}

async function reservationRowsInIndexedDb(page: Page): Promise<number> {
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

beforeAll(async () => {
  await e2e.venue.admin(EMAIL, PASSWORD);
  await e2e.venue.admin(SECOND_EMAIL, PASSWORD);
  server.put('reservations', guest('ada000000000001', 'Ada Lovelace', 4));
  server.put('reservations', guest('alan00000000001', 'Alan Turing', 2));
  server.put('reservations', guest('grace0000000001', 'Grace Hopper', 3));
  server.put('tasks', { id: 'task00000000001', title: 'Count the dice', description: '', cadence: '', category: 'legal_compliance', order_index: 0, is_completed: false, status: 'unchecked', notes: '', created: '2026-11-20 10:00:00.000Z' });
});

describe('the staff tablet offline', () => {
  it("opens tonight's list from the tablet's copy after sign-in", async () => {
    staff = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await routeSync(staff.page);
    await signInWithEmailedCode(staff.page, e2e.venue, EMAIL, PASSWORD);
    await staff.page.waitForURL(`${e2e.url}/admin/dashboard`);
    const list = staff.page.getByTestId('tonight-list');
    await list.getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' }).waitFor();
    expect(server.requests[0]).toBe('GET /api/admin/sync');
  });

  it('checks a guest in offline at once, says so in the frame, and sends it once when back online', async () => {
    const { page, context } = staff;
    await context.setOffline(true);
    const status = page.getByTestId('sync-state');
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toMatch(/^Offline since \d{1,2}:\d{2} [AP]M$/);
    await page.getByTestId('history-offline').waitFor();
    const ada = page.getByTestId('tonight-list').getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    await ada.getByRole('button', { name: 'Arrived' }).click();
    await ada.getByText('Waiting to send').waitFor();
    await expect.poll(() => status.textContent()).toMatch(/^Offline since \d{1,2}:\d{2} [AP]M · 1 change waiting$/);
    expect(server.received).toHaveLength(0);
    await page.screenshot({ path: 'tests/.artifacts/staff-offline-tablet.png' });
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: 'tests/.artifacts/staff-offline-phone.png', fullPage: false });
    await page.setViewportSize(viewports.tabletLandscape);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await context.setOffline(false);
    await ada.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 10_000 });
    expect(server.received.map((c) => [c.record_id, c.fields.status])).toEqual([['ada000000000001', 'arrived']]);
    expect([...server.effects.values()]).toEqual([1]);
    await expect(ada.getByRole('button', { name: 'Arrived' }).getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('reloads with the server unreachable and shows the last synced list, not the error screen', async () => {
    const { page } = staff;
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    const ada = page.getByTestId('tonight-list').getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    await ada.waitFor();
    await expect(ada.getByRole('button', { name: 'Arrived' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByText('An unexpected error occurred').count()).resolves.toBe(0);
    await page.unroute('**/api/**');
  });

  it('sends a change waiting in a closed tab once, when the dashboard opens again online', async () => {
    const { context } = staff;
    await context.setOffline(true);
    const alan = staff.page.getByTestId('tonight-list').getByRole('listitem', { name: 'Alan Turing, Board Game Night' });
    await alan.getByRole('button', { name: 'No-show' }).click();
    await alan.getByText('Waiting to send').waitFor();
    const sent = server.received.length;
    await staff.page.close();
    await context.setOffline(false);

    const page = await context.newPage();
    await routeSync(page);
    staff = { ...staff, page };
    await page.goto(`${e2e.url}/admin/dashboard`);
    const reopened = page.getByTestId('tonight-list').getByRole('listitem', { name: 'Alan Turing, Board Game Night' });
    await reopened.getByRole('button', { name: 'No-show' }).and(page.locator('[aria-pressed="true"]')).waitFor();
    await reopened.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 10_000 });
    const mine = server.received.slice(sent);
    expect(mine.map((c) => [c.record_id, c.fields.status])).toEqual([['alan00000000001', 'no_show']]);
    expect(server.effects.get(mine[0]!.id)).toBe(1);
  });

  it('lists an offline party-size increase that no longer fits under Not applied, and retries it once seats are freed', async () => {
    const { page, context } = staff;
    const refusal = 'Only 1 seat is left on tonight. Please choose a smaller party or another night.';
    server.refuse = (change) => (change.fields.party_size === 6 ? refusal : null);
    await context.setOffline(true);
    const ada = page.getByTestId('tonight-list').getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    await ada.getByRole('button', { name: /^Party size and time/ }).click();
    await ada.getByLabel('Party size', { exact: true }).fill('6');
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.getByText('6 guests').waitFor();
    await context.setOffline(false);

    const panel = page.getByTestId('not-applied');
    await panel.getByText(refusal).waitFor({ timeout: 10_000 });
    await ada.getByText('4 guests').waitFor();
    await page.screenshot({ path: 'tests/.artifacts/staff-not-applied-tablet.png' });
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    server.refuse = null; // another party cancelled
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.waitFor({ state: 'detached', timeout: 10_000 });
    await ada.getByText('6 guests').waitFor();
    expect(server.rows.get('reservations')!.get('ada000000000001')).toMatchObject({ party_size: 6 });
  });

  it('completes a task and adds a priority offline; both are sent once when back online', async () => {
    const { page, context } = staff;
    const sent = server.received.length;
    await page.getByRole('tab', { name: 'Task management' }).click();
    const legal = page.getByRole('region', { name: 'Legal & Compliance' });
    await legal.getByRole('group', { name: 'Status of Count the dice' }).waitFor();
    // The form kit loads its schemas on first use; the service worker caches them after sign-in
    // (not in this test's context), so load them while online.
    await warmUpForm(page.locator('form').filter({ has: page.getByLabel('New priority') }));
    await context.setOffline(true);
    await legal.getByRole('group', { name: 'Status of Count the dice' }).getByRole('button', { name: 'Complete' }).click();
    await page.getByLabel('New priority').fill('Restock the dice bag');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('list', { name: "Today's priorities" }).getByRole('button', { name: 'Edit priority: Restock the dice bag' }).waitFor();
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toMatch(/ · 2 changes waiting$/);
    await page.screenshot({ path: 'tests/.artifacts/staff-offline-tasks-tablet.png' });
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('sync-state').textContent(), { timeout: 10_000 }).toBe('Live');
    const mine = server.received.slice(sent);
    expect(mine.map((c) => [c.collection, c.op, c.fields.status ?? c.fields.priority_text])).toEqual([
      ['tasks', 'update', 'complete'],
      ['priorities', 'create', 'Restock the dice bag'],
    ]);
    expect(mine.map((c) => server.effects.get(c.id))).toEqual([1, 1]);
  });

  it('two tablets, both offline, check in the same guest: one arrival, no error, nothing under Not applied', async () => {
    const second = await e2e.open('/admin/login', { viewport: viewports.tabletPortrait });
    await routeSync(second.page);
    await signInWithEmailedCode(second.page, e2e.venue, SECOND_EMAIL, PASSWORD);
    await second.page.waitForURL(`${e2e.url}/admin/dashboard`);
    const tablets = [staff, second];
    const sent = server.received.length;
    for (const tablet of tablets) {
      await tablet.page.getByRole('tab', { name: 'Reservations' }).click();
      await tablet.page.getByTestId('tonight-list').getByRole('listitem', { name: 'Grace Hopper, Board Game Night' }).waitFor();
      await tablet.context.setOffline(true);
    }
    for (const tablet of tablets) {
      const grace = tablet.page.getByTestId('tonight-list').getByRole('listitem', { name: 'Grace Hopper, Board Game Night' });
      await grace.getByRole('button', { name: 'Arrived' }).click();
      await grace.getByText('Waiting to send').waitFor();
    }
    for (const tablet of tablets) {
      await tablet.context.setOffline(false);
      await expect.poll(() => tablet.page.getByTestId('sync-state').textContent(), { timeout: 10_000 }).toBe('Live');
    }
    const mine = server.received.slice(sent);
    expect(mine.map((c) => [c.record_id, c.base.status, c.fields.status])).toEqual([
      ['grace0000000001', 'confirmed', 'arrived'],
      ['grace0000000001', 'confirmed', 'arrived'],
    ]);
    expect(mine.map((c) => server.settled.get(c.id)?.outcome)).toEqual(['applied', 'applied']);
    expect(server.rows.get('reservations')!.get('grace0000000001')).toMatchObject({ status: 'arrived' });
    for (const tablet of tablets) await expect(tablet.page.getByTestId('not-applied').count()).resolves.toBe(0);
    await second.context.close();
  });

  it('leaves no reservation row in IndexedDB after sign-out', async () => {
    const { page } = staff;
    expect(await reservationRowsInIndexedDb(page)).toBe(3);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await expect.poll(() => reservationRowsInIndexedDb(page)).toBe(0);
  });
});
