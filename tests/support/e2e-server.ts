/**
 * End-to-end fixture: builds what `npm start` serves (skipped when nothing changed), starts one
 * real PocketBase with a loopback SMTP receiver (tests/support/api-fixtures.ts), relaxes rate
 * limits for loopback, and launches one Chromium. One per test file:
 *
 *   let e2e: E2E;
 *   beforeAll(async () => { e2e = await startE2E(); });
 *   afterAll(() => e2e?.stop());
 *   const { page } = await e2e.open('/board-game-night');
 */
import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { formatLongDate } from '../../src/lib/venueTime';
import { startVenue, type Venue, type VenueOptions } from './api-fixtures';
import { launchBrowser, openPage, waitForHydration } from './browser';
import { perFile } from './perFile';
import { projectRoot } from './pocketbase';
import { receiverInbox } from './staff-sign-in.mjs';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  consoleMessages: string[];
}

export interface E2E {
  venue: Venue;
  url: string;
  browser: Browser;
  /** A fresh context (own storage, no service worker by default) with a page at `path`. */
  open: (path?: string, options?: BrowserContextOptions) => Promise<OpenedPage>;
  /** Sends the server's due outbox jobs (mail, conversions) now. */
  flushMail: () => Promise<void>;
  stop: () => Promise<void>;
}

let built = false;

/** `node scripts/build.mjs --quiet` once per process (each part rebuilds only when changed). */
export function ensureBuilt(): void {
  if (built || process.env.E2E_SKIP_BUILD === '1') return;
  const result = spawnSync('node', ['scripts/build.mjs', '--quiet'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  built = true;
}

/** One E2E fixture for a whole test file (tests/support/perFile.ts): `const e2e = e2ePerFile();`. */
export function e2ePerFile(options: Parameters<typeof startE2E>[0] = {}): E2E {
  return perFile(() => startE2E(options), (e2e) => e2e.stop());
}

export async function startE2E(options: VenueOptions & { build?: boolean } = {}): Promise<E2E> {
  if (options.build !== false) ensureBuilt();
  const venue = await startVenue(options);
  await venue.relaxRateLimits();
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await venue.stop();
    throw error;
  }
  const contexts = new Set<BrowserContext>();
  return {
    venue,
    url: venue.url,
    browser,
    open: async (path = '/', contextOptions = {}) => {
      // Service workers off unless asked: tests control the network themselves.
      const opened = await openPage(browser, { serviceWorkers: 'block', ...contextOptions });
      contexts.add(opened.context);
      opened.context.on('close', () => contexts.delete(opened.context));
      await opened.page.goto(venue.url + path, { waitUntil: 'domcontentloaded' });
      await opened.page.locator('main h1').first().waitFor({ state: 'visible' });
      await waitForHydration(opened.page);
      return opened;
    },
    flushMail: async () => {
      await venue.flush();
    },
    stop: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await venue.stop();
    },
  };
}

// ---------------------------------------------------------------- page helpers

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Clicks a day in a react-day-picker month view inside `container`, paging forward as needed. */
export async function clickDay(container: Locator, iso: string): Promise<void> {
  const name = new RegExp(`^${escapeRegExp(formatLongDate(iso))}`);
  // The month view loads on demand (its own chunk): wait for it before reading its days.
  await container.getByRole('grid').first().waitFor();
  for (let i = 0; i < 8; i++) {
    const day = container.getByRole('button', { name });
    if ((await day.count()) > 0) {
      await day.first().click();
      return;
    }
    await container.getByRole('button', { name: /next month/i }).click();
  }
  throw new Error(`Day ${iso} not found in the calendar`);
}

/**
 * The day button of `iso` in a month view: pages forward, then back, until it is shown (the
 * picker opens on the chosen date's month, and stops paging at the booking horizon).
 */
export async function findDay(container: Locator, iso: string): Promise<Locator> {
  const name = new RegExp(`^${escapeRegExp(formatLongDate(iso))}`);
  // The month view loads on demand (its own chunk): wait for it before reading its days.
  await container.getByRole('grid').first().waitFor();
  for (const direction of [/next month/i, /previous month/i]) {
    for (let i = 0; i < 16; i++) {
      const day = container.getByRole('button', { name });
      if ((await day.count()) > 0) return day.first();
      const page = container.getByRole('button', { name: direction });
      if ((await page.getAttribute('aria-disabled')) === 'true') break;
      await page.click();
    }
  }
  throw new Error(`Day ${iso} not found in the calendar`);
}

/**
 * Focuses a form while still online, as a guest who starts typing would, and waits until what it
 * needs later (validation, the outbox, the date picker, toasts: each its own chunk) has loaded,
 * so the form keeps working if the connection drops. The form says so with data-ready-offline.
 */
export async function warmUpForm(form: Locator): Promise<void> {
  const field = form.locator('input:not([type="hidden"]):not([tabindex="-1"])').first();
  // Focus again until React (hydrating the prerendered form) has seen it and the chunks are in.
  for (let attempt = 0; attempt < 50 && (await form.getAttribute('data-ready-offline')) === null; attempt++) {
    await field.blur();
    await field.focus();
    await form.page().waitForTimeout(200);
  }
  if ((await form.getAttribute('data-ready-offline')) === null) throw new Error('the form never became ready to work offline');
}

/** Opens a form's date picker (the button labelled 'Date …') and chooses `iso`. */
export async function pickDate(form: Locator, iso: string): Promise<void> {
  await form.getByRole('button', { name: /^Date\b/ }).click();
  const dialog = form.getByRole('dialog');
  await dialog.waitFor();
  await clickDay(dialog, iso);
  await dialog.waitFor({ state: 'detached' });
}

/** Waits for a toast with this title and description (sonner). */
export async function expectToast(page: Page, title: string, description: string): Promise<Locator> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: description }).filter({ hasText: title });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
  return toast.first();
}

/** Closes every toast (so the next assertion only sees new ones). */
export async function clearToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((b) => b.click());
  });
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

export interface BoardGameInput {
  name: string;
  email: string;
  phone?: string;
  people?: number;
  date: string;
  time: string;
}

/** Fills the board game night form (the first one on the page unless `form` is given). */
export async function fillBoardGameForm(page: Page, input: BoardGameInput, form?: Locator): Promise<Locator> {
  const f = form ?? page.getByTestId('board-game-form').first();
  await f.getByLabel('Name', { exact: true }).fill(input.name);
  await f.getByLabel('Email', { exact: true }).fill(input.email);
  if (input.phone !== undefined) await f.getByLabel(/^Phone/).fill(input.phone);
  if (input.people !== undefined) await f.getByLabel('Number of people').fill(String(input.people));
  await pickDate(f, input.date);
  await f.getByRole('radio', { name: input.time, exact: true }).check();
  return f;
}

export interface InquiryInput {
  email: string;
  name?: string;
  people?: number;
  details?: string;
}

/**
 * Fills the private event inquiry (/private-events) with a valid Birthday Party for `people`
 * (25 unless given), $1,000 – $2,500, 8:00 PM; returns the form.
 */
export async function fillInquiryForm(page: Page, input: InquiryInput): Promise<Locator> {
  const form = page.getByTestId('inquiry-form');
  await form.getByLabel(/^Name/).fill(input.name ?? 'Katherine Johnson');
  await form.getByLabel(/^Email/).fill(input.email);
  await form.getByLabel(/^Phone/).fill('(718) 555-0199');
  await form.getByLabel(/^Event type/).selectOption({ label: 'Birthday Party' });
  await form.getByLabel(/^Number of people/).fill(String(input.people ?? 25));
  await form.getByLabel(/^Budget/).selectOption({ label: '$1,000 – $2,500' });
  await form.getByLabel(/^Preferred time/).selectOption('8:00 PM');
  await form.getByLabel(/^Additional Details/).fill(input.details ?? 'A 30th birthday with board games and cake.');
  return form;
}

/**
 * Signs an admin in on the login page the way staff do (issue 11): email and password, then the
 * code from the mail the loopback SMTP receiver caught, typed into the code step.
 */
export async function signInWithEmailedCode(page: Page, venue: Venue, email: string, password: string, options: { deviceName?: string | null } = {}): Promise<void> {
  if (!venue.smtp) throw new Error('an admin signs in with an emailed code: start the venue with its SMTP receiver');
  // A tablet that was named before: the "Name this device" dialog is for tests/e2e/staff-accounts.test.ts (deviceName: null).
  const deviceName = options.deviceName === undefined ? 'Test tablet' : options.deviceName;
  if (deviceName) await page.evaluate((name) => localStorage.setItem('staff-device-name', name), deviceName);
  const inbox = receiverInbox(venue.smtp);
  const before = inbox.count(email);
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  const code = await inbox.code(email, before);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}
