import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, gotoAndWait, viewports } from '../support/browser';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
import { pickDate } from '../support/e2e-server';
import { addDays, venueToday } from '../../src/lib/venueTime';

// The forms of /board-game-night, /private-events and /game-master sit below the fold on a phone:
// their code loads (and the prerendered form is taken over) when the guest scrolls to it or reaches
// into it, not with the page (src/components/lazyWhenOnline.ts, lazyOnApproach). A guest may be typing
// into the prerendered form by then: React and react-hook-form keep those words (tested below).

let server: StartedPocketBase;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPocketBase(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The names of the scripts the page has fetched so far. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()!).filter((name) => name.endsWith('.js')));

const FORMS = [
  { route: '/board-game-night', chunk: /^BoardGameReservationForm-/, form: '[data-testid="board-game-form"]' },
  { route: '/private-events', chunk: /^InquiryForm-/, form: '[data-testid="inquiry-form"]' },
];

describe('forms below the fold on a phone', () => {
  for (const { route, chunk, form } of FORMS) {
    it(`${route}: loads the form's code only when the guest scrolls to it, styled the same before and after`, async () => {
      const { context, page } = await openPage(browser, { viewport: viewports.phone });
      await gotoAndWait(page, server.url + route);
      await page.waitForLoadState('networkidle');
      expect((await scriptsFetched(page)).filter((name) => chunk.test(name))).toEqual([]);
      const before = await page.locator(form).first().evaluate((el) => getComputedStyle(el).display + ' ' + getComputedStyle(el.querySelector('input')!).borderTopWidth);
      await page.locator(form).first().scrollIntoViewIfNeeded();
      await expect.poll(async () => (await scriptsFetched(page)).some((name) => chunk.test(name)), { timeout: 15_000 }).toBe(true);
      const after = await page.locator(form).first().evaluate((el) => getComputedStyle(el).display + ' ' + getComputedStyle(el.querySelector('input')!).borderTopWidth);
      expect(after).toBe(before);
      await context.close();
    });
  }

  it('keeps what a guest typed into the prerendered form before its code arrived', async () => {
    const { context, page } = await openPage(browser, { viewport: viewports.phone });
    // Hold the form's code back until the guest has typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/BoardGameReservationForm-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await gotoAndWait(page, `${server.url}/board-game-night`);
    const form = page.locator('[data-testid="board-game-form"]').first();
    const name = form.getByLabel('Name');
    await name.fill('Maria José O’Neil');
    release();
    await form.locator('[data-ready-offline], input').first().waitFor();
    // Hydrated: focusing warms the form up, which only the React form does.
    await expect.poll(async () => { await name.focus(); return form.getAttribute('data-ready-offline'); }, { timeout: 20_000 }).toBe('true');
    expect(await name.inputValue()).toBe('Maria José O’Neil');
    // And the form holds it, not only the field: the button turns on once the other required
    // fields are filled in, which it does only when the form's own state has a name.
    await form.getByLabel('Email', { exact: true }).fill('maria@example.test');
    await pickDate(form, addDays(venueToday(), 8));
    await form.getByRole('radio', { name: '8:00 PM', exact: true }).check();
    await expect.poll(() => form.getByRole('button', { name: 'Reserve My Spot' }).isEnabled(), { timeout: 5_000 }).toBe(true);
    await context.close();
  });
});
