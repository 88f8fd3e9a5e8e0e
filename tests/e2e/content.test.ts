/**
 * The content pages end to end in Chromium: every route of the route table renders its
 * heading and key copy, the FAQ, blog, legal, group chat and poster pages behave, the group
 * chat QR code decodes to the configured link and the poster prints on one Letter page.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/content/blog';
import { faq } from '../../src/content/faq';
import { venue } from '../../src/content/venue';
import { formatCalendarDate } from '../../src/features/content';
import { venueToday } from '../../src/lib/venueTime';
import { STAFF_ACCOUNT_MESSAGES } from '../../src/lib/rules/staffAccounts';
import { gotoAndWait, launchBrowser, viewports } from '../support/browser';
import { startPocketBase, type StartedPocketBase } from '../support/pocketbase';
import { sitePages } from '../support/siteRoutes';

let server: StartedPocketBase;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startPocketBase(), launchBrowser()]);
  context = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce' });
  page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The h1 and a piece of key copy for each route (SPEC.md §2). Blog articles are checked by title. */
const EXPECTED: Record<string, { h1: RegExp; copy: (RegExp | string)[] }> = {
  '/': { h1: /comedy club/i, copy: ['Limited Tables Per Night', 'See Our New Space', venue.address.oneLine] },
  '/menu': { h1: /^Drink and Food Menu$/, copy: ['See Our New Space', venue.pricing.barMinimum] },
  '/game-master': { h1: /Local Influencer Collabs/i, copy: [/name/i, /email/i] },
  '/game-master/thank-you': { h1: /Application Submitted/i, copy: [/few days/i] },
  '/about': {
    h1: /^A brand new board game\/video game bar$/,
    copy: ['What makes us different', `${venue.games.boardGameCount} games`, 'Interactive experiences', venue.owner.name, venue.contact.collabEmail],
  },
  '/board-game-night': { h1: /./, copy: [/limited/i, /21\+/] },
  '/trivia': { h1: /Movie & Music Trivia/i, copy: [/10\s?PM/i] },
  '/private-events': { h1: /./, copy: [/Perfect For Every Occasion/i, /Plan Your Event/i] },
  '/private-events/thank-you': { h1: /./, copy: [/24 hours/i] },
  '/meetups-groups': { h1: /Game Nights, Meetups,? & more/i, copy: [/reserve/i] },
  '/join-whatsapp': { h1: /^Join Our Game Night Group Chat$/, copy: ['Why join?', 'How it works', 'What you get', 'Join WhatsApp Group', 'Mobile only'] },
  '/tiny-cupboard-landing': { h1: /./, copy: ['Reserve your seat', 'Explore the game bar', /Jess and Marco/] },
  '/thank-you': { h1: /Monthly Pass/i, copy: [/30 days/i] },
  '/reservation-thank-you': { h1: /You.re All Set/i, copy: [venue.address.oneLine] },
  '/cancel/:token': { h1: /./, copy: [] },
  '/waitlist/:token': { h1: /./, copy: [] },
  '/terms': { h1: /^Terms of Service$/, copy: ['Last updated', '1. Agreement to these terms', '5. Governing law', 'Kings County'] },
  '/privacy': { h1: /^Privacy Policy$/, copy: ['Information we collect', 'IndexedDB', 'Your rights', venue.contact.email] },
  '/cookies': { h1: /^Cookie Policy$/, copy: ['What cookies are', 'Managing cookies', 'Types of cookies', 'session storage'] },
  '/blog': { h1: /^Blog$/, copy: articles.map((a) => a.title) },
  '/faq': { h1: /^Frequently Asked Questions$/, copy: faq.map((entry) => entry.question) },
  '/admin/login': { h1: /./, copy: [] },
  '/admin/dashboard': { h1: /./, copy: [] },
  // Opened without the mailed link's token: the page says the link is incomplete.
  '/admin/reset-password': { h1: /^Set a new password$/, copy: [STAFF_ACCOUNT_MESSAGES.linkMissing] },
  '/admin/accept-invite': { h1: /^Join the staff$/, copy: [STAFF_ACCOUNT_MESSAGES.linkMissing] },
  '/kiosk': { h1: /^Reserve a table for tonight$/, copy: [] },
  '/game-nights-poster': { h1: /^Game Nights\s*at Tiny Cupboard Games$/, copy: ['Print poster', 'Every week', venue.address.oneLine] },
};

async function expectCopy(scope: Locator, copy: RegExp | string, label: string) {
  const locator = typeof copy === 'string' ? scope.getByText(copy, { exact: false }) : scope.getByText(copy);
  const count = await locator.count();
  expect(count, `${label}: "${copy}" is on the page`).toBeGreaterThan(0);
}

describe('every route of the route table', () => {
  it.each(sitePages())('$path renders its one h1 and key copy', async ({ route, path }) => {
    await gotoAndWait(page, `${server.url}${path}`);
    // Without a session the dashboard sends the visitor on to the login page: count its h1 once
    // the login screen is up, not mid-navigation (the gate's heading, or none while the login's
    // code loads after the URL has changed).
    if (path === '/admin/dashboard') {
      await page.waitForURL('**/admin/login');
      await page.getByRole('heading', { level: 1, name: 'Staff Login' }).waitFor();
    }
    const h1s = page.locator('h1');
    await expect(h1s.count(), `${path} has one h1`).resolves.toBe(1);
    const h1 = (await h1s.first().innerText()).replace(/\s+/g, ' ').trim();
    if (route === '/blog/:slug') {
      const article = articles.find((a) => path.endsWith(`/${a.slug}`))!;
      expect(h1).toBe(article.title);
      await expectCopy(page.locator('main'), article.description, path);
      return;
    }
    const expected = EXPECTED[route];
    expect(expected, `the test knows route ${route}`).toBeDefined();
    expect(h1).toMatch(expected!.h1);
    for (const copy of expected!.copy) await expectCopy(page.locator('main'), copy, path);
  });

  it('renders the 404 page for an unknown blog slug and an unknown path', async () => {
    for (const path of ['/blog/not-an-article', '/no-such-page']) {
      await gotoAndWait(page, `${server.url}${path}`);
      await expect(page.locator('h1').innerText()).resolves.toBe('Oops! Page not found');
    }
  });
});

describe('content pages', () => {
  it('shows today as the terms last-updated date', async () => {
    await gotoAndWait(page, `${server.url}/terms`);
    const time = page.locator('main time').first();
    await expect(time.getAttribute('datetime')).resolves.toBe(venueToday());
    await expect(time.innerText()).resolves.toBe(formatCalendarDate(venueToday()));
    // The contents list jumps to a section.
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: '5. Governing law' }).click();
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#governing-law');
  });

  it('opens one FAQ answer at a time and links the pages an answer names', async () => {
    await gotoAndWait(page, `${server.url}/faq`);
    const triggers = page.locator('main h2 > button[aria-expanded]');
    await expect(triggers.count()).resolves.toBe(17);
    await expect(page.locator('main button[aria-expanded="true"]').count()).resolves.toBe(1);
    const howTo = page.getByRole('button', { name: 'How do I reserve a table?' });
    await howTo.click();
    await expect(howTo.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator('main button[aria-expanded="true"]').count()).resolves.toBe(1);
    const link = page.getByRole('region', { name: 'How do I reserve a table?' }).getByRole('link', { name: 'Reserve A Table page' });
    await expect(link.getAttribute('href')).resolves.toBe('/board-game-night');
    await expect(page.getByRole('region', { name: 'How do I reserve a table?' }).innerText()).resolves.not.toContain('(/board-game-night)');
    await howTo.click();
    await expect(page.locator('main button[aria-expanded="true"]').count()).resolves.toBe(0);
  });

  it('lists the six articles on /blog and opens one, with its outline and internal links', async () => {
    await gotoAndWait(page, `${server.url}/blog`);
    const cards = page.locator('main article h2 a');
    await expect(cards.count()).resolves.toBe(6);
    const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(articles.map((a) => `/blog/${a.slug}`).sort());

    const article = articles.find((a) => a.slug === 'party-games')!;
    await page.getByRole('link', { name: article.title }).click();
    await page.waitForURL(`${server.url}/blog/${article.slug}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    const outline = page.getByRole('navigation', { name: 'In this article' });
    await expect(outline.getByRole('link').count()).resolves.toBeGreaterThanOrEqual(3);
    await expect(page.locator('main h2').count()).resolves.toBeGreaterThanOrEqual(4);
    await expect(page.locator('main a[href="/board-game-night"]').count()).resolves.toBeGreaterThan(0);
    // Markdown never leaks into the page.
    await expect(page.locator('main').innerText()).resolves.not.toMatch(/\*\*|\]\(|\{\{/);
  });

  it('scrolls to the join section and its QR code decodes to the group link', async () => {
    await gotoAndWait(page, `${server.url}/join-whatsapp`);
    await page.getByRole('button', { name: /Join the group chat/ }).click();
    const joinHeading = page.getByRole('heading', { name: 'Join the group' });
    await expect.poll(() => joinHeading.evaluate((el) => document.activeElement === el)).toBe(true);
    await expect.poll(() => joinHeading.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);

    const button = page.getByRole('link', { name: /Join WhatsApp Group/ });
    await expect(button.getAttribute('href')).resolves.toBe(venue.community.groupChatUrl);
    await expect(button.innerText()).resolves.toMatch(/Mobile only/i);
    await expect(page.getByRole('link', { name: /game nights, meetups and special events/ }).getAttribute('href')).resolves.toBe('/meetups-groups');

    const qr = page.locator('main figure[data-qr-value] svg');
    await expect(qr.evaluate((el) => el.tagName.toLowerCase())).resolves.toBe('svg'); // generated, not an image file
    expect(await decodeQr(qr)).toBe(venue.community.groupChatUrl);
  });

  it('prints the poster on one US Letter page, without the site header and footer', async () => {
    const posterPage = await context.newPage();
    await gotoAndWait(posterPage, `${server.url}/game-nights-poster`);
    await posterPage.locator('article[data-loaded]').waitFor();
    // The QR code sends people to the events page.
    const origin = new URL(server.url).origin;
    expect(await decodeQr(posterPage.locator('main figure[data-qr-value] svg'))).toBe(`${origin}/meetups-groups`);

    await posterPage.emulateMedia({ media: 'print' });
    const layout = await posterPage.evaluate(() => {
      const visible = (sel: string) => {
        const el = document.querySelector(sel);
        return !!el && getComputedStyle(el).display !== 'none';
      };
      const sheet = document.querySelector('article[data-loaded]')!;
      const content = sheet.lastElementChild as HTMLElement;
      return { header: visible('#root > header'), footer: visible('#root > footer'), fits: content.scrollHeight <= content.clientHeight + 1 };
    });
    expect(layout).toEqual({ header: false, footer: false, fits: true });

    const pdf = await posterPage.pdf({ preferCSSPageSize: true, printBackground: true });
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page(?![a-z])/g)?.length, 'PDF page count').toBe(1);
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([612, 792]); // 8.5 × 11 in at 72 pt
    await posterPage.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

/** Screenshots a QR code element and decodes it. */
async function decodeQr(locator: Locator): Promise<string | null> {
  await locator.scrollIntoViewIfNeeded();
  const png = PNG.sync.read(await locator.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return code?.data ?? null;
}
