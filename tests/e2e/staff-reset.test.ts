/**
 * Issue 32 item 3 (and invitations) in Chromium: a staff member who forgot the password asks for a reset on
 * /admin/login, gets the mail (the tests' SMTP receiver), sets a new password on the page the link
 * opens, the session on another tablet ends, and signing in again asks for the emailed code. And
 * an owner's invitation: the invitee opens the link, chooses a password, signs in with the code
 * and reaches the dashboard. Both pages pass axe and are shot at 390x844 and 1024x768.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STAFF_ACCOUNT_MESSAGES } from '../../src/lib/rules/staffAccounts';
import { formatViolations, runAxe } from '../support/axe';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode } from '../support/e2e-server';

const e2e = e2ePerFile({ meta: false });
const SIZES = { phone: viewports.phone, tablet: viewports.tabletLandscape } as const;

/** The path (with its token) of the newest mailed link to `email` whose path starts with `route`. */
async function mailedLink(email: string, route: string): Promise<string> {
  await e2e.venue.settle();
  const pattern = new RegExp(`https?://[^/\\s]+(${route}\\?token=[^\\s"<]+)`);
  const links = e2e.venue.smtp!.to(email).map((m) => pattern.exec(m.parsed.text ?? '')).filter(Boolean);
  const match = links.at(-1);
  expect(match, `a ${route} link mailed to ${email}`).toBeTruthy();
  return match![1]!;
}

/** Screenshots at both sizes (SCREENSHOT_DIR), and axe at both. */
async function look(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    expect(formatViolations(await runAxe(page))).toBe('');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${size}.png`, fullPage: true });
  }
}

describe('staff accounts by mail', () => {
  it('resets a forgotten password: the old session ends and the next sign-in asks for the code', async () => {
    const email = 'forgetful@example.test';
    await e2e.venue.admin(email, 'old-password-1');
    const tablet = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signInWithEmailedCode(tablet.page, e2e.venue, email, 'old-password-1');
    await tablet.page.waitForURL(`${e2e.url}/admin/dashboard`);
    await tablet.page.getByTestId('count-reservations').waitFor();

    const { page } = await e2e.open('/admin/login', { viewport: viewports.phone });
    await look(page, 'login-with-forgot');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(STAFF_ACCOUNT_MESSAGES.resetAsked).waitFor();
    await look(page, 'forgot-password');

    await page.goto(e2e.url + (await mailedLink(email, '/admin/reset-password')));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await look(page, 'reset-password');
    // The shared rule first, on the field.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The form's check runs in a task after the click (its schema resolves asynchronously): wait for it.
    await expect.poll(() => page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('New password again', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(STAFF_ACCOUNT_MESSAGES.resetDone).waitFor();
    await look(page, 'reset-password-done');

    // The other tablet's session has ended.
    await tablet.page.reload();
    await tablet.page.waitForURL(`${e2e.url}/admin/login`);

    // Signing in again: the new password, then the emailed code.
    await page.getByRole('link', { name: 'Go to the login' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    await signInWithEmailedCode(page, e2e.venue, email, 'new-password-2');
    await page.waitForURL(`${e2e.url}/admin/dashboard`);

    // The same link again: refused, with what to do.
    const again = await e2e.open('/admin/login', { viewport: viewports.phone });
    await again.page.goto(e2e.url + (await mailedLink(email, '/admin/reset-password')));
    await again.page.getByLabel('New password', { exact: true }).fill('third-password-3');
    await again.page.getByLabel('New password again', { exact: true }).fill('third-password-3');
    await again.page.getByRole('button', { name: 'Set new password' }).click();
    await again.page.getByText(STAFF_ACCOUNT_MESSAGES.resetLinkBad).waitFor();
  }, 120_000);

  it("accepts an owner's invitation: password on the page, then the emailed code, then the dashboard", async () => {
    await e2e.venue.admin('inviting-owner@example.test', 'owner-password-1', true);
    const owner = await e2e.venue.signIn('inviting-owner@example.test', 'owner-password-1');
    const email = 'new-host@example.test';
    await owner.send('/api/admin/invites', { method: 'POST', body: { email } });

    const { page } = await e2e.open('/admin/login', { viewport: viewports.phone });
    await page.goto(e2e.url + (await mailedLink(email, '/admin/accept-invite')));
    await page.getByRole('heading', { name: 'Join the staff' }).waitFor();
    await look(page, 'accept-invite');
    await page.getByLabel('New password', { exact: true }).fill('host-password-1');
    await page.getByLabel('New password again', { exact: true }).fill('host-password-2');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText(STAFF_ACCOUNT_MESSAGES.passwordsDiffer).waitFor();
    await page.getByLabel('New password again', { exact: true }).fill('host-password-1');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText(STAFF_ACCOUNT_MESSAGES.inviteAccepted).waitFor();
    await look(page, 'accept-invite-done');

    await page.getByRole('link', { name: 'Go to the login' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    // The password, then the emailed code (the helper fails if the code step never comes).
    await signInWithEmailedCode(page, e2e.venue, email, 'host-password-1');
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    await page.getByTestId('count-reservations').waitFor();
  }, 120_000);
});
