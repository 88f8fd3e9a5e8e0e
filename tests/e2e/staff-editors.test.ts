/**
 * The events editor and the requests inbox on a staff tablet (768×1024 and 1024×768), against a
 * real server: a special event made in the editor appears on /meetups-groups and /trivia open in
 * another browser context, without a reload, and leaves them when hidden; moving and deleting an event with a booked guest
 * asks first, says how many, and keeps the reservation; the inbox counts new requests on its tab,
 * shows a new one live, and a status and note set there persist. Every control is 44 px or more,
 * and the note's Save button stays reachable with the on-screen keyboard's share of the screen gone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromToday, eventBody, influencerBody, inquiryBody } from '../support/api-fixtures';
import { startE2E, type E2E, type OpenedPage } from '../support/e2e-server';
import { formatViolations, runAxe } from '../support/axe';
import { expectNoSmallTargets } from '../support/touch';
import { formatNight } from '../../src/lib/venueTime';
import { EVENT_MESSAGES } from '../../src/lib/rules/staff';

const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };
/** What an on-screen keyboard leaves of a portrait tablet's screen. */
const KEYBOARD_OPEN = { width: 768, height: 640 };
const TITLE = 'Cosy Cooperative Games Night';

let e2e: E2E;
let staff: OpenedPage;

/** A staff session for an admin account, without the sign-in form (another suite covers it). */
async function openDashboard(view: string, viewport: { width: number; height: number }, account = view): Promise<OpenedPage> {
  const user = await e2e.venue.admin(`manager-${account}@example.test`, 'game-night-2026');
  const session = await e2e.venue.su.collection('users').impersonate(user.id, 3600);
  const opened = await e2e.open('/', { viewport });
  await opened.page.evaluate(([token, record]) => localStorage.setItem('pocketbase_auth', JSON.stringify({ token, record: JSON.parse(record!) })), [session.authStore.token, JSON.stringify(session.authStore.record)]);
  await opened.page.goto(`${e2e.url}/admin/dashboard?view=${view}`);
  await opened.page.getByRole('tab', { name: /Events/ }).waitFor();
  return opened;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

beforeAll(async () => {
  e2e = await startE2E({ smtp: false, meta: false });
});
afterAll(() => e2e?.stop());

describe('events editor', () => {
  let guest: OpenedPage;
  let trivia: OpenedPage;
  const date = dayFromToday(6);

  it('creates a special event that open public pages show at once, without a reload', async () => {
    guest = await e2e.open('/meetups-groups', { viewport: { width: 390, height: 844 } });
    trivia = await e2e.open('/trivia', { viewport: { width: 390, height: 844 } });
    const specials = guest.page.getByRole('region', { name: 'Upcoming special events' });
    await specials.getByText(/Loading events/).waitFor({ state: 'detached' });
    expect(await specials.textContent()).not.toContain(TITLE);
    await trivia.page.getByTestId('upcoming-specials').getByText(/Loading events/).waitFor({ state: 'detached' });

    staff = await openDashboard('events', PORTRAIT);
    const { page } = staff;
    await page.getByRole('heading', { name: 'Special events' }).waitFor();
    await page.getByRole('button', { name: 'Add special event' }).click();
    const form = page.getByRole('form', { name: 'Add special event' });
    // The shared rules answer first: a special event needs its date.
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Time').fill('7pm');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Choose the date of the special event').waitFor();
    // A date already past and a negative price are refused in the form, with the server's messages, and nothing is sent.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/collections/events/')) writes.push(request.url());
    });
    await form.getByLabel('Date').fill(dayFromToday(-2));
    await form.getByLabel(/Price/).fill('-$5');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(EVENT_MESSAGES.datePast).waitFor();
    await form.getByText(EVENT_MESSAGES.priceNegative).waitFor();
    expect(await form.getByLabel('Date').getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);
    await form.getByLabel('Date').fill(date);
    await form.getByLabel(/Price/).fill('$5 per player');
    await form.getByLabel(/Description/).fill('Pandemic, Spirit Island and friends.');
    await expectNoSmallTargets(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();
    await page.getByTestId('staff-event').filter({ hasText: TITLE }).waitFor();

    // The public pages were opened before: they update live.
    await specials.getByText(TITLE).waitFor({ timeout: 15_000 });
    await trivia.page.getByTestId('upcoming-specials').getByText(TITLE).waitFor({ timeout: 15_000 });
    const stored = await e2e.venue.su.collection('events').getFirstListItem(`title = "${TITLE}"`);
    expect(stored).toMatchObject({ kind: 'special', date, time: '7pm', price: '$5 per player', active: true });
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('hiding an event takes it off open public pages at once, and showing it brings it back', async () => {
    const { page } = staff;
    const row = page.getByTestId('staff-event').filter({ hasText: TITLE });
    const specials = guest.page.getByRole('region', { name: 'Upcoming special events' });
    await row.getByRole('button', { name: `Hide ${TITLE}, ${formatNight(date)}` }).click();
    await row.getByText('Hidden').waitFor();
    // Guests' realtime no longer sees the event: its hide arrives as a delete (issue 24).
    await specials.getByText(TITLE).waitFor({ state: 'detached', timeout: 15_000 });
    await trivia.page.getByTestId('upcoming-specials').getByText(TITLE).waitFor({ state: 'detached', timeout: 15_000 });
    await row.getByRole('button', { name: `Show ${TITLE}, ${formatNight(date)}` }).click();
    await specials.getByText(TITLE).waitFor({ timeout: 15_000 });
    await trivia.page.getByTestId('upcoming-specials').getByText(TITLE).waitFor({ timeout: 15_000 });
  });

  it('asks before moving an event with a booked guest, says how many, and keeps the reservation', async () => {
    const { page } = staff;
    const booked = await client(e2e.url).collection('reservations').create(eventBody({ event_name: TITLE, event_date: date, event_time: '7pm' }));
    const row = page.getByTestId('staff-event').filter({ hasText: TITLE });
    await row.getByRole('button', { name: `Edit ${TITLE}, ${formatNight(date)}` }).click();
    await row.getByLabel('Date').fill(dayFromToday(7));
    await row.getByRole('button', { name: 'Save' }).click();
    const ask = row.getByRole('alertdialog', { name: `Move ${TITLE}?` });
    await ask.getByText('1 guest is booked (1 reservation, from today on)').waitFor();
    await expectNoSmallTargets(page);
    await ask.getByRole('button', { name: 'Save the change' }).click();
    await toast(page, 'Saved').waitFor();
    await expect.poll(async () => (await e2e.venue.su.collection('events').getFirstListItem(`title = "${TITLE}"`)).date).toBe(dayFromToday(7));
    expect((await e2e.venue.su.collection('reservations').getOne(booked.id)).event_date).toBe(date);

    // Deleting asks too (the moved event has no guest on its new date), then the public page drops it live.
    await client(e2e.url).collection('reservations').create(eventBody({ event_name: TITLE, event_date: dayFromToday(7), event_time: '7pm' }));
    await row.getByRole('button', { name: /^Delete / }).click();
    const del = row.getByRole('alertdialog', { name: `Delete ${TITLE}?` });
    await del.getByText('1 guest is booked').waitFor();
    await del.getByRole('button', { name: 'Delete it' }).click();
    await row.waitFor({ state: 'detached' });
    await guest.page.getByRole('region', { name: 'Upcoming special events' }).getByText(TITLE).waitFor({ state: 'detached', timeout: 15_000 });
    expect((await e2e.venue.su.collection('reservations').getFullList({ filter: `event_name = "${TITLE}"` })).length).toBe(2);
  });

  it('adds a weekly entry and hides it again, at landscape size', async () => {
    await staff.page.setViewportSize(LANDSCAPE);
    const { page } = staff;
    await page.getByRole('button', { name: 'Add weekly entry' }).click();
    const form = page.getByRole('form', { name: 'Add weekly entry' });
    await form.getByLabel('Title').fill('Catan League');
    await form.getByLabel('Weekday').selectOption({ label: 'Tuesday' });
    await form.getByLabel('Time').fill('7pm');
    await expectNoSmallTargets(page);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByTestId('staff-event').filter({ hasText: 'Catan League' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Hide Catan League, Tuesday' }).click();
    await row.getByText('Hidden').waitFor();
    expect(await e2e.venue.su.collection('events').getFirstListItem('title = "Catan League"')).toMatchObject({ kind: 'weekly', weekday: 2, active: false, date: '' });
    for (const opened of [guest, trivia]) await opened.context.close();
    expect(staff.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await staff.context.close();
  });
});

describe('requests inbox', () => {
  let inbox: OpenedPage;
  const inquiry = inquiryBody();

  it('counts new requests on its tab and shows a new one live', async () => {
    await client(e2e.url).collection('private_event_inquiries').create(inquiry);
    inbox = await openDashboard('inbox', PORTRAIT);
    const { page } = inbox;
    await expect.poll(() => page.getByTestId('new-requests').textContent()).toContain('1');
    await page.getByTestId('request').filter({ hasText: String(inquiry.name) }).waitFor();

    await client(e2e.url).collection('influencer_applications').create(influencerBody());
    await page.getByTestId('request').filter({ hasText: 'Hedy Lamarr' }).waitFor();
    await expect.poll(() => page.getByTestId('new-requests').textContent()).toContain('2');
    // Newest first.
    await expect(page.getByTestId('request').first().textContent()).resolves.toContain('Hedy Lamarr');
    const reply = page.getByTestId('request').filter({ hasText: String(inquiry.name) }).getByRole('link', { name: 'Reply by email' });
    expect(await reply.getAttribute('href')).toBe(`mailto:${inquiry.email}?subject=${encodeURIComponent('Your private event at Tiny Cupboard Games')}`);
    await expectNoSmallTargets(page);
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('marks an inquiry replied with a note, and both persist after a reload', async () => {
    const { page } = inbox;
    const card = () => page.getByTestId('request').filter({ hasText: String(inquiry.name) });
    await card().getByLabel('Status').selectOption('replied');
    await toast(page, 'Saved').waitFor();
    await expect.poll(() => page.getByTestId('new-requests').textContent()).toContain('1');

    // The on-screen keyboard takes the lower part of the screen: the note and its button stay reachable.
    await page.setViewportSize(KEYBOARD_OPEN);
    await card().getByRole('textbox', { name: /Staff note/ }).fill('Sent prices for 40 guests on a Friday.');
    const save = card().getByRole('button', { name: 'Save note' });
    await save.scrollIntoViewIfNeeded();
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(KEYBOARD_OPEN.height);
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Save note');
    await save.click();
    await toast(page, 'Saved').nth(0).waitFor();
    await expect.poll(async () => (await e2e.venue.su.collection('private_event_inquiries').getOne(String(inquiry.id))).note).toBe('Sent prices for 40 guests on a Friday.');

    await page.setViewportSize(LANDSCAPE);
    await page.reload();
    await card().waitFor();
    expect(await card().getByLabel('Status').inputValue()).toBe('replied');
    expect(await card().getByRole('textbox', { name: /Staff note/ }).inputValue()).toBe('Sent prices for 40 guests on a Friday.');
    expect(await e2e.venue.su.collection('private_event_inquiries').getOne(String(inquiry.id))).toMatchObject({ status: 'replied' });
    await expectNoSmallTargets(page);
  });

  it('filters by kind and by status', async () => {
    const { page } = inbox;
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Status').selectOption('replied');
    await expect.poll(() => page.getByTestId('request').count()).toBe(1);
    await expect(page.getByTestId('request').textContent()).resolves.toContain(String(inquiry.name));
    await filters.getByLabel('Status').selectOption('');
    await filters.getByLabel('Kind').selectOption('influencer_applications');
    await expect.poll(() => page.getByTestId('request').count()).toBe(1);
    await expect(page.getByTestId('request').textContent()).resolves.toContain('Hedy Lamarr');
    expect(inbox.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await inbox.context.close();
  });

  it('loads older requests with "Load more", newest first across the kinds, with no gap', async () => {
    // 110 more inquiries, then one more application: 111 inquiries and 2 applications in all.
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => e2e.venue.su.collection('private_event_inquiries').create(inquiryBody({ name: `Older Guest ${batch * 10 + i}` }))));
    }
    await client(e2e.url).collection('influencer_applications').create(influencerBody({ name: 'Newest Applicant', email: 'newest@example.test' }));
    const more = await openDashboard('inbox', LANDSCAPE, 'inbox-more');
    const { page } = more;
    const cards = page.getByTestId('request');
    // The newest 100 inquiries and, of the applications, only those newer than the 100th: the
    // older application (Hedy Lamarr) waits until the inquiries before it have loaded.
    await expect.poll(() => cards.count()).toBe(101);
    await expect(cards.first().textContent()).resolves.toContain('Newest Applicant');
    expect(await cards.filter({ hasText: 'Hedy Lamarr' }).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Load more' });
    await expectNoSmallTargets(page);
    await button.click();
    await expect.poll(() => cards.count()).toBe(113);
    await expect(cards.last().textContent()).resolves.toContain(String(inquiry.name));
    expect(await cards.filter({ hasText: 'Hedy Lamarr' }).count()).toBe(1);
    await button.waitFor({ state: 'detached' });
    // The filters start over from the newest.
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Kind').selectOption('private_event_inquiries');
    await expect.poll(() => cards.count()).toBe(100);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(111);
    expect(more.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await more.context.close();
  });
});
