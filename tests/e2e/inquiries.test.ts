/**
 * Inquiries end to end (issue 6): the private event inquiry and the influencer application,
 * in Chromium against a real server with a loopback SMTP receiver.
 */
import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, venueToday } from '../../src/lib/venueTime';
import type { Page } from 'playwright-core';
import { STAFF_EMAIL } from '../support/api-fixtures';
import { GUESTS } from '../support/fixtures';
import type { ReceivedMail } from '../support/smtp-receiver';
import { formatViolations, runAxe } from '../support/axe';
import { clickDay, e2ePerFile, expectToast, fillInquiryForm, warmUpForm } from '../support/e2e-server';

const e2e = e2ePerFile();

const to = (address: string) => (m: ReceivedMail) => m.envelope.to.includes(address);

async function recordsFor(collection: string, email: string) {
  const su = e2e.venue.su;
  return su.collection(collection).getFullList({ filter: su.filter('email = {:email}', { email }) });
}

describe('/private-events', () => {
  it('shows the whole page: hero video, occasions, space, ten offers, the menu and 60 guests', async () => {
    const { page, context } = await e2e.open('/private-events');
    expect(await page.locator('main h1').innerText()).toMatch(/Host Your\s+Dream Event/);
    expect(await page.locator('main video[poster]').count()).toBe(1);
    for (const heading of ['Perfect For Every Occasion', 'Our Space', 'What We Offer', 'Food & Drinks Menu', 'Plan Your Event']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    for (const occasion of ['Corporate Events', 'Weddings', 'Birthdays']) await page.getByRole('heading', { level: 3, name: occasion }).waitFor();
    expect(await page.getByTestId('offers').locator(':scope > li').count()).toBe(10);
    expect(await page.locator('main a[href="/menu"] img').count()).toBe(1);
    expect(await page.locator('main').innerText()).toContain('Up to 60 guests');
    await context.close();
  });

  it('sends an inquiry: thank-you page with the email, stored once, team mail and acknowledgement', async () => {
    const { page, context, consoleMessages } = await e2e.open('/private-events?utm_source=newsletter');
    const email = 'katherine.inquiry@example.test';
    const form = await fillInquiryForm(page, { email });

    // The preferred date: a date picker that starts at the venue's today.
    const date = addDays(venueToday(), 21);
    await form.getByRole('button', { name: /^Preferred date/ }).click();
    const dialog = form.getByRole('dialog');
    await dialog.waitFor();
    // Days before today can't be chosen (yesterday is only shown when it falls in this month).
    const yesterday = dialog.getByRole('button', { name: new RegExp(`^${formatLongDate(addDays(venueToday(), -1))}`) });
    if ((await yesterday.count()) > 0) expect(await yesterday.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: new RegExp(`^${formatLongDate(venueToday())}`) }).isEnabled()).toBe(true);
    await clickDay(dialog, date);
    await dialog.waitFor({ state: 'detached' });
    expect(await form.getByRole('button', { name: /^Preferred date/ }).innerText()).toContain(formatLongDate(date));

    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await page.waitForURL(/\/private-events\/thank-you\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await page.getByRole('heading', { level: 1, name: 'Inquiry Received!' }).waitFor();
    const main = await page.locator('main').innerText();
    expect(main).toContain('within 24 hours');
    expect(main).toContain(email);
    expect(main).toContain('events@thetinycupboard.com');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'View Menu' }).getAttribute('href')).toBe('/menu');
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    const records = await recordsFor('private_event_inquiries', email);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'Katherine Johnson',
      phone: '(718) 555-0199',
      event_type: 'birthday',
      number_of_people: 25,
      budget: '1000-2500',
      preferred_date: date,
      preferred_time: '8:00 PM',
      message: 'A 30th birthday with board games and cake.',
      utm_source: 'newsletter',
    });
    expect(records[0]!.event_source_url).toContain('/private-events');

    await e2e.flushMail();
    const smtp = e2e.venue.smtp!;
    const [team] = await smtp.waitFor(1, (m) => to(STAFF_EMAIL)(m) && /Katherine Johnson/.test(m.parsed.subject ?? ''));
    expect(team!.parsed.subject).toBe('New private event inquiry: Katherine Johnson (Birthday Party)');
    expect(team!.parsed.text).toContain('A 30th birthday with board games and cake.');
    expect(team!.parsed.replyTo?.[0]?.address).toBe(email);
    const [ack] = await smtp.waitFor(1, to(email));
    expect(ack!.parsed.text).toContain('within 24 hours');
    expect(consoleMessages.filter((m) => m.startsWith('error') || m.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('when the server fails, shows the failure message and re-enables the form', async () => {
    const { page, context } = await e2e.open('/private-events');
    const email = 'katherine.failure@example.test';
    const form = await fillInquiryForm(page, { email });
    let attempts = 0;
    await page.route('**/api/collections/private_event_inquiries/records*', async (route) => {
      attempts++;
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'Something went wrong.', data: {} }) });
    });

    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await form.getByLabel(/^Name/).isDisabled()).toBe(true);

    await expectToast(page, 'Error', 'Failed to send inquiry. Please try again.');
    const button = form.getByRole('button', { name: 'Send Inquiry' });
    await button.waitFor();
    expect(await button.isEnabled()).toBe(true);
    expect(await form.getByLabel(/^Name/).isEnabled()).toBe(true);
    expect(await form.getByLabel(/^Name/).inputValue()).toBe('Katherine Johnson');
    expect(page.url()).toMatch(/\/private-events$/);
    expect(attempts).toBe(1);
    // Nothing is left queued behind the guest's back.
    expect(await page.getByTestId('queued-notice').count()).toBe(0);
    expect(await recordsFor('private_event_inquiries', email)).toHaveLength(0);

    // A retry once the server is back goes through, and only once.
    await page.unroute('**/api/collections/private_event_inquiries/records*');
    await button.click();
    await page.waitForURL(/\/private-events\/thank-you\?/);
    expect(await recordsFor('private_event_inquiries', email)).toHaveLength(1);
    await context.close();
  });

  it('offline, keeps the inquiry on this device and sends it when the connection returns', async () => {
    const { page, context } = await e2e.open('/private-events');
    const email = 'katherine.offline@example.test';
    const form = await fillInquiryForm(page, { email });
    await warmUpForm(form);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    const notice = page.getByTestId('queued-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/saved on this device and will be sent automatically when your connection returns/);
    expect(await recordsFor('private_event_inquiries', email)).toHaveLength(0);

    await context.setOffline(false);
    await page.waitForURL(/\/private-events\/thank-you\?email=katherine\.offline%40example\.test/, { timeout: 20_000 });
    expect(await recordsFor('private_event_inquiries', email)).toHaveLength(1);
    await context.close();
  });
});

describe('/game-master', () => {
  /** Hedy applies from `email` with `message`; returns the form. */
  async function apply(page: Page, email: string, message: string) {
    const form = page.getByTestId('influencer-form');
    await form.getByLabel('Name', { exact: true }).fill(GUESTS.hedy.name);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Tell us about you').fill(message);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    return form;
  }

  it('refuses a 9-character message with the exact message and sends nothing', async () => {
    const { page, context } = await e2e.open('/game-master');
    const email = 'hedy.short@example.test';
    await page.locator('main h1', { hasText: 'Local Influencer Collabs' }).waitFor();
    const form = await apply(page, email, '123456789');
    await expectToast(page, 'Validation error', 'Message must be at least 10 characters');
    const message = form.getByLabel('Tell us about you');
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await message.getAttribute('aria-describedby'))!.split(' ');
    const errorText = await page.locator(`[id="${describedBy[0]}"]`).innerText();
    expect(errorText.trim()).toBe('Message must be at least 10 characters');
    const violations = await runAxe(page, { include: '[data-testid="influencer-form"]' });
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await recordsFor('influencer_applications', email)).toHaveLength(0);
    await context.close();
  });

  it('submits an application: toast, thank-you page, stored once, team mail and reply', async () => {
    const { page, context } = await e2e.open('/game-master');
    const email = 'hedy.apply@example.test';
    await apply(page, email, 'I post weekly board game reels to 20k followers in Brooklyn.');
    await expectToast(page, 'Application submitted!', "We'll be in touch soon.");
    await page.waitForURL(/\/game-master\/thank-you$/);
    await page.getByRole('heading', { level: 1, name: 'Application Submitted!' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('within a few days');
    expect(await page.locator('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await recordsFor('influencer_applications', email)).toHaveLength(1);

    await e2e.flushMail();
    const smtp = e2e.venue.smtp!;
    await smtp.waitFor(1, (m) => to(STAFF_EMAIL)(m) && (m.parsed.subject ?? '').includes('Hedy Lamarr'));
    await smtp.waitFor(1, to(email));
    await context.close();
  });
});
