/**
 * Full nights end to end (issue 12), in Chromium against a real server with the loopback SMTP
 * receiver: a full night's form offers the waitlist; a cancellation frees the seats, the offer
 * mail arrives, its link claims the table and lands on the thank-you page; the manage link
 * changes a party size and shows the new details; the door kiosk offers tonight's waitlist; an
 * entry joined offline says so, then shows its place in line once sent.
 * Axe checks the new pages.
 */
import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../src/lib/api/client';
import { MANAGE_MESSAGES, WAITLIST_MESSAGES } from '../../src/lib/rules/waitlist';
import { addDays, formatLongDate, formatNight, venueDateTimeToUtc, venueToday } from '../../src/lib/venueTime';
import { formatViolations, runAxe } from '../support/axe';
import { openPage } from '../support/browser';
import { e2ePerFile, fillBoardGameForm, warmUpForm } from '../support/e2e-server';

const e2e = e2ePerFile();
const today = venueToday();

/** A board game night reservation made through the public create; its manage token. */
async function reserve(date: string, partySize: number, email: string): Promise<{ id: string; token: string }> {
  const id = newRecordId();
  await e2e.venue.anon.collection('reservations').create({
    id,
    name: 'Early Bird',
    email,
    party_size: partySize,
    event_name: 'Board Game Night',
    event_date: date,
    event_time: '6:00 PM',
    source: 'web',
  });
  const record = await e2e.venue.su.collection('reservations').getOne(id);
  return { id, token: String(record.cancel_token) };
}

const byEmail = (email: string) => e2e.venue.su.filter('email = {:email}', { email });

describe('a full night', () => {
  it('offers the waitlist; a freed table is offered by mail, and its link claims it onto the thank-you page', async () => {
    const date = addDays(today, 8);
    const night = formatNight(date);
    const email = 'wait.list@example.test';
    await e2e.venue.su.collection('capacity').create({ date, seats: 2 });
    const early = await reserve(date, 2, 'early.full@example.test');

    const { page, consoleMessages } = await e2e.open('/board-game-night');
    const form = await fillBoardGameForm(page, { name: 'Grace Hopper', email, people: 2, date, time: '8:00 PM' });
    await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('fully booked');
    await form.getByRole('button', { name: WAITLIST_MESSAGES.join(night) }).click();
    const joined = page.getByTestId('waitlist-joined').first();
    await joined.waitFor();
    expect(await joined.innerText()).toContain(WAITLIST_MESSAGES.joined(night, 1));
    const entries = await e2e.venue.su.collection('waitlist').getFullList({ filter: byEmail(email) });
    expect(entries.map((w) => [w.party_size, w.event_date, w.event_time, w.status, w.source])).toEqual([[2, date, '8:00 PM', 'waiting', 'web']]);
    expect(await e2e.venue.su.collection('reservations').getFullList({ filter: byEmail(email) })).toHaveLength(0);

    // The early party cancels: its two seats are held for the waitlist, and the offer is mailed.
    const cancelled = await fetch(`${e2e.url}/api/reservations/cancel/${early.token}`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    await e2e.flushMail();
    const [offer] = await e2e.venue.smtp!.waitFor(1, (m) => m.envelope.to.includes(email) && /A table is free/.test(m.parsed.subject ?? ''), 20_000);
    const link = /\/waitlist\/[A-Za-z0-9_-]+/.exec(offer!.parsed.text ?? offer!.parsed.html ?? '')?.[0];
    expect(link).toBeTruthy();

    await page.goto(`${e2e.url}${link}`);
    await page.getByRole('heading', { level: 1, name: 'A table is yours to claim' }).waitFor();
    // The claim deadline reads the same on the page as in the mail (issue 31): one venue-time formatter.
    const deadline = /claim it by (.+)$/.exec(offer!.parsed.subject ?? '')?.[1];
    expect(deadline).toMatch(/^\d{1,2}:\d{2} [AP]M on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    expect(await page.getByTestId('waitlist-details').innerText()).toMatch(new RegExp(`Held until\\s+${deadline}`));
    expect(offer!.parsed.text).toContain(`Claim it by ${deadline}.`);
    const axe = await runAxe(page);
    expect(axe, formatViolations(axe)).toEqual([]);
    await page.getByRole('button', { name: 'Claim my table' }).click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    await page.getByRole('heading', { name: "You're All Set" }).waitFor();
    const details = page.getByTestId('reservation-details');
    expect(await details.locator('[data-field="eventDate"]').innerText()).toBe(formatLongDate(date));
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('8:00 PM');
    expect(await details.locator('[data-field="email"]').innerText()).toBe(email);

    const booked = await e2e.venue.su.collection('reservations').getFullList({ filter: byEmail(email) });
    expect(booked.map((r) => [r.party_size, r.event_date, r.status])).toEqual([[2, date, 'confirmed']]);
    expect((await e2e.venue.su.collection('waitlist').getOne(entries[0]!.id)).status).toBe('claimed');
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await page.context().close();
  });
});

describe('a waitlist entry saved on this device', () => {
  it('says it is saved while offline, then turns into the place in line once sent, without a reload (issue 24)', async () => {
    const date = addDays(today, 9);
    const night = formatNight(date);
    const email = 'offline.wait@example.test';
    await e2e.venue.su.collection('capacity').create({ date, seats: 2 });
    await reserve(date, 2, 'early.offline@example.test');

    const { page, context } = await e2e.open('/board-game-night');
    const form = await fillBoardGameForm(page, { name: 'Mary Jackson', email, people: 2, date, time: '8:00 PM' });
    await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('fully booked');
    await warmUpForm(form);
    await context.setOffline(true);
    await form.getByRole('button', { name: WAITLIST_MESSAGES.join(night) }).click();
    const panel = page.getByTestId('waitlist-joined');
    await panel.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(await panel.innerText()).toContain(WAITLIST_MESSAGES.joinQueued(night));
    expect(await e2e.venue.su.collection('waitlist').getFullList({ filter: byEmail(email) })).toHaveLength(0);

    await context.setOffline(false);
    await panel.getByRole('heading', { name: "You're on the waitlist" }).waitFor({ timeout: 20_000 });
    await expect.poll(() => panel.innerText()).toContain(WAITLIST_MESSAGES.joined(night, 1));
    expect(await panel.innerText()).not.toContain('saved on this device');
    expect(await panel.getAttribute('data-state')).toBe('sent');
    expect(await e2e.venue.su.collection('waitlist').getFullList({ filter: byEmail(email) })).toHaveLength(1);
    await context.close();
  });
});

describe('the manage link', () => {
  it('changes the party size and shows the new details', async () => {
    const date = addDays(today, 12);
    const email = 'manage.me@example.test';
    const { id, token } = await reserve(date, 2, email);

    const { page } = await e2e.open(`/cancel/${token}`);
    await page.getByRole('heading', { level: 1, name: MANAGE_MESSAGES.heading }).waitFor();
    const form = page.getByTestId('change-form');
    await form.waitFor();
    const axe = await runAxe(page);
    expect(axe, formatViolations(axe)).toEqual([]);
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('change-saved').waitFor();
    expect(await page.getByTestId('change-saved').innerText()).toContain(MANAGE_MESSAGES.changed);
    expect(await page.getByTestId('cancel-details').innerText()).toContain('4 people');
    expect((await e2e.venue.su.collection('reservations').getOne(id)).party_size).toBe(4);

    // The confirmation, then the updated invitation.
    await e2e.flushMail();
    expect(await e2e.venue.smtp!.waitFor(2, (m) => m.envelope.to.includes(email), 20_000)).toHaveLength(2);
    await page.context().close();
  });
});

describe('the door kiosk on a full night', () => {
  it("offers tonight's waitlist at its large size and thanks the guest with their place in line", async () => {
    const email = 'walk.in.wait@example.test';
    // Tonight has no seats at all: the kiosk still takes the guest's details, for the waitlist.
    await e2e.venue.su.collection('capacity').create({ date: today, seats: 0 });
    const { page, context } = await openPage(e2e.browser, { viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
    await context.clock.install({ time: venueDateTimeToUtc(today, '6:50 PM')! });
    await page.goto(`${e2e.url}/kiosk`, { waitUntil: 'domcontentloaded' });
    const form = page.getByTestId('kiosk-form');
    await form.waitFor();
    await expect.poll(() => page.getByTestId('kiosk-seats').innerText()).toMatch(/^0 seats left tonight$/);
    await form.getByLabel('Name', { exact: true }).fill('Walk In');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('radio', { name: '9:00 PM', exact: true }).check();
    const offer = form.getByTestId('waitlist-offer');
    await offer.waitFor();
    const axe = await runAxe(page);
    expect(axe, formatViolations(axe)).toEqual([]);
    await offer.getByRole('button', { name: WAITLIST_MESSAGES.join(formatNight(today)) }).click();
    const note = page.getByTestId('kiosk-waitlist');
    await note.waitFor();
    expect(await note.innerText()).toBe(WAITLIST_MESSAGES.joined(formatNight(today), 1));
    const entries = await e2e.venue.su.collection('waitlist').getFullList({ filter: byEmail(email) });
    expect(entries.map((w) => [w.party_size, w.event_date, w.event_time, w.source, w.status])).toEqual([[2, today, '9:00 PM', 'kiosk', 'waiting']]);
    expect(await e2e.venue.su.collection('reservations').getFullList({ filter: byEmail(email) })).toHaveLength(0);
    await context.close();
  });
});
