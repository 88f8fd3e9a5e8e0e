/**
 * Issue 31 defect 2 in Chromium against the real server: a tablet offline changes a party's size
 * while the reservation is cancelled elsewhere (here the guest's own cancel link). Back online, the
 * change is not applied: it goes under Not applied with the reason, the booking keeps its party,
 * and the guest gets one cancellation. (Both orders of two tablets' changes: tests/api/staff-sync-cancel-vs-change.test.ts.)
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '../../src/lib/rules/staffSync';
import { venueNight } from '../../src/lib/venueTime';
import { boardGameBody } from '../support/api-fixtures';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode } from '../support/e2e-server';

const EMAIL = 'cancel-vs-change@example.test';
const PASSWORD = 'cancel-night-2026';
const GUEST = 'dorothy@example.test';
const e2e = e2ePerFile({ meta: false });
let id = '';
let token = '';

const row = (page: Page) => page.getByTestId('tonight-list').getByRole('listitem', { name: 'Dorothy Vaughan, Board Game Night' });

beforeAll(async () => {
  await e2e.venue.admin(EMAIL, PASSWORD);
  const r = await e2e.venue.su.collection('reservations').create(boardGameBody({ name: 'Dorothy Vaughan', email: GUEST, phone: '', party_size: 2, event_date: venueNight(), event_time: '8:00 PM' }));
  id = r.id;
  token = r.cancel_token as string;
  await e2e.venue.settle(`record_id = "${id}"`);
});

describe('a party size change to a reservation cancelled meanwhile', () => {
  it('is listed under Not applied with the reason, keeps the booking as it was, and mails one cancellation', async () => {
    const { page, context } = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signInWithEmailedCode(page, e2e.venue, EMAIL, PASSWORD);
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    await row(page).waitFor();

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toMatch(/^Offline/);
    await row(page).getByRole('button', { name: /^Party size and time/ }).click();
    await row(page).getByLabel('Party size', { exact: true }).fill('4');
    await row(page).getByRole('button', { name: 'Save' }).click();
    await row(page).getByText('4 guests').waitFor();
    // Meanwhile the guest cancels from the link in their mail.
    expect((await fetch(`${e2e.url}/api/reservations/cancel/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);

    await context.setOffline(false);
    await page.getByTestId('not-applied').getByText(SYNC_MESSAGES.cancelledMeanwhile).waitFor({ timeout: 15_000 });
    expect(await e2e.venue.su.collection('reservations').getOne(id)).toMatchObject({ status: 'cancelled', party_size: 2 });
    await e2e.venue.settle(`record_id = "${id}"`);
    const cancellations = e2e.venue.smtp!.to(GUEST).filter((m) => (m.parsed.subject ?? '').startsWith('Cancelled:'));
    expect(cancellations).toHaveLength(1);
  });
});
