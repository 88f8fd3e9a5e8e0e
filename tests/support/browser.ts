/**
 * Debian's Chromium driven by playwright-core (browsers cannot be downloaded here).
 * CHROME_PATH overrides the executable.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { perFile } from './perFile';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Uncaught exceptions and unhandled rejections of every page of every context this file's
 * browser opened, since they were last taken: the e2e setup fails the test they happened in
 * (tests/support/e2e-setup.ts), so no screen throws unnoticed in a test that never looks.
 */
const pageErrors: string[] = [];

export function takePageErrors(): string[] {
  return pageErrors.splice(0);
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    context.on('weberror', (event) => pageErrors.push(`${event.page()?.url() ?? 'a page'}: ${event.error().name}: ${event.error().message}`));
    return context;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** One Chromium for a whole test file (tests/support/perFile.ts): `const browser = browserPerFile();`. */
export function browserPerFile(): Browser {
  return perFile(launchBrowser, (browser) => browser.close());
}

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 800, height: 1024 },
  /** The staff tablet both ways (issue 11, item 5). */
  tabletPortrait: { width: 768, height: 1024 },
  tabletLandscape: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A fresh context (own storage) and page; console errors are collected for assertions. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: viewports.desktop, ...options });
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  page.on('console', (msg) => consoleMessages.push(`${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (err) => consoleMessages.push(`pageerror: ${err.name}: ${err.message}`));
  return { context, page, consoleMessages };
}

/** Waits until the route's lazy page has rendered its h1. */
export async function gotoAndWait(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await waitForHydration(page);
}

/** A prerendered page shows its h1 before React runs: wait until the app has taken it over. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * The photo carousel comes alive as it nears the viewport (its code loads then, not with the page):
 * scrolls to it and waits until it is, before a test taps or keys it.
 */
export async function scrollToLiveCarousel(page: Page): Promise<void> {
  await page.locator('[aria-roledescription="carousel"]').scrollIntoViewIfNeeded();
  await page.locator('[aria-roledescription="carousel"][data-ready="true"]').waitFor();
}
