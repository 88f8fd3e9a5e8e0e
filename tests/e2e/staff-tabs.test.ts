/**
 * The dashboard's view tabs (issue 32): an owner has seven views (the VIEWS list of
 * src/features/admin/AdminDashboard.tsx), an admin who is not an owner five. On the door's
 * landscape tablet (1024×768) they sit on one row beside the account's buttons, the frame one line
 * high; on a phone they wrap into a tidy grid; on a wide screen one row with room to spare. Every
 * tab is a 44 px target and the keyboard of the tabs pattern still reaches each. Screenshots of
 * all three widths for both (tests/.artifacts/screens/staff-tabs-*.png).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';

const OWNER = 'owner-tabs@example.test';
const ADMIN = 'door-tabs@example.test';
const PASSWORD = 'tabs-night-2026';
const SHOTS = new URL('../.artifacts/screens/', import.meta.url).pathname;
const WIDTHS = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 }, wide: { width: 1440, height: 900 } };
const e2e = e2ePerFile({ meta: false });
let owner: OpenedPage;
let door: OpenedPage;

async function signIn(email: string): Promise<OpenedPage> {
  const opened = await e2e.open('/admin/login', { viewport: WIDTHS.tablet });
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD);
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
  await opened.page.getByRole('tablist', { name: 'Dashboard view' }).waitFor();
  return opened;
}

/** The tabs' boxes, the number of rows they take, and the frame's bar height. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const tabs = [...document.querySelectorAll('[role="tablist"][aria-label="Dashboard view"] [role="tab"]')].map((t) => t.getBoundingClientRect());
    const bar = document.querySelector('header')?.getBoundingClientRect();
    return {
      count: tabs.length,
      rows: new Set(tabs.map((r) => Math.round(r.top))).size,
      smallest: Math.min(...tabs.map((r) => Math.min(r.height, r.width))),
      inside: tabs.every((r) => r.left >= 0 && r.right <= window.innerWidth),
      bar: bar?.height ?? 0,
    };
  });
}

beforeAll(async () => {
  await e2e.venue.admin(OWNER, PASSWORD, true);
  await e2e.venue.admin(ADMIN, PASSWORD);
  owner = await signIn(OWNER);
  door = await signIn(ADMIN);
  await owner.page.getByRole('tab', { name: 'System' }).waitFor();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

describe('the view tabs', () => {
  it('fit one row on the landscape tablet for an owner (seven) and an admin (five), each a 44 px target', async () => {
    for (const [who, { page }, count] of [['owner', owner, 7], ['admin', door, 5]] as const) {
      await page.setViewportSize(WIDTHS.tablet);
      const m = await measure(page);
      expect(m, who).toMatchObject({ count, rows: 1, inside: true });
      expect(m.smallest, who).toBeGreaterThanOrEqual(44);
      expect(m.bar, `${who}: the frame stays one line`).toBeLessThan(70);
    }
  });

  it('wrap tidily on a phone and keep one row on a wide screen; screenshots of each', async () => {
    for (const [who, { page }] of [['owner', owner], ['admin', door]] as const) {
      for (const [name, viewport] of Object.entries(WIDTHS)) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        const m = await measure(page);
        expect(m.inside, `${who} ${name}`).toBe(true);
        expect(m.smallest, `${who} ${name}`).toBeGreaterThanOrEqual(44);
        if (name === 'phone') expect(m.rows, `${who} ${name}`).toBeLessThanOrEqual(3);
        else expect(m.rows, `${who} ${name}`).toBe(1);
        await page.screenshot({ path: `${SHOTS}staff-tabs-${who}-${viewport.width}.png` });
      }
    }
  });

  it('the keyboard still walks every tab', async () => {
    const { page } = owner;
    await page.setViewportSize(WIDTHS.tablet);
    await page.getByRole('tab', { name: 'Reservations' }).focus();
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('ArrowRight');
      names.push((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim());
    }
    expect(names).toEqual(['Tasks', 'Events', 'Requests', 'Staff', 'Activity', 'System', 'Reservations']);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });
});
