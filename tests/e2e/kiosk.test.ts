/**
 * The door kiosk (/kiosk) end to end: a walk-in reserves for tonight, the record is stored with
 * source 'kiosk', and the kiosk resets itself after the success screen, after inactivity and
 * after an offline submission (which is sent once the connection returns).
 *
 * Time: each test installs Playwright's clock on its context at a fixed venue time on the coming
 * Friday (today when it is one; never before the server's today), whose open tables run to
 * midnight, so the slots shown do not depend on when the suite runs, and fast-forwards it through
 * the 10 s success countdown and the 60 s inactivity wait. The kiosk has no test-only switches.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_GAME_NIGHT, MESSAGES, TIME_SLOTS } from '../../src/lib/rules/limits';
import { WALK_IN_MESSAGES } from '../../src/lib/rules/walkIns';
import { addDays, isoWeekday, venueDateTimeToUtc, venueToday } from '../../src/lib/venueTime';
import { formatViolations, runAxe } from '../support/axe';
import { openPage } from '../support/browser';
import { e2ePerFile, expectToast } from '../support/e2e-server';

const e2e = e2ePerFile();
/** The coming Friday (today when it is one). */
const friday = addDays(venueToday(), (12 - isoWeekday(venueToday())) % 7);
const contexts: BrowserContext[] = [];

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
});

/** The kiosk on a landscape tablet, its clock at `time` (venue time) on that Friday from the first script on. */
async function openKiosk(time: string, date = friday) {
  const opened = await openPage(e2e.browser, { viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
  contexts.push(opened.context);
  await opened.context.clock.install({ time: venueDateTimeToUtc(date, time)! });
  await opened.page.goto(`${e2e.url}/kiosk`, { waitUntil: 'domcontentloaded' });
  await opened.page
    .getByTestId('kiosk-form')
    .waitFor()
    .catch(async (error: Error) => {
      const body = await opened.page.locator('body').innerHTML().catch(() => '');
      throw new Error(`${error.message}\nconsole:\n${opened.consoleMessages.join('\n')}\nbody:\n${body.slice(0, 2000)}`);
    });
  return opened;
}

/** axe on the page once entry animations have finished (a half-faded button fails contrast). */
async function axe(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return runAxe(page);
}

async function reservationsFor(email: string) {
  return e2e.venue.su.collection('reservations').getFullList({ filter: e2e.venue.su.filter('email = {:email}', { email }) });
}

/** The form is back to a fresh, empty state and nothing of `guest` is on screen or in session storage. */
async function expectFreshForm(page: Page, ...traces: string[]) {
  const form = page.getByTestId('kiosk-form');
  await form.waitFor();
  expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
  expect(await form.getByLabel(/^Email/).inputValue()).toBe('');
  expect(await form.getByLabel(/^Phone/).inputValue()).toBe('');
  expect(await form.getByLabel('Number of people').inputValue()).toBe('1');
  expect(await form.locator('input[type="radio"]:checked').count()).toBe(0);
  expect(await form.getByRole('button', { name: 'Reserve My Spot' }).isDisabled()).toBe(true);
  // The previous guest's toasts are dismissed (sonner animates them out first).
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 2_000 });
  const body = await page.locator('body').innerText();
  const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  for (const trace of traces) {
    expect(body).not.toContain(trace);
    expect(session).not.toContain(trace);
  }
}

describe('door kiosk', () => {
  it('a walk-in reserves for tonight, gets a success screen, and the kiosk resets itself', async () => {
    const { page, consoleMessages } = await openKiosk('6:50 PM');
    const email = 'grace.kiosk@example.test';

    // A screen of its own: no site header, footer, navigation or links out; no confetti.
    expect(await page.locator('header, footer, nav, a[href]').count()).toBe(0);
    expect(await page.locator('[data-testid="kiosk"][data-no-celebration]').count()).toBe(1);
    expect(await page.title()).toContain('Walk-in Reservations');

    const form = page.getByTestId('kiosk-form');
    await expect(form.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Reserve a table for tonight');
    // 6:50 PM: tonight's slots from 7:00 PM on.
    expect(await form.locator('fieldset label').allInnerTexts()).toEqual(TIME_SLOTS.slice(TIME_SLOTS.indexOf('7:00 PM')));
    await page.getByTestId('kiosk-seats').waitFor();
    expect(await page.getByTestId('kiosk-seats').innerText()).toMatch(/^\d+ seats? left tonight$/);
    const axeForm = await axe(page);
    expect(axeForm, `axe on the form:\n${formatViolations(axeForm)}`).toEqual([]);

    // The shared rules and the 'Invalid Input' toast.
    await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel(/^Email/).fill('grace@');
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('radio', { name: '9:30 PM', exact: true }).check();
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    await expectToast(page, 'Invalid Input', MESSAGES.emailInvalid);
    expect(await form.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel(/^Email/).fill(email);
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    const done = page.getByTestId('kiosk-done');
    await done.getByRole('heading', { name: "You're all set, Grace!" }).waitFor();
    expect(await done.getAttribute('data-state')).toBe('sent');
    expect(await page.getByTestId('kiosk-done-summary').innerText()).toBe('Tonight at 9:30 PM · 3 people');
    expect(await page.getByTestId('kiosk-countdown').innerText()).toMatch(/resets in (10|9) seconds/);
    const axeDone = await axe(page);
    expect(axeDone, `axe on the success screen:\n${formatViolations(axeDone)}`).toEqual([]);

    const [record] = await reservationsFor(email);
    expect(record).toMatchObject({
      source: 'kiosk',
      event_date: friday,
      event_time: '9:30 PM',
      party_size: 3,
      event_name: BOARD_GAME_NIGHT,
      name: 'Grace Hopper',
    });
    expect(await reservationsFor(email)).toHaveLength(1);

    // The success screen clears itself after ~10 s.
    await page.clock.fastForward(10_500);
    await expectFreshForm(page, 'Grace', email);
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });

  it('clears a partly filled form after 60 s without a touch, asking "Still there?" 10 s before', async () => {
    const { page } = await openKiosk('8:00 PM');
    const form = page.getByTestId('kiosk-form');
    await form.getByLabel('Name', { exact: true }).fill('Walked Away');
    await form.getByLabel(/^Email/).fill('walked.away@example.test');
    await form.getByRole('radio', { name: '10:00 PM', exact: true }).check();

    const prompt = page.getByTestId('kiosk-still-there');
    await page.clock.fastForward(45_000);
    expect(await prompt.count()).toBe(0);
    await page.clock.fastForward(6_000);
    await prompt.getByRole('heading', { name: 'Still there?' }).waitFor();
    expect(await prompt.innerText()).toMatch(/clears in \d+ seconds?/);
    const axePrompt = await axe(page);
    expect(axePrompt, `axe with the prompt open:\n${formatViolations(axePrompt)}`).toEqual([]);

    // "I'm still here" keeps everything and starts a fresh minute.
    await prompt.getByRole('button', { name: "I'm still here" }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Walked Away');
    await page.clock.fastForward(30_000);
    expect(await prompt.count()).toBe(0);

    // Nobody answers this time: the form is cleared.
    await page.clock.fastForward(21_000);
    await prompt.waitFor();
    await page.clock.fastForward(10_000);
    await prompt.waitFor({ state: 'detached' });
    await expectFreshForm(page, 'Walked Away', 'walked.away@example.test');
  });

  it('offline: saves the reservation on the tablet, resets for the next guest, sends it once back online', async () => {
    const { page, context } = await openKiosk('9:10 PM');
    const email = 'linus.offline@example.test';
    const form = page.getByTestId('kiosk-form');
    // 9:10 PM: 9:00 PM has passed.
    expect(await form.locator('fieldset label').allInnerTexts()).toEqual(['9:30 PM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM']);

    await context.setOffline(true);
    await form.getByLabel('Name', { exact: true }).fill('Linus Torvalds');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('555');
    await form.getByRole('radio', { name: '10:30 PM', exact: true }).check();
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    await expectToast(page, 'Invalid Input', MESSAGES.phoneInvalid);
    await form.getByLabel(/^Phone/).fill('(347) 555-0199');
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('radio', { name: '10:30 PM', exact: true }).check();
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();

    const done = page.getByTestId('kiosk-done');
    await done.getByRole('heading', { name: 'Thanks, Linus!' }).waitFor();
    expect(await done.getAttribute('data-state')).toBe('queued');
    expect(await done.innerText()).toContain("Saved on this device — it'll be sent as soon as we're back online");
    expect(await page.getByTestId('kiosk-done-summary').innerText()).toBe('Tonight at 10:30 PM · 2 people');
    const network = page.getByTestId('kiosk-network');
    await expect.poll(() => network.getAttribute('data-pending')).toBe('1');
    expect(await network.getAttribute('data-online')).toBe('false');

    // "Done" starts the next guest at once (the toast above goes too, well before its 6 s);
    // the saved reservation stays queued.
    await done.getByRole('button', { name: 'Done' }).click();
    await expectFreshForm(page, 'Linus', email);
    expect(await reservationsFor(email)).toHaveLength(0);

    await context.setOffline(false);
    await expect.poll(() => network.getAttribute('data-pending'), { timeout: 20_000 }).toBe('0');
    const records = await reservationsFor(email);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ source: 'kiosk', event_date: friday, event_time: '10:30 PM', party_size: 2, phone: '(347) 555-0199' });
    // The form stayed fresh: the delivery did not bring the previous guest back on screen.
    await expectFreshForm(page, 'Linus', email);
  });

  it('on a Friday between 11:30 PM and midnight takes walk-ins arriving now, online and offline, then says when it opens again (issue 31)', async () => {
    const { page, context } = await openKiosk('11:40 PM');
    const form = page.getByTestId('kiosk-form');
    // The listed times have passed, but Friday's open tables run to midnight: the arrival is now.
    expect(await form.locator('fieldset').count()).toBe(0);
    expect(await page.getByTestId('kiosk-arrival').innerText()).toBe(WALK_IN_MESSAGES.arrivingNow('11:40 PM'));
    const book = async (name: string, email: string) => {
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel(/^Email/).fill(email);
      await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    };

    await book('Late Larry', 'late.larry@example.test');
    const done = page.getByTestId('kiosk-done');
    await done.getByRole('heading', { name: "You're all set, Late!" }).waitFor();
    expect(await page.getByTestId('kiosk-done-summary').innerText()).toBe('Tonight at 11:40 PM · 1 person');
    expect(await reservationsFor('late.larry@example.test')).toMatchObject([{ source: 'kiosk', event_date: friday, event_time: '11:40 PM', party_size: 1 }]);
    await done.getByRole('button', { name: 'Done' }).click();

    // Offline, ten minutes later: saved on the tablet, sent once the connection is back.
    await page.clock.fastForward('10:00');
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('kiosk-arrival').innerText()).toBe(WALK_IN_MESSAGES.arrivingNow('11:50 PM'));
    await book('Owl Olive', 'owl.olive@example.test');
    await done.getByRole('heading', { name: 'Thanks, Owl!' }).waitFor();
    expect(await page.getByTestId('kiosk-done-summary').innerText()).toBe('Tonight at 11:50 PM · 1 person');
    await done.getByRole('button', { name: 'Done' }).click();
    await context.setOffline(false);
    const network = page.getByTestId('kiosk-network');
    await expect.poll(() => network.getAttribute('data-pending'), { timeout: 20_000 }).toBe('0');
    expect(await reservationsFor('owl.olive@example.test')).toMatchObject([{ source: 'kiosk', event_date: friday, event_time: '11:50 PM' }]);

    // Midnight: Friday's tables are over. Closed until Saturday's open at 6 PM.
    await page.clock.fastForward('10:30');
    const closed = page.getByTestId('kiosk-closed');
    await closed.waitFor();
    expect(await closed.getByRole('heading', { level: 2 }).innerText()).toBe(WALK_IN_MESSAGES.closedTitle);
    expect(await page.getByTestId('kiosk-opens-again').innerText()).toBe('Walk-in reservations open again at 6 PM on Saturday.');
  });
});
