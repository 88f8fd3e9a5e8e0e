/**
 * The staff area end to end: sign up, a login without the admin role, the role granted by the
 * console command, the reservations view (counts, a filter, live updates, status), tasks
 * (starter tasks, create, status, edit, delete), today's priorities and the open ones carried
 * over from earlier days, logout and the guards.
 * One server, one browser, one signed-in page that the steps share, in order.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { boardGameBody, client, dayFromToday, eventBody } from '../support/api-fixtures';
import { signInWithEmailedCode, startE2E, type E2E, type OpenedPage } from '../support/e2e-server';
import { viewports } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { expectNoSmallTargets } from '../support/touch';
import { addDays, formatNight, venueNight } from '../../src/lib/venueTime';

const EMAIL = 'manager@example.test';
const PASSWORD = 'game-night-2026';

let e2e: E2E;
let staff: OpenedPage;
let su: PocketBase;

beforeAll(async () => {
  e2e = await startE2E({ meta: false });
  su = e2e.venue.su;
});

afterAll(() => e2e?.stop());

/** A toast with this title and description (SPEC §8 pairs). */
function toast(page: Page, title: string, description: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description }).first();
}

async function waitForCounts(page: Page, reservations: number, guests: number, events: number) {
  await page.waitForFunction(
    ([r, g, e]) =>
      document.querySelector('[data-testid="count-reservations"]')?.textContent === r &&
      document.querySelector('[data-testid="count-guests"]')?.textContent === g &&
      document.querySelector('[data-testid="count-events"]')?.textContent === e,
    [String(reservations), String(guests), String(events)],
  );
}

async function login(page: Page) {
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email', { exact: true }).fill(EMAIL);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('staff area', () => {
  it('sends a signed-out visitor from the dashboard to the login page', async () => {
    const { page, context } = await e2e.open('/admin/dashboard');
    await page.waitForURL(`${e2e.url}/admin/login`);
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toContain('noindex');
    await context.close();
  });

  it('validates, signs up (account only) and clears the fields', async () => {
    staff = await e2e.open('/admin/login', { viewport: viewports.tablet });
    const { page } = staff;
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email', { exact: true }).fill('not-an-email');
    await panel.getByLabel('Password', { exact: true }).fill('secret1');
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    await toast(page, 'Invalid Input', 'Invalid email address').waitFor();

    await panel.getByLabel('Email', { exact: true }).fill(EMAIL);
    await panel.getByLabel('Password', { exact: true }).fill('abc');
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    await toast(page, 'Invalid Input', 'Password must be at least 6 characters').waitFor();

    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    await toast(page, 'Account Created', 'Your account has been created. Now grant yourself admin role in the database, then log in.').waitFor();
    await expect(panel.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('');
    await expect(panel.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    const users = await su.collection('users').getFullList({ filter: su.filter('email = {:e}', { e: EMAIL }) });
    expect(users).toHaveLength(1);
  });

  it('signs a login without the admin role out again with Access Denied', async () => {
    const { page } = staff;
    await page.getByRole('tab', { name: 'Login' }).click();
    await login(page);
    await toast(page, 'Access Denied', 'You do not have admin privileges. Please grant yourself admin role in the database first.').waitFor();
    expect(page.url()).toBe(`${e2e.url}/admin/login`);
    const stored = await page.evaluate(() => localStorage.getItem('pocketbase_auth'));
    expect(stored === null || !JSON.parse(stored).token).toBe(true);

    // A wrong password shows the provider's message.
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Error', 'Failed to authenticate.').waitFor();
  });

  it('logs an admin in and lists every reservation with its counts', async () => {
    const granted = await e2e.venue.server.command(['admin:grant', EMAIL]);
    expect(granted.code, granted.stderr).toBe(0);
    const anon = client(e2e.url);
    await anon.collection('reservations').create(boardGameBody({ name: 'Ada Lovelace', party_size: 4, event_date: dayFromToday(2) }));
    await anon.collection('reservations').create(boardGameBody({ name: 'Alan Turing', email: 'alan@example.test', party_size: 2, event_date: dayFromToday(5) }));
    // An event reservation must be for a night the event runs: a one-off Magic Commander Night in three days.
    await e2e.venue.su.collection('events').create({ kind: 'special', title: 'Magic Commander Night', date: dayFromToday(3), time: '6pm', active: true });
    await anon.collection('reservations').create(eventBody({ name: 'Grace Hopper', event_date: dayFromToday(3) }));

    const { page } = staff;
    await signInWithEmailedCode(page, e2e.venue, EMAIL, PASSWORD);
    await toast(page, 'Success', 'Logged in successfully.').waitFor();
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    await waitForCounts(page, 3, 7, 2);
    // Newest first.
    const names = await page.locator('li[aria-label]').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
    expect(names).toEqual(['Grace Hopper, Magic Commander Night', 'Alan Turing, Board Game Night', 'Ada Lovelace, Board Game Night']);
    await expect(page.getByRole('table', { name: 'By event', exact: true }).locator('tbody tr').first().textContent()).resolves.toContain('Board Game Night');
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await expectNoSmallTargets(page);
  });

  it('filters change the counts; one date clears the range', async () => {
    const { page } = staff;
    await page.getByLabel('Event', { exact: true }).selectOption('Magic Commander Night');
    await waitForCounts(page, 1, 1, 1);
    // The export holds the filtered list only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toMatch(/^Event,Event date,Event time,Name,Email/);
    expect(csv.slice(1, -1)).toHaveLength(1);
    expect(csv[1]).toContain('Grace Hopper');
    await page.getByLabel('Event', { exact: true }).selectOption('');
    await page.getByLabel('From', { exact: true }).fill(dayFromToday(1));
    await page.getByLabel('To', { exact: true }).fill(dayFromToday(3));
    await waitForCounts(page, 2, 5, 2);
    await page.getByLabel('Date', { exact: true }).fill(dayFromToday(5));
    await waitForCounts(page, 1, 2, 1);
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForCounts(page, 3, 7, 2);
  });

  it('shows new reservations live and saves a status at once', async () => {
    const { page } = staff;
    await client(e2e.url)
      .collection('reservations')
      .create(boardGameBody({ name: 'Katherine Johnson', email: 'katherine@example.test', party_size: 3, event_date: dayFromToday(2) }));
    await waitForCounts(page, 4, 10, 2);

    const row = page.getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    await row.getByRole('button', { name: 'Arrived' }).click();
    await expect.poll(async () => (await su.collection('reservations').getFirstListItem('name = "Ada Lovelace"')).status).toBe('arrived');
    await expect(row.getByRole('button', { name: 'Arrived' }).getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('a realtime create refreshes the counts from the server without refetching the list', async () => {
    const { page } = staff;
    const calls: string[] = [];
    const track = (request: { url: () => string }) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/collections/reservations/records') || path.startsWith('/api/admin/reservations/')) calls.push(path);
    };
    page.on('request', track);
    await client(e2e.url)
      .collection('reservations')
      .create(boardGameBody({ name: 'Mary Jackson', email: 'mary@example.test', party_size: 2, event_date: dayFromToday(4) }));
    await waitForCounts(page, 5, 12, 2);
    await page.getByRole('listitem', { name: 'Mary Jackson, Board Game Night' }).waitFor();
    page.off('request', track);
    expect(calls.filter((c) => c.startsWith('/api/collections/reservations/records'))).toEqual([]);
    expect(calls.filter((c) => c === '/api/admin/reservations/stats').length).toBeGreaterThanOrEqual(1);
  });

  it('a status change made right after a tablet loads shows on it within 2 s, 10 times out of 10', async () => {
    const { page } = staff;
    const target = await su.collection('reservations').getFirstListItem('name = "Alan Turing"');
    const row = page.getByRole('listitem', { name: 'Alan Turing, Board Game Night' });
    const statuses = ['no_show', 'confirmed'] as const;
    const labels = { no_show: 'No-show', confirmed: 'Confirmed' } as const;
    // A try counts only when the change landed within 100 ms of the list showing; on a loaded
    // machine the API call itself can take longer, and such a try says nothing, so it is redone.
    let counted = 0;
    for (let tries = 0; counted < 10; tries++) {
      expect(tries, 'tries needed to make 10 changes within 100 ms of a load').toBeLessThan(30);
      const status = statuses[tries % 2]!;
      await page.reload();
      await row.waitFor();
      const loadedAt = Date.now();
      await su.collection('reservations').update(target.id, { status });
      const inWindow = Date.now() - loadedAt < 100;
      await row.getByRole('button', { name: labels[status] }).and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 2000 });
      if (inWindow) counted += 1;
    }
  });

  it('the staff area has its own frame: venue, views, account, sign-out and the live state; no public header or footer', async () => {
    const { page } = staff;
    const banner = page.getByRole('banner');
    await expect(banner.count()).resolves.toBe(1);
    await expect(banner.textContent()).resolves.toContain('Tiny Cupboard Games');
    await expect(banner.getByRole('tab', { name: 'Reservations' }).count()).resolves.toBe(1);
    await expect(banner.textContent()).resolves.toContain(EMAIL);
    await expect(banner.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(1);
    await page.waitForFunction(() => document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') === 'live');
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    await expect(page.locator('a[href="/board-game-night"]').count()).resolves.toBe(0);
  });

  it('an admin who is already signed in goes from the login page to the dashboard', async () => {
    const { page } = staff;
    await page.goto(`${e2e.url}/admin/login`);
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    await page.getByTestId('count-reservations').waitFor();
  });

  it('creates the starter tasks once, then creates, updates and deletes a task', async () => {
    const { page } = staff;
    await page.getByRole('tab', { name: 'Tasks' }).click();
    const food = page.getByRole('region', { name: 'Food & Beverage' });
    await food.getByRole('listitem').nth(7).waitFor();
    await expect(food.getByRole('listitem').count()).resolves.toBe(8);
    const starters = await su.collection('tasks').getFullList({ filter: 'category = "food_beverage"' });
    expect(starters).toHaveLength(8);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await expectNoSmallTargets(page);

    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Error', 'Task title is required').waitFor();
    await form.getByLabel('Title', { exact: true }).fill('Renew the liquor license');
    await form.getByLabel('Category', { exact: true }).selectOption('legal_compliance');
    await form.getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Success', 'Task created successfully').waitFor();
    // The toast says the tablet stored it (issue 25: changes go through its queue); the server has it a moment later.
    await expect.poll(async () => (await su.collection('tasks').getFullList({ filter: 'title = "Renew the liquor license"' })).length).toBe(1);
    const created = await su.collection('tasks').getFirstListItem('title = "Renew the liquor license"');
    expect(created).toMatchObject({ category: 'legal_compliance', status: 'unchecked', is_completed: false, description: '', cadence: '' });

    const legal = page.getByRole('region', { name: 'Legal & Compliance' });
    await legal.getByRole('group', { name: 'Status of Renew the liquor license' }).getByRole('button', { name: 'Waiting' }).click();
    await expect.poll(async () => (await su.collection('tasks').getOne(created.id)).status).toBe('waiting');

    await legal.getByRole('button', { name: 'Edit Renew the liquor license' }).click();
    const edit = page.getByRole('form', { name: 'Edit task: Renew the liquor license' });
    await edit.getByLabel('Title', { exact: true }).fill('Renew the liquor license by March');
    await edit.getByLabel(/^Cadence/).fill('Yearly');
    await edit.getByRole('button', { name: 'Save task' }).click();
    await toast(page, 'Success', 'Task updated successfully').waitFor();
    await expect.poll(async () => (await su.collection('tasks').getOne(created.id)).cadence).toBe('Yearly');

    await legal.getByRole('button', { name: 'Delete Renew the liquor license by March' }).click();
    await legal.getByRole('button', { name: 'Tap again to delete Renew the liquor license by March' }).click();
    await toast(page, 'Success', 'Task deleted successfully').waitFor();
    await expect.poll(async () => (await su.collection('tasks').getFullList({ filter: `id = "${created.id}"` })).length).toBe(0);
  });

  it("adds, ticks, edits and deletes today's priorities", async () => {
    const { page } = staff;
    const list = page.getByRole('list', { name: "Today's priorities" });
    const input = page.getByLabel('New priority', { exact: true });
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Restock the dice bag');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Success', 'Priority added successfully').waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(1);
    await expectNoSmallTargets(page);
    await expect.poll(async () => (await su.collection('priorities').getFullList()).length).toBe(1);
    const saved = await su.collection('priorities').getFullList();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ priority_text: 'Restock the dice bag', is_completed: false, order_index: 0 });

    await list.getByLabel('Done: Restock the dice bag', { exact: true }).check();
    await expect.poll(async () => (await su.collection('priorities').getOne(saved[0]!.id)).is_completed).toBe(true);

    await list.getByRole('button', { name: 'Edit priority: Restock the dice bag' }).click();
    await list.getByLabel('Edit priority', { exact: true }).fill('Restock the dice bag and meeples');
    await list.getByLabel('Edit priority', { exact: true }).press('Enter');
    await toast(page, 'Success', 'Priority updated successfully').waitFor();
    await expect.poll(async () => (await su.collection('priorities').getOne(saved[0]!.id)).priority_text).toBe('Restock the dice bag and meeples');

    await list.getByRole('button', { name: 'Delete priority: Restock the dice bag and meeples' }).click();
    await list.getByRole('button', { name: 'Tap again to delete priority: Restock the dice bag and meeples' }).click();
    await toast(page, 'Success', 'Priority deleted successfully').waitFor();
    await expect.poll(async () => (await su.collection('priorities').getFullList()).length).toBe(0);
  });

  it("carries yesterday's open priority over with its date, below today's, and deletes only on a second tap", async () => {
    const { page } = staff;
    // The panel's day is the venue night (until 4:00), so this holds between midnight and 4 AM too.
    const today = venueNight();
    const yesterday = addDays(today, -1);
    const create = (priority_text: string, priority_date: string, is_completed: boolean) =>
      su.collection('priorities').create({ priority_text, priority_date, is_completed, order_index: 0 });
    const open = await create('Fix the wobbly table', yesterday, false);
    await create('Count the till', yesterday, true);
    await create('Call the brewery', today, false);
    await page.reload();

    const list = page.getByRole('list', { name: "Today's priorities" });
    await list.getByRole('listitem').nth(1).waitFor();
    const rows = await list.getByRole('listitem').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Call the brewery');
    expect(rows[0]).not.toContain('Open since');
    expect(rows[1]).toContain('Fix the wobbly table');
    expect(rows[1]).toContain(`Open since ${formatNight(yesterday)}`);
    await expectNoSmallTargets(page);

    // The first tap only asks: the row stays, on the tablet and on the server.
    const carried = list.getByRole('listitem').filter({ hasText: 'Fix the wobbly table' });
    await carried.getByRole('button', { name: 'Delete priority: Fix the wobbly table' }).click();
    const again = carried.getByRole('button', { name: 'Tap again to delete priority: Fix the wobbly table' });
    await again.waitFor();
    expect(await su.collection('priorities').getOne(open.id)).toMatchObject({ priority_text: 'Fix the wobbly table' });
    await again.click();
    await toast(page, 'Success', 'Priority deleted successfully').waitFor();
    await carried.waitFor({ state: 'detached' });
    await expect.poll(async () => (await su.collection('priorities').getFullList({ filter: `id = "${open.id}"` })).length).toBe(0);
  });

  it("keeps an earlier day's priority in view once ticked off, here or on another tablet, so a mistaken tick can be undone", async () => {
    const { page } = staff;
    const yesterday = addDays(venueNight(), -1);
    const create = (priority_text: string) => su.collection('priorities').create({ priority_text, priority_date: yesterday, is_completed: false, order_index: 0 });
    const mine = await create('Oil the shuffler');
    const theirs = await create('Mend the card table');
    onTestFinished(() => Promise.all([mine, theirs].map((p) => su.collection('priorities').delete(p.id).catch(() => undefined))).then(() => undefined));
    await page.reload();
    const list = page.getByRole('list', { name: "Today's priorities" });
    const done = (text: string) => list.getByRole('checkbox', { name: `Done: ${text}` });
    const completed = async (id: string) => (await su.collection('priorities').getOne(id)).is_completed;

    // Ticked here with the network cut: it stays, checked, waiting to send; sent once back online,
    // and it can be unticked again.
    const row = list.getByRole('listitem').filter({ hasText: 'Oil the shuffler' });
    await done('Mend the card table').waitFor();
    await done('Oil the shuffler').waitFor();
    await staff.context.setOffline(true);
    try {
      await done('Oil the shuffler').check();
      await row.getByText('Waiting to send').waitFor();
      await page.waitForTimeout(500);
      await expect(done('Oil the shuffler').isChecked()).resolves.toBe(true);
      await expect(row.innerText()).resolves.toContain(`From ${formatNight(yesterday)}`);
      expect(await completed(mine.id)).toBe(false);
    } finally {
      await staff.context.setOffline(false);
    }
    await expect.poll(() => completed(mine.id), { timeout: 15_000 }).toBe(true);
    await expect(done('Oil the shuffler').isChecked()).resolves.toBe(true);
    await done('Oil the shuffler').uncheck();
    await expect.poll(() => completed(mine.id)).toBe(false);

    // Ticked on another tablet: it arrives checked and stays listed; both times, not just once.
    for (const value of [true, false, true]) {
      await su.collection('priorities').update(theirs.id, { is_completed: value });
      await expect.poll(() => done('Mend the card table').isChecked(), { timeout: 5000 }).toBe(value);
    }

    // The next time the panel opens, a finished one from an earlier day is history.
    await page.reload();
    await done('Oil the shuffler').waitFor();
    await expect(done('Mend the card table').count()).resolves.toBe(0);
  });

  it('logs out to the login page, and the dashboard then sends back there', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await page.goto(`${e2e.url}/admin/dashboard`);
    await page.waitForURL(`${e2e.url}/admin/login`);
  });

  it('a session without the admin role is turned away from the dashboard', async () => {
    const other = 'bartender@example.test';
    await su.collection('users').create({ email: other, password: PASSWORD, passwordConfirm: PASSWORD });
    const { page } = staff;
    await page.evaluate(
      async ([email, password]) => {
        const res = await fetch('/api/collections/users/auth-with-password', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identity: email, password }),
        });
        const { token, record } = await res.json();
        localStorage.setItem('pocketbase_auth', JSON.stringify({ token, record }));
      },
      [other, PASSWORD],
    );
    await page.goto(`${e2e.url}/admin/dashboard`);
    await toast(page, 'Access Denied', 'You do not have admin privileges.').waitFor();
    await page.waitForURL(`${e2e.url}/`);
    expect(staff.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });
});
