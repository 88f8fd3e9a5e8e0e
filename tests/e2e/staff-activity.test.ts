/**
 * Who did what (issue 32 item 4), in Chromium against the real server: a door host marks a party
 * Arrived on a 1024x768 tablet while offline and comes back online a minute later; the owner opens
 * that party's History and reads "Arrived · <host> · <made>, applied <applied> when the wifi came
 * back"; the owner's Activity view filters by person and exports a CSV whose rows match the screen.
 * Screenshots of the History panel and the Activity view at 1024x768 and 390x844.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { venueNight } from '../../src/lib/venueTime';
import { boardGameBody } from '../support/api-fixtures';
import { viewports } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { e2ePerFile, signInWithEmailedCode, type OpenedPage } from '../support/e2e-server';

const HOST = 'door-host@example.test';
const OWNER = 'owner@example.test';
const PASSWORD = 'activity-night-2026';
const e2e = e2ePerFile({ meta: false });
const tonight = venueNight();
const ids: Record<string, string> = {};

const su = () => e2e.venue.su;
const row = (page: Page, name: string) => page.getByTestId('tonight-list').getByRole('listitem', { name: `${name}, Board Game Night` });
const syncState = (page: Page) => page.getByTestId('sync-state').textContent();

async function signIn(opened: OpenedPage, email: string): Promise<void> {
  await signInWithEmailedCode(opened.page, e2e.venue, email, PASSWORD);
  await opened.page.waitForURL(`${e2e.url}/admin/dashboard`);
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries({ landscape: viewports.tabletLandscape, phone: viewports.phone })) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `tests/.artifacts/staff-${name}-${size}.png` });
  }
  await page.setViewportSize(viewports.tabletLandscape);
}

beforeAll(async () => {
  const host = await e2e.venue.admin(HOST, PASSWORD);
  await su().collection('users').update(host.id, { name: 'Sam Rivera' });
  await e2e.venue.admin(OWNER, PASSWORD, true);
  for (const [key, name] of [['ada', 'Ada Lovelace'], ['alan', 'Alan Turing']] as const) {
    const body = boardGameBody({ name, email: `${key}@example.test`, phone: '', party_size: 2, event_date: tonight, event_time: '8:00 PM' });
    ids[key] = (await su().collection('reservations').create(body)).id;
  }
});

let door: OpenedPage;
let owner: OpenedPage;

describe('who did what', () => {
  it('a door host marks Ada Arrived offline; back online a minute later, the server applies it once', async () => {
    door = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signIn(door, HOST);
    await row(door.page, 'Ada Lovelace').waitFor();
    await expect.poll(() => syncState(door.page), { timeout: 15_000 }).toBe('Live');
    await door.context.setOffline(true);
    await expect.poll(() => syncState(door.page)).toMatch(/^Offline/);
    await row(door.page, 'Ada Lovelace').getByRole('button', { name: 'Arrived' }).click();
    await row(door.page, 'Ada Lovelace').getByText('Waiting to send').waitFor();
    // The History needs the server: offline it says so.
    await row(door.page, 'Ada Lovelace').getByRole('button', { name: 'History of Ada Lovelace' }).click();
    const offlinePanel = door.page.getByRole('dialog', { name: 'History of Ada Lovelace' });
    await offlinePanel.getByText('The history needs the connection').waitFor();
    await offlinePanel.getByRole('button', { name: 'Close' }).click();
    // More than a minute offline: the line then says when it was applied too.
    await door.page.waitForTimeout(61_000);
    await door.context.setOffline(false);
    await expect.poll(async () => (await su().collection('reservations').getOne(ids.ada!)).status, { timeout: 15_000 }).toBe('arrived');
    const rows = await su().collection('activity').getFullList({ filter: `target_id = "${ids.ada}"` });
    expect(rows.map((r) => [r.kind, r.actor_name, r.summary])).toEqual([['reservation.status', 'Sam Rivera', 'Arrived']]);
    expect(Date.parse(rows[0]!.created.replace(' ', 'T')) - Date.parse(rows[0]!.made_at)).toBeGreaterThan(60_000);
  }, 120_000);

  it('the owner opens Ada’s History and reads who, made and applied', async () => {
    owner = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signIn(owner, OWNER);
    await row(owner.page, 'Ada Lovelace').getByRole('button', { name: 'History of Ada Lovelace' }).click();
    const panel = owner.page.getByRole('dialog', { name: 'History of Ada Lovelace' });
    const line = panel.getByRole('listitem');
    await expect.poll(() => line.allInnerTexts()).toEqual([expect.stringMatching(/^Arrived · Sam Rivera · \d{1,2}:\d{2} [AP]M, applied \d{1,2}:\d{2} [AP]M when the wifi came back$/)]);
    const violations = await runAxe(owner.page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await shots(owner.page, 'history');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel.count()).resolves.toBe(0);
  });

  it('the owner’s Activity view filters by person and exports the rows it shows', async () => {
    const { page } = owner;
    // The owner's own change, so the person filter has someone to leave out.
    await row(page, 'Alan Turing').getByRole('button', { name: 'Arrived' }).click();
    await expect.poll(async () => (await su().collection('reservations').getOne(ids.alan!)).status, { timeout: 15_000 }).toBe('arrived');
    // The reservations list under tonight's has the History button too, with its word.
    const listed = page.getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' }).filter({ has: page.getByRole('button', { name: 'History', exact: false }) }).last();
    await listed.getByText('History', { exact: true }).scrollIntoViewIfNeeded();
    await listed.screenshot({ path: 'tests/.artifacts/staff-history-list-row.png' });
    await page.getByRole('tab', { name: 'Activity' }).click();
    const list = page.getByTestId('activity-list').getByRole('listitem');
    await expect.poll(() => list.count()).toBeGreaterThanOrEqual(4); // two sign-ins, two arrivals
    await page.getByLabel('Person', { exact: true }).fill('Sam');
    await expect.poll(() => list.allInnerTexts()).toEqual([expect.stringContaining('Arrived'), expect.stringContaining('Signed in')]);
    const shown = await list.allInnerTexts();
    expect(shown.every((t) => t.includes('Sam Rivera'))).toBe(true);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await shots(page, 'activity');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`activity-${tonight}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('Applied (New York),Made (New York),Who,Device,Kind,What,Record,Before,After');
    // Applied and made are quoted ("Nov 27, 2026, 9:51 PM"): who, device, kind and what follow them.
    expect(csv.slice(1).map((line) => /,(Sam Rivera,[^,]*,[\w.]+,[^,]+),/.exec(line)?.[1])).toEqual(['Sam Rivera,,reservation.status,Arrived', 'Sam Rivera,,staff.signin,Signed in']);
    expect(csv.length - 1).toBe(shown.length);
  });
});
