/**
 * The door on a staff tablet (issue 11) in Chromium: an admin signs in with the emailed code at
 * 768×1024, then, turned to 1024×768 with the on-screen keyboard taking half the screen, finds a
 * guest by part of their phone number and checks them in from the result. Touch targets are at
 * least 44 px and the screens pass axe.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_AUTH_MESSAGES } from '../../src/lib/rules/staffAuth';
import { boardGameBody, dayFromToday } from '../support/api-fixtures';
import { formatViolations, runAxe } from '../support/axe';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';

const EMAIL = 'door-manager@example.test';
const PASSWORD = 'door-night-2026';
const e2e = e2ePerFile({ meta: false });
let staff: OpenedPage;
let maria: string;

beforeAll(async () => {
  const { su } = e2e.venue;
  await e2e.venue.admin(EMAIL, PASSWORD);
  maria = (await su.collection('reservations').create(boardGameBody({ name: 'Maria Lopez', email: 'maria@example.test', phone: '(347) 555-0100', event_date: dayFromToday(1) }))).id;
  await su.collection('reservations').create(boardGameBody({ name: 'Marco Polo', email: 'marco@example.test', phone: '(212) 555-0199', event_date: dayFromToday(2) }));
});

/** Visible controls in `scope` smaller than 44 × 44 px. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((root) => {
    const controls = document.querySelectorAll<HTMLElement>(`${root} :is(button, a, input, select)`);
    return [...controls]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden'))
      .filter((el) => el.getBoundingClientRect().height < 44 || el.getBoundingClientRect().width < 44)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`);
  }, scope);
}

describe('staff at the door, on a tablet', () => {
  it('signs in with the password and then the emailed code (768×1024)', async () => {
    staff = await e2e.open('/admin/login', { viewport: viewports.tabletPortrait });
    const { page } = staff;
    await signInWithEmailedCode(page, e2e.venue, EMAIL, PASSWORD).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${staff.consoleMessages.join('\n')}`);
    });
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    await page.getByTestId('count-reservations').waitFor();
  });

  it('shows the code step with clear messages, big targets and no axe violations', async () => {
    const page = (await e2e.open('/admin/login', { viewport: viewports.tabletPortrait })).page;
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(STAFF_AUTH_MESSAGES.codeSent).waitFor();
    expect(await smallTargets(page, 'main')).toEqual([]);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByLabel('Code', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText(STAFF_AUTH_MESSAGES.codeFormat).waitFor();
  });

  it('finds a guest by part of the phone number and checks them in (1024×768, keyboard open)', async () => {
    const { page } = staff;
    await page.setViewportSize(viewports.tabletLandscape);
    const box = page.getByRole('searchbox', { name: 'Find a guest' });
    // The on-screen keyboard takes about half of a landscape tablet: the results come right under
    // the box, so both show in the half that is left.
    await page.setViewportSize({ width: 1024, height: 400 });
    await box.focus();
    await box.pressSequentially('347 555');
    const results = page.getByRole('list', { name: 'Guests found' });
    const row = results.getByRole('listitem', { name: 'Maria Lopez, Board Game Night' });
    await row.waitFor();
    await expect(results.getByRole('listitem').count()).resolves.toBe(1);
    // The box and the first result fit together in the half the keyboard leaves.
    const gap = await page.evaluate(() => {
      const box = document.querySelector('input[type="search"]')!.getBoundingClientRect();
      const row = document.querySelector('[aria-label="Guests found"] li')!.getBoundingClientRect();
      return row.bottom - box.top;
    });
    expect(gap).toBeLessThan(400);

    await row.getByRole('button', { name: 'Arrived' }).click();
    await row.getByRole('button', { name: 'Arrived' }).and(page.locator('[aria-pressed="true"]')).waitFor();
    await expect.poll(async () => (await e2e.venue.su.collection('reservations').getOne(maria)).status).toBe('arrived');

    await page.setViewportSize(viewports.tabletLandscape);
    expect(await smallTargets(page, '[role="search"]')).toEqual([]);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(staff.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });

  it('ends every session of the account from the staff header, this tablet included', async () => {
    const { page } = staff;
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token as string);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
    await expect(dialog.getByLabel('Account email').inputValue()).resolves.toBe(EMAIL);
    expect(await smallTargets(page, 'dialog[open]')).toEqual([]);
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await page.waitForURL(`${e2e.url}/admin/login`);
    // The token this tablet held (as any other device's) is refused from now on.
    const refresh = await fetch(`${e2e.url}/api/collections/users/auth-refresh`, { method: 'POST', headers: { Authorization: token } });
    expect(refresh.status).toBe(401);
  });
});
