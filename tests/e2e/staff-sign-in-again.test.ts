/**
 * Issue 24 in Chromium: one staff account signs in on a tablet, on a second tablet meanwhile, and
 * again after signing out (each time with its own emailed code); on the code screen, asking for a
 * new code too soon says which limit that is, under the field, not "too many wrong codes".
 */
import { describe, expect, it } from 'vitest';
import { STAFF_AUTH_MESSAGES } from '../../src/lib/rules/staffAuth';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';

const EMAIL = 'again-manager@example.test';
const PASSWORD = 'again-night-2026';
const e2e = e2ePerFile({ meta: false });

async function signIn(tablet: OpenedPage) {
  await signInWithEmailedCode(tablet.page, e2e.venue, EMAIL, PASSWORD).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${tablet.consoleMessages.join('\n')}`);
  });
  await tablet.page.waitForURL(`${e2e.url}/admin/dashboard`);
  await tablet.page.getByTestId('count-reservations').waitFor();
}

describe('one staff account, signed in again and again', () => {
  it('signs in on one tablet, on a second meanwhile, and again after signing out', async () => {
    await e2e.venue.admin(EMAIL, PASSWORD);
    const first = await e2e.open('/admin/login', { viewport: viewports.tabletPortrait });
    await signIn(first);
    const second = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signIn(second);
    // The first tablet's session still stands.
    await first.page.reload();
    await first.page.getByTestId('count-reservations').waitFor();

    await second.page.getByRole('button', { name: 'Logout' }).click();
    await second.page.waitForURL(`${e2e.url}/admin/login`);
    await signIn(second);
    expect(second.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });

  it('names the resend wait when a new code is asked for too soon', async () => {
    const { page } = await e2e.open('/admin/login', { viewport: viewports.tabletPortrait });
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(STAFF_AUTH_MESSAGES.codeSent).waitFor();
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(STAFF_AUTH_MESSAGES.resendTooSoon).waitFor();
    await expect(page.getByText(STAFF_AUTH_MESSAGES.codeTooManyTries).count()).resolves.toBe(0);
    // The message belongs to the code field, and focus is back on it.
    const described = await page.getByLabel('Code', { exact: true }).evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
    expect(described).toContain(STAFF_AUTH_MESSAGES.resendTooSoon);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).resolves.toBe('one-time-code');
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/code-resend-too-soon-tablet.png` });
      await page.setViewportSize(viewports.phone);
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/code-resend-too-soon-phone.png` });
    }
  });
});
