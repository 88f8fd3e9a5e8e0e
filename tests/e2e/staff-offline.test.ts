/**
 * The staff tablet offline (issue 25), in Chromium against the real PocketBase: both sync routes
 * (GET /api/admin/sync, POST /api/admin/changes) are the server's own, and what the server holds
 * is read back through the superuser API. Tablet A runs the real service worker (the staff app's
 * cache), so it reloads with the network off; tablet B is a second signed-in staff member.
 * One server, the steps share the two tablets, in order.
 */
import type { Page } from 'playwright-core';
import type { RecordModel } from 'pocketbase';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { venueNight } from '../../src/lib/venueTime';
import { reservationIcsUid } from '../../hooks/rules/ics';
import { boardGameBody } from '../support/api-fixtures';
import { viewports } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { icsOf } from '../support/ics-mail';
import type { ReceivedMail } from '../support/smtp-receiver';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';
import { reservationRowsInIndexedDb, staffAppCached, tabletWithWorker } from '../support/staff-tablet';

// One account per tablet: a new sign-in code goes to an account at most every 30 s.
const EMAIL = 'offline-host@example.test';
const SECOND_EMAIL = 'offline-host-2@example.test';
const PASSWORD = 'offline-night-2026';
const e2e = e2ePerFile({ meta: false });
const tonight = venueNight();
const ids: Record<string, string> = {};
let taskId = '';
let a: OpenedPage;
let b: OpenedPage;

const su = () => e2e.venue.su;
const row = (page: Page, name: string) => page.getByTestId('tonight-list').getByRole('listitem', { name: `${name}, Board Game Night` });
const pressed = (page: Page, name: string, status: string) => row(page, name).getByRole('button', { name: status }).and(page.locator('[aria-pressed="true"]'));
const syncState = (page: Page) => page.getByTestId('sync-state').textContent();
const settledLive = (page: Page) => expect.poll(() => syncState(page), { timeout: 15_000 }).toBe('Live');
/** Cuts a tablet's network and waits until its page knows it (a change made before would be sent at once). */
async function goOffline(tablet: OpenedPage): Promise<void> {
  await tablet.context.setOffline(true);
  await expect.poll(() => syncState(tablet.page)).toMatch(/^Offline/);
}
const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]').allInnerTexts();

/** Books tonight as a guest does (the confirmation mail goes first: SEQUENCE 0). */
async function book(key: string, name: string, party_size: number): Promise<void> {
  const body = boardGameBody({ name, email: `${key}@example.test`, phone: '', party_size, event_date: tonight, event_time: '8:00 PM' });
  ids[key] = (await su().collection('reservations').create(body)).id;
  await e2e.venue.settle(`record_id = "${ids[key]}"`);
}

const reservation = (key: string) => su().collection('reservations').getOne(ids[key]!);
const staffChanges = (filter = '') => su().collection('staff_changes').getFullList(filter ? { filter } : {});

/** UID, SEQUENCE and METHOD of each calendar invitation mailed to `key`'s guest. */
function invitations(key: string) {
  return e2e.venue
    .smtp!.to(`${key}@example.test`)
    .filter((m: ReceivedMail) => m.tree.type === 'multipart/mixed')
    .map((m: ReceivedMail) => {
      const { get, method } = icsOf(m);
      return { uid: get('UID')!.value, sequence: Number(get('SEQUENCE')!.value), method };
    });
}

/** Seats tonight's reservations take now (board game night, not cancelled or no-show). */
async function seatsTaken(): Promise<number> {
  const rows = await su().collection('reservations').getFullList({ filter: `event_date = "${tonight}" && status != "cancelled" && status != "no_show"` });
  return rows.reduce((n: number, r: RecordModel) => n + Number(r.party_size), 0);
}

async function signIn(opened: OpenedPage, email: string): Promise<void> {
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD);
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries({ landscape: viewports.tabletLandscape, portrait: viewports.tabletPortrait, phone: viewports.phone })) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `tests/.artifacts/staff-${name}-${size}.png` });
  }
  await page.setViewportSize(viewports.tabletLandscape);
}

beforeAll(async () => {
  await e2e.venue.admin(EMAIL, PASSWORD);
  await e2e.venue.admin(SECOND_EMAIL, PASSWORD);
  const guests: [string, string, number][] = [
    ['ada', 'Ada Lovelace', 4],
    ['alan', 'Alan Turing', 2],
    ['grace', 'Grace Hopper', 3],
    ['katherine', 'Katherine Johnson', 2],
    ['hedy', 'Hedy Lamarr', 2],
    ['joan', 'Joan Clarke', 2],
    ['mary', 'Mary Jackson', 2],
    ['rosalind', 'Rosalind Franklin', 2],
    ['barbara', 'Barbara Liskov', 2],
  ];
  for (const [key, name, size] of guests) await book(key, name, size);
  taskId = (await su().collection('tasks').create({ title: 'Count the dice', category: 'legal_compliance', order_index: 0, is_completed: false, status: 'unchecked' })).id;
});

describe('the staff tablet offline, against the real server', () => {
  it('signs in on two tablets; tablet A keeps the staff app and tonight’s list', async () => {
    const opened = await tabletWithWorker(e2e.browser, `${e2e.url}/admin/login`);
    a = { ...opened, consoleMessages: [] };
    await signIn(a, EMAIL);
    await row(a.page, 'Ada Lovelace').waitFor();
    await staffAppCached(a.page);
    b = await e2e.open('/admin/login', { viewport: viewports.tabletPortrait });
    await signIn(b, SECOND_EMAIL);
    await row(b.page, 'Ada Lovelace').waitFor();
  });

  it('reloads offline to tonight’s list; changes made offline reach the server once each, and tablet B shows them within 2 s', async () => {
    const { page, context } = a;
    await context.setOffline(true);
    // The realtime connection's first attempt fails outright, as Chromium 148 fails it offline (a
    // later Chromium may instead keep the EventSource retrying by itself, which hid the defect).
    await context.route('**/api/realtime', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await row(page, 'Ada Lovelace').waitFor();
    await expect.poll(() => syncState(page), { timeout: 5000 }).toMatch(/^Offline since \d{1,2}:\d{2} [AP]M$/);
    await expect(page.getByText('An unexpected error occurred').count()).resolves.toBe(0);

    for (const name of ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']) await row(page, name).getByRole('button', { name: 'Arrived' }).click();
    await row(page, 'Katherine Johnson').getByRole('button', { name: 'No-show' }).click();
    // A no-show frees seats for the waitlist: the tablet asks first (issue 31).
    await page.getByRole('dialog', { name: 'Mark Katherine Johnson as a no-show?' }).getByRole('button', { name: 'Mark no-show' }).click();
    await page.getByRole('button', { name: 'Add a walk-in' }).click();
    const walkIn = page.getByRole('form', { name: 'Add a walk-in' });
    await walkIn.getByLabel('Name', { exact: true }).fill('Wanda Walkin');
    await walkIn.getByLabel('Party size', { exact: true }).fill('2');
    await walkIn.screenshot({ path: 'tests/.artifacts/staff-walk-in-form.png' });
    await walkIn.getByRole('button', { name: 'Add walk-in' }).click();
    await row(page, 'Wanda Walkin').getByText('Waiting to send').waitFor();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    const legal = page.getByRole('region', { name: 'Legal & Compliance' });
    await legal.getByRole('group', { name: 'Status of Count the dice' }).getByRole('button', { name: 'Complete' }).click();
    await page.getByLabel('New priority', { exact: true }).fill('Restock the dice bag');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('list', { name: "Today's priorities" }).getByRole('button', { name: 'Edit priority: Restock the dice bag' }).waitFor();
    await expect.poll(() => syncState(page)).toMatch(/^Offline since \d{1,2}:\d{2} [AP]M · 7 changes waiting$/);
    expect(await staffChanges()).toHaveLength(0);

    // Tablet B watches tonight's list and the tasks (a second tab of it).
    const bTasks = await b.context.newPage();
    await bTasks.goto(`${e2e.url}/admin/dashboard`);
    await bTasks.getByRole('tab', { name: 'Tasks' }).click();
    await bTasks.getByRole('region', { name: 'Legal & Compliance' }).getByRole('group', { name: 'Status of Count the dice' }).waitFor();
    await page.getByRole('tab', { name: 'Reservations' }).click();

    await context.unroute('**/api/realtime');
    await context.setOffline(false);
    await settledLive(page);
    const sentAt = Date.now();
    await Promise.all([
      ...['Ada Lovelace', 'Alan Turing', 'Grace Hopper'].map((name) => pressed(b.page, name, 'Arrived').waitFor({ timeout: 2000 })),
      pressed(b.page, 'Katherine Johnson', 'No-show').waitFor({ timeout: 2000 }),
      pressed(b.page, 'Wanda Walkin', 'Arrived').waitFor({ timeout: 2000 }),
      bTasks.getByRole('group', { name: 'Status of Count the dice' }).getByRole('button', { name: 'Complete' }).and(bTasks.locator('[aria-pressed="true"]')).waitFor({ timeout: 2000 }),
      bTasks.getByRole('list', { name: "Today's priorities" }).getByRole('button', { name: 'Edit priority: Restock the dice bag' }).waitFor({ timeout: 2000 }),
    ]);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    await bTasks.close();

    // The server holds exactly these changes, each applied once.
    for (const key of ['ada', 'alan', 'grace']) expect(await reservation(key)).toMatchObject({ status: 'arrived' });
    expect(await reservation('katherine')).toMatchObject({ status: 'no_show' });
    for (const key of ['hedy', 'joan', 'mary', 'rosalind', 'barbara']) expect(await reservation(key)).toMatchObject({ status: 'confirmed', party_size: 2 });
    const walkIns = await su().collection('reservations').getFullList({ filter: 'name = "Wanda Walkin"' });
    expect(walkIns).toHaveLength(1);
    expect(walkIns[0]).toMatchObject({ status: 'arrived', source: 'kiosk', party_size: 2, event_date: tonight });
    expect(await su().collection('tasks').getOne(taskId)).toMatchObject({ status: 'complete' });
    expect(await su().collection('priorities').getFullList({ filter: 'priority_text = "Restock the dice bag"' })).toHaveLength(1);
    const settled = await staffChanges();
    expect(settled.map((c) => c.outcome)).toEqual(Array(7).fill('applied'));
    const [priority] = await su().collection('priorities').getFullList({ filter: 'priority_text = "Restock the dice bag"' });
    expect(settled.map((c) => c.record_id).sort()).toEqual([ids.ada, ids.alan, ids.grace, ids.katherine, walkIns[0]!.id, taskId, priority!.id].sort());
    expect(await errorToasts(page)).toEqual([]);

    // Back live after a reload made offline: another tablet's change reaches this one by realtime
    // (the SDK had given up on the connection whose first connect failed, and nothing pulled).
    await row(b.page, 'Rosalind Franklin').getByRole('button', { name: 'Arrived' }).click();
    await expect.poll(async () => (await reservation('rosalind')).status).toBe('arrived');
    await pressed(page, 'Rosalind Franklin', 'Arrived').waitFor({ timeout: 5000 });
    expect(await syncState(page)).toBe('Live');
  });

  it('two tablets, both offline, check in the same guest: one arrival, no error, nothing under Not applied', async () => {
    const before = (await staffChanges()).length;
    for (const tablet of [a, b]) {
      await row(tablet.page, 'Hedy Lamarr').waitFor();
      await goOffline(tablet);
    }
    for (const tablet of [a, b]) {
      await row(tablet.page, 'Hedy Lamarr').getByRole('button', { name: 'Arrived' }).click();
      await row(tablet.page, 'Hedy Lamarr').getByText('Waiting to send').waitFor();
    }
    for (const tablet of [a, b]) {
      await tablet.context.setOffline(false);
      await settledLive(tablet.page);
    }
    expect(await reservation('hedy')).toMatchObject({ status: 'arrived' });
    const hers = await staffChanges(`record_id = "${ids.hedy}"`);
    expect(hers.map((c) => c.outcome)).toEqual(['applied', 'applied']);
    expect((await staffChanges()).length).toBe(before + 2);
    for (const tablet of [a, b]) {
      await pressed(tablet.page, 'Hedy Lamarr', 'Arrived').waitFor();
      const notApplied = tablet.page.getByTestId('not-applied');
      expect(await notApplied.count(), (await notApplied.allInnerTexts()).join(' | ')).toBe(0);
      expect(await errorToasts(tablet.page)).toEqual([]);
    }
  });

  it('lists an offline party-size increase that no longer fits under Not applied with the capacity message; retried after seats are freed, it applies', async () => {
    const { page, context } = a;
    // Tonight has exactly the 4 seats Mary's party needs when staff make the change.
    const capacity = await su().collection('capacity').create({ date: tonight, seats: (await seatsTaken()) + 4 });
    // Tonight's seats back for the tests after this one, whether it passes or not.
    onTestFinished(async () => void (await su().collection('capacity').update(capacity.id, { seats: 40 })));
    await goOffline(a);
    const mary = row(page, 'Mary Jackson');
    await mary.getByRole('button', { name: /^Party size and time/ }).click();
    await mary.getByLabel('Party size', { exact: true }).fill('6');
    await mary.screenshot({ path: 'tests/.artifacts/staff-row-edit.png' });
    await mary.getByRole('button', { name: 'Save' }).click();
    await mary.getByText('6 guests').waitFor();
    // Meanwhile a guest books 3 of them online.
    const late = await su().collection('reservations').create(boardGameBody({ name: 'Late Booker', email: 'late@example.test', phone: '', party_size: 3, event_date: tonight, event_time: '9:00 PM' }));
    await context.setOffline(false);

    const panel = page.getByTestId('not-applied');
    // The seats left for her party: the 2 it holds and the 1 still free, in staff's words.
    const message = 'Tonight has 3 seats left: not enough for a party of 6.';
    await panel.getByText(message).waitFor({ timeout: 10_000 });
    await mary.getByText('2 guests').waitFor();
    expect(await reservation('mary')).toMatchObject({ party_size: 2 });
    // The seats card agrees with the server's check (Katherine's no-show gave her seats back).
    await page.getByText(/ · 1 seat left · /).waitFor();
    // From the top: a row scrolled under the sticky staff frame reads to axe as an obscured target.
    await page.evaluate(() => window.scrollTo(0, 0));
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await screenshots(page, 'not-applied-online');

    // Offline with a change waiting and the refusal still listed.
    await goOffline(a);
    await row(page, 'Mary Jackson').getByRole('button', { name: 'Arrived' }).click();
    await row(page, 'Mary Jackson').getByText('Waiting to send').waitFor();
    await screenshots(page, 'not-applied-offline-waiting');
    await context.setOffline(false);
    await settledLive(page);

    await su().collection('reservations').update(late.id, { status: 'cancelled' });
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.waitFor({ state: 'detached', timeout: 10_000 });
    await mary.getByText('6 guests').waitFor();
    // The row shows the retried change at once; the server has it once the queue's send is answered.
    await expect.poll(async () => (await reservation('mary')).party_size, { timeout: 10_000 }).toBe(6);
    expect(await reservation('mary')).toMatchObject({ party_size: 6, status: 'arrived' });
  });

  it('sends the changes waiting in a closed tab once each, when the dashboard opens again online', async () => {
    const { context } = a;
    await goOffline(a);
    const joan = row(a.page, 'Joan Clarke');
    await joan.getByRole('button', { name: 'Arrived' }).click();
    await joan.getByRole('button', { name: /^Party size and time/ }).click();
    await joan.getByLabel('Party size', { exact: true }).fill('3');
    await joan.getByRole('button', { name: 'Save' }).click();
    await joan.getByText('3 guests').waitFor();
    await expect.poll(() => syncState(a.page)).toMatch(/ · 2 changes waiting$/);
    await a.page.close();
    await context.setOffline(false);

    const sent: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/admin/changes')) for (const c of (JSON.parse(request.postData() ?? '{}') as { changes?: { id: string }[] }).changes ?? []) sent.push(c.id);
    });
    const page = await context.newPage();
    a = { ...a, page };
    await page.goto(`${e2e.url}/admin/dashboard`);
    await pressed(page, 'Joan Clarke', 'Arrived').waitFor();
    await settledLive(page);
    await row(page, 'Joan Clarke').getByText('Waiting to send').waitFor({ state: 'detached' });
    expect(await reservation('joan')).toMatchObject({ status: 'arrived', party_size: 3 });
    const hers = await staffChanges(`record_id = "${ids.joan}"`);
    expect(hers.map((c) => c.outcome)).toEqual(['applied', 'applied']);
    expect(sent.sort()).toEqual(hers.map((c) => c.id).sort());
  });

  it('mails the guest an updated invitation for a new party size and a cancellation for a cancel', async () => {
    const { page } = a;
    const uid = reservationIcsUid(ids.rosalind!);
    const rosalind = row(page, 'Rosalind Franklin');
    await rosalind.getByRole('button', { name: /^Party size and time/ }).click();
    await rosalind.getByLabel('Party size', { exact: true }).fill('3');
    await rosalind.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await reservation('rosalind')).party_size).toBe(3);
    await e2e.venue.settle(`record_id = "${ids.rosalind}"`);
    expect(invitations('rosalind')).toEqual([
      { uid, sequence: 0, method: 'REQUEST' },
      { uid, sequence: 1, method: 'REQUEST' },
    ]);

    await rosalind.getByRole('button', { name: 'Cancelled' }).click();
    // A cancellation mails the guest: the tablet asks first (issue 31).
    await page.getByRole('dialog', { name: 'Cancel Rosalind Franklin’s reservation?' }).getByRole('button', { name: 'Cancel reservation' }).click();
    await expect.poll(async () => (await reservation('rosalind')).status).toBe('cancelled');
    await e2e.venue.settle(`record_id = "${ids.rosalind}"`);
    expect(invitations('rosalind')[2]).toEqual({ uid, sequence: 2, method: 'CANCEL' });
    expect(invitations('rosalind')).toHaveLength(3);
  });

  it('mails exactly one update for an offline change sent again after its answer was lost', async () => {
    const { page, context } = a;
    const uid = reservationIcsUid(ids.barbara!);
    await goOffline(a);
    const barbara = row(page, 'Barbara Liskov');
    await barbara.getByRole('button', { name: /^Party size and time/ }).click();
    await barbara.getByLabel('Party size', { exact: true }).fill('4');
    await barbara.getByRole('button', { name: 'Save' }).click();
    await barbara.getByText('Waiting to send').waitFor();
    // The first send reaches the server, which applies it; its answer never comes back.
    let lost = 0;
    await page.route('**/api/admin/changes', async (route) => {
      if (lost++ > 0) return route.fallback();
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => lost).toBe(1);
    await expect.poll(async () => (await reservation('barbara')).party_size).toBe(4);
    // The wifi drops and comes back: the tablet sends the change again, answered as already applied.
    await goOffline(a);
    await context.setOffline(false);
    await settledLive(page);
    expect(lost).toBeGreaterThanOrEqual(2);
    await page.unroute('**/api/admin/changes');
    const hers = await staffChanges(`record_id = "${ids.barbara}"`);
    expect(hers.map((c) => c.outcome)).toEqual(['applied']);
    await e2e.venue.settle(`record_id = "${ids.barbara}"`);
    expect(invitations('barbara')).toEqual([
      { uid, sequence: 0, method: 'REQUEST' },
      { uid, sequence: 1, method: 'REQUEST' },
    ]);
  });

  it('leaves no reservation row in IndexedDB after sign-out, even with changes arriving as it signs out', async () => {
    const { page } = a;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    expect(await reservationRowsInIndexedDb(page)).toBeGreaterThan(0);
    // Another device edits tonight's guests all through the sign-out: their realtime events reach
    // this tablet before, during and after the wipe of its copy.
    let editing = true;
    const edits = (async () => {
      for (let n = 0; editing; n++) {
        await su().collection('reservations').update(ids[n % 2 ? 'ada' : 'alan']!, { phone: `555-01${String(n % 100).padStart(2, '0')}` });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    editing = false;
    await edits;
    await expect.poll(() => reservationRowsInIndexedDb(page)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reservationRowsInIndexedDb(page)).toBe(0);
    expect(errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
