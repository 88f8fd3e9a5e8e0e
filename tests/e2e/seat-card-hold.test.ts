/**
 * Issue 31 defect 3 in Chromium against the real server: tonight's seat card counts the seats held
 * for a waitlist offer as the server's check does (it said "2 seats left" while the server said 0),
 * and a walk-in those seats leave no room for goes under Not applied in staff's words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boardGameBody, post } from '../support/api-fixtures';
import { viewports } from '../support/browser';
import { e2ePerFile, signInWithEmailedCode } from '../support/e2e-server';
import { formatVenueClock, venueNight } from '../../src/lib/venueTime';

const EMAIL = 'seat-card@example.test';
const PASSWORD = 'seat-card-2026';
const e2e = e2ePerFile({ meta: false });
const tonight = venueNight();
let heldUntil = '';

beforeAll(async () => {
  const { su } = e2e.venue;
  await e2e.venue.admin(EMAIL, PASSWORD);
  await su.collection('capacity').create({ date: tonight, seats: 4 });
  const first = await su.collection('reservations').create(boardGameBody({ name: 'First Party', email: 'first@example.test', party_size: 2, event_date: tonight }));
  await su.collection('reservations').create(boardGameBody({ name: 'Second Party', email: 'second@example.test', party_size: 2, event_date: tonight }));
  const joined = await post(`${e2e.url}/api/collections/waitlist/records`, boardGameBody({ name: 'In Line', email: 'line@example.test', party_size: 2, event_date: tonight }));
  expect(joined.status, JSON.stringify(joined.json)).toBe(200);
  // A staff cancel frees 2 seats: they are offered to the line and held for the offer.
  await su.collection('reservations').update(first.id, { status: 'cancelled' });
  const [hold] = await su.collection('waitlist').getFullList({ filter: `event_date = "${tonight}" && status = "offered"` });
  heldUntil = String(hold!.offer_expires);
});

describe('the seat card with seats held for the waitlist', () => {
  it('counts the held seats as the server does, and a walk-in refused for them reads as staff words', async () => {
    const { page } = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signInWithEmailedCode(page, e2e.venue, EMAIL, PASSWORD);
    await page.waitForURL(`${e2e.url}/admin/dashboard`);
    const until = formatVenueClock(new Date(heldUntil));
    await page.getByText(`4 of 4 seats taken (2 held for the waitlist until ${until}) · 0 seats left · 0 arrived`, { exact: false }).waitFor({ timeout: 15_000 });
    const server = (await (await fetch(`${e2e.url}/api/availability?from=${tonight}&to=${tonight}`)).json()) as { nights: { seatsLeft: number }[] };
    expect(server.nights[0]!.seatsLeft).toBe(0);

    await page.getByRole('button', { name: 'Add a walk-in' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Walk In');
    const size = page.getByLabel('Party size', { exact: true });
    await size.fill('2');
    await page.getByRole('button', { name: 'Add walk-in' }).click();
    await page.getByTestId('not-applied').getByText(`Tonight is full: 0 seats left, 2 held for the waitlist until ${until}.`).waitFor({ timeout: 15_000 });
  });
});
