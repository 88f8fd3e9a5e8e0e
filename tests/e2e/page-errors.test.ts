/**
 * The net under every e2e test (tests/support/e2e-setup.ts): an uncaught exception or an
 * unhandled rejection in any page of any context is recorded, then taken once.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, takePageErrors } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('uncaught errors in the browser', () => {
  it('are recorded from every context, thrown or rejected, and taken once', async () => {
    for (let round = 1; round <= 2; round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent(`<script>setTimeout(() => { throw new TypeError('thrown ${round}'); }, 10); Promise.reject(new RangeError('rejected ${round}'));</script>`);
      const seen: string[] = [];
      await expect.poll(() => seen.push(...takePageErrors()), { timeout: 5000 }).toBe(2);
      expect(seen.sort()).toEqual([expect.stringMatching(new RegExp(`RangeError: rejected ${round}$`)), expect.stringMatching(new RegExp(`TypeError: thrown ${round}$`))]);
      await context.close();
    }
    expect(takePageErrors()).toEqual([]);
  });
});
