/**
 * Accessibility and layout on every public route: no axe violations at a phone (390) and a
 * desktop (1280) width, one h1 and no skipped heading levels, no horizontal scrolling at 360,
 * 768, 1024 and 1440, and keyboard use of the header menu, accordions and carousels.
 * Each page loads once; the viewport is resized around it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, runAxe } from '../support/axe';
import { gotoAndWait, launchBrowser, scrollToLiveCarousel } from '../support/browser';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
import { publicPages } from '../support/siteRoutes';

let server: StartedPocketBase;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LAYOUT_WIDTHS = [360, 768, 1024, 1440];

beforeAll(async () => {
  [server, browser] = await Promise.all([startPocketBase(), launchBrowser()]);
  // Reduced motion: the route fade-in would otherwise be caught half-way by the contrast checks.
  context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function settle(p: Page) {
  await p.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Elements that stick out of the viewport sideways, with the page's own overflow-x guard lifted. */
async function horizontalOverflow(p: Page): Promise<{ scrollWidth: number; width: number; culprits: string[] }> {
  return p.evaluate(() => {
    const html = document.documentElement;
    const body = document.body;
    const saved = { html: html.style.overflowX, body: body.style.overflowX };
    html.style.overflowX = 'visible';
    body.style.overflowX = 'visible';
    const width = html.clientWidth;
    const scrollWidth = Math.max(html.scrollWidth, body.scrollWidth);
    const culprits: string[] = [];
    if (scrollWidth > width + 1) {
      for (const el of Array.from(body.querySelectorAll<HTMLElement>('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.width > 0 && rect.right > width + 1) {
          const parentRect = el.parentElement?.getBoundingClientRect();
          // Report the outermost element that overflows, not all of its children.
          if (!parentRect || parentRect.right <= width + 1) {
            culprits.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)} right=${Math.round(rect.right)}`);
          }
        }
      }
    }
    html.style.overflowX = saved.html;
    body.style.overflowX = saved.body;
    return { scrollWidth, width, culprits: culprits.slice(0, 8) };
  });
}

/** h1 count and heading levels that skip (an h2 followed by an h4), in document order. */
async function headingOutline(p: Page): Promise<{ h1: number; skips: string[] }> {
  return p.evaluate(() => {
    const headings = Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')).filter(
      (h) => h.getClientRects().length > 0 || h.classList.contains('visually-hidden'),
    );
    const skips: string[] = [];
    let previous = 0;
    for (const h of headings) {
      const level = Number(h.tagName[1]);
      if (previous && level > previous + 1) skips.push(`h${previous} → h${level} "${h.textContent?.trim().slice(0, 50)}"`);
      previous = level;
    }
    return { h1: headings.filter((h) => h.tagName === 'H1').length, skips };
  });
}

describe('every public route', () => {
  it.each(publicPages())('$path: no axe violations at 390 and 1280, one h1, no sideways scrolling', async ({ path }) => {
    await page.setViewportSize(PHONE);
    await gotoAndWait(page, `${server.url}${path}`);
    await settle(page);

    const outline = await headingOutline(page);
    expect(outline.h1, 'one h1').toBe(1);
    expect(outline.skips, 'heading levels in order').toEqual([]);

    const phone = await runAxe(page);
    expect(phone, `axe at 390 px:\n${formatViolations(phone)}`).toEqual([]);

    for (const width of LAYOUT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `${path} at ${width} px scrolls sideways`).toMatchObject({ culprits: [] });
      expect(overflow.scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(overflow.width + 1);
    }

    await page.setViewportSize(DESKTOP);
    await settle(page);
    const desktop = await runAxe(page);
    expect(desktop, `axe at 1280 px:\n${formatViolations(desktop)}`).toEqual([]);
  });
});

describe('keyboard', () => {
  it('shows a visible focus ring on links and buttons', async () => {
    await page.setViewportSize(DESKTOP);
    await gotoAndWait(page, `${server.url}/about`);
    const rings: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      rings.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return 'none';
          const style = getComputedStyle(el);
          const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
          return visible ? 'ok' : `${el.tagName} ${el.textContent?.trim().slice(0, 30)}`;
        }),
      );
    }
    expect(rings.filter((r) => r !== 'ok')).toEqual([]);
  });

  /** On /faq, focuses the button named `name`, presses Enter and expects it expanded; returns it. */
  async function openWithEnter(name: string) {
    await gotoAndWait(page, `${server.url}/faq`);
    const button = page.getByRole('button', { name });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    return button;
  }

  it('opens and closes the header menu with the keyboard', async () => {
    await page.setViewportSize(PHONE);
    const toggle = await openWithEnter('Menu');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).resolves.toBe('Main');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toMatch(/Menu/);
  });

  it('works the FAQ accordion with Tab, Enter and Space', async () => {
    const second = await openWithEnter('Is there an age requirement?');
    await page.keyboard.press('Space');
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('moves the photo carousel with the arrow keys', async () => {
    await page.setViewportSize(DESKTOP);
    await gotoAndWait(page, `${server.url}/menu`);
    const carousel = page.getByRole('region', { name: 'Photos of our new space' });
    await scrollToLiveCarousel(page);
    await carousel.focus();
    const status = carousel.locator('[aria-live]');
    await expect(status.innerText()).resolves.toMatch(/Photo 1 of 8/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => status.innerText()).toMatch(/Photo 2 of 8/);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => status.innerText()).toMatch(/Photo 1 of 8/);
  });
});
