import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile, openPage, gotoAndWait, scrollToLiveCarousel, viewports } from '../support/browser';
import { pocketBasePerFile } from '../support/perFile';

const server = pocketBasePerFile();
const browser = browserPerFile();

const headerScrolled = (page: Page) => page.locator('header[data-scrolled]').first().getAttribute('data-scrolled');

describe('site shell', () => {
  it('opens the mobile menu and closes it when a link is chosen', async () => {
    const { context, page } = await openPage(browser, { viewport: viewports.phone });
    await gotoAndWait(page, `${server.url}/`);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor({ state: 'visible' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels.map((l) => l.replace(' (opens in a new tab)', '').replace('↗', '').trim())).toEqual([
      'Home',
      'About',
      'Reserve A Table',
      'Game Nights, Meetups & More!',
      'Host Your Dream Event',
      'Join Group Chat',
      'Comedy Club',
      'Drink & Food Menu',
      'Local Influencer Collabs',
    ]);

    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${server.url}/about`);
    await nav.waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('highlights the current route and opens the comedy club outside the site', async () => {
    const { context, page } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/menu`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Drink & Food Menu' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBeNull();
    const comedy = nav.getByRole('link', { name: /Comedy Club/ });
    await expect(comedy.getAttribute('target')).resolves.toBe('_blank');
    expect(await comedy.getAttribute('href')).toMatch(/^https:\/\//);
    // Escape closes the dropdown and returns focus to the toggle.
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('turns the header compact past 10 px of scroll, not before, without moving the page', async () => {
    const { context, page } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/`);
    await page.evaluate(() => window.scrollTo(0, 11));
    await page.waitForFunction(() => document.querySelector('header')?.dataset.scrolled === 'true');
    // The compact header must not shift the content: a shift made the browser's scroll anchoring
    // jump back above the threshold and the header flickered. Wait out its transition, then check.
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(11);
    expect(await headerScrolled(page)).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 9));
    await page.waitForFunction(() => document.querySelector('header')?.dataset.scrolled === 'false');
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(9);
    expect(await headerScrolled(page)).toBe('false');
    await context.close();
  });

  it('starts every route at the top and fades the new content in', async () => {
    const { context, page } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${server.url}/faq`);
    // The new content starts transparent and reaches full opacity.
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('main > div')!).opacity) < 1, null, { timeout: 2000 });
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('main > div')!).opacity) === 1, null, { timeout: 5000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('shows the full footer with this year', async () => {
    const { context, page } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/`);
    const footer = page.locator('footer');
    await expect(footer.getByTestId('footer-year').textContent()).resolves.toBe(String(new Date().getFullYear()));
    for (const name of ['Home', 'About', 'Blog', 'FAQ', 'Terms of Service', 'Privacy Policy', 'Cookie Policy']) {
      expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    const text = await footer.textContent();
    expect(text).toContain('10 Cooper Street, Brooklyn, NY 11207');
    expect(text).toMatch(/Google Maps/);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    await context.close();
  });

  it('shows the 404 page for an unknown path and logs the path', async () => {
    const { context, page, consoleMessages } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/no/such/page`);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Oops! Page not found');
    await expect(page.locator('main').getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    // The page logs from an effect; the browser's console event may reach the test a moment later.
    await expect.poll(() => consoleMessages.some((m) => m.includes('/no/such/page'))).toBe(true);
    await context.close();
  });

  it('celebrates clicks on buttons outside forms', async () => {
    const { context, page } = await openPage(browser);
    await gotoAndWait(page, `${server.url}/`);
    // A tap before it is live would be React's to replay to the carousel, not the page's listener.
    await scrollToLiveCarousel(page);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.celebrating !== undefined);
    // canvas-confetti is fetched on the first celebration, so its canvas arrives a moment later.
    await page.locator('canvas[data-celebration]').waitFor({ state: 'attached', timeout: 5000 });
    expect(await page.locator('canvas[data-celebration]').count()).toBe(1);
    // The effect lasts one second.
    await page.waitForFunction(() => document.documentElement.dataset.celebrating === undefined, null, { timeout: 3000 });
    await context.close();
  });
});

describe('photo carousel', () => {
  const slidesInView = (page: Page) =>
    page.evaluate(() => {
      const viewport = document.querySelector('[aria-roledescription="carousel"] > div')!.getBoundingClientRect();
      const slides = [...document.querySelectorAll('[aria-roledescription="slide"] img')].map((s) => s.getBoundingClientRect());
      return slides.filter((s) => s.left >= viewport.left - 2 && s.right <= viewport.right + 2).length;
    });

  it.each([
    [390, 1],
    [800, 2],
    [1280, 3],
  ])('shows the right number of photos at %i px', async (width, expected) => {
    const { context, page } = await openPage(browser, { viewport: { width, height: 900 } });
    await gotoAndWait(page, `${server.url}/`);
    await page.locator('[aria-roledescription="carousel"]').scrollIntoViewIfNeeded();
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(8);
    expect(await slidesInView(page)).toBe(expected);
    await context.close();
  });

  it('moves on the first Next, when that click scrolls the carousel into view (desktop)', async () => {
    const { context, page } = await openPage(browser, { viewport: viewports.desktop });
    // The carousel's code takes a moment to arrive, as on a real connection (from localhost it is
    // in before the click lands, which hid the lost tap).
    await page.route(/Carousel-.*\.js/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await gotoAndWait(page, `${server.url}/`);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    // Out of view, so its code is not started: the click below is the first thing to bring it in.
    const inView = () => carousel.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight);
    expect(await inView()).toBe(false);
    // Playwright scrolls the button into view, then clicks it at once.
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect.poll(() => carousel.getAttribute('data-selected'), { timeout: 10_000 }).toBe('1');
    expect(await carousel.locator('[aria-live]').innerText()).toBe('Photo 2 of 8');
    await context.close();
  });

  it('advances with the buttons and the arrow keys', async () => {
    const { context, page } = await openPage(browser, { viewport: viewports.phone, reducedMotion: 'reduce' });
    await gotoAndWait(page, `${server.url}/`);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const selected = () => carousel.getAttribute('data-selected');
    await scrollToLiveCarousel(page);
    expect(await selected()).toBe('0');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="carousel"]')?.getAttribute('data-selected') === '1');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="carousel"]')?.getAttribute('data-selected') === '2');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="carousel"]')?.getAttribute('data-selected') === '1');
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await page.waitForFunction(() => document.querySelector('[aria-roledescription="carousel"]')?.getAttribute('data-selected') === '0');
    await context.close();
  });
});
