/**
 * The monthly pass receipt (/thank-you, issue 6) in Chromium against a real server: the
 * confirmation id is derived from the values, so loading or sharing the link again records and
 * mails nothing more; malformed links render a clean receipt and send nothing.
 */
import { describe, expect, it } from 'vitest';
import { formatViolations, runAxe } from '../support/axe';
import { e2ePerFile } from '../support/e2e-server';
import { dayFromToday } from '../support/api-fixtures';
import { formatLongDate } from '../../src/lib/venueTime';

const e2e = e2ePerFile();

async function confirmations() {
  return e2e.venue.su.collection('pass_confirmations').getFullList();
}

const email = 'alan.pass@example.test';
// A date within the 30 days a pass is valid (the server refuses others).
const passDate = dayFromToday(5);
const query = new URLSearchParams({
  date: passDate,
  time: '7:00 PM',
  people: '2',
  cost: '40',
  tax: '3.55',
  email,
  name: 'Alan Turing',
}).toString();

describe('/thank-you (monthly pass)', () => {
  it('loaded three times with the same query records one confirmation and sends one mail', async () => {
    const first = await e2e.open(`/thank-you?${query}`);
    const { page } = first;
    await page.getByRole('heading', { level: 1, name: 'Monthly Pass active' }).waitFor();
    expect(await page.getByTestId('pass-line').innerText()).toBe('Monthly Pass · 2 people');
    expect(await page.getByTestId('pass-tax').innerText()).toBe('$3.55');
    expect(await page.getByTestId('pass-total').innerText()).toBe('$43.55');
    const main = await page.locator('main').innerText();
    for (const text of ['not a', 'Unlimited game nights', '30 days', 'gamenight', '10% off comedy tickets', '10 Cooper Street, Brooklyn, NY 11207', 'games@thetinycupboard.com']) {
      expect(main).toContain(text);
    }
    expect(main).toMatch(/buy at least one item/i);
    expect(await page.locator('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.locator('main').getByRole('link', { name: 'Back to Board Game Night' }).getAttribute('href')).toBe('/board-game-night');
    await page.locator('[data-state="delivered"]').waitFor();
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // A reload in the same browser, and the link opened somewhere else.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('[data-state="delivered"]').waitFor();
    const shared = await e2e.open(`/thank-you?${query}`);
    await shared.page.locator('[data-state="delivered"]').waitFor();

    const records = await confirmations();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
      name: 'Alan Turing',
      email,
      date: formatLongDate(passDate),
      time: '7:00 PM',
      people: 2,
      cost: 40,
      tax: 3.55,
      total: 43.55,
    });

    await e2e.flushMail();
    const smtp = e2e.venue.smtp!;
    const [mail] = await smtp.waitFor(1, (m) => m.envelope.to.includes(email));
    expect(mail!.parsed.text).toContain('$43.55');
    // Once the record's outbox jobs are done, every mail they make has arrived: count again.
    await e2e.venue.settle(`record_id = "${records[0]!.id}"`);
    expect(smtp.to(email)).toHaveLength(1);
    await first.context.close();
    await shared.context.close();
  });

  it.each([
    ['malformed values', 'date=undefined&time=NaN&people=lots&cost=abc&tax=NaN&email=not-an-email&name=%20'],
    ['a missing name', query.replace(/&name=[^&]*/, '').replace(email, 'nobody.pass@example.test')],
    ['nothing at all', ''],
  ])('with %s renders the receipt without sending anything (no NaN, no undefined)', async (_label, q) => {
    const before = (await confirmations()).length;
    const { page, context, consoleMessages } = await e2e.open(`/thank-you${q ? `?${q}` : ''}`);
    await page.getByRole('heading', { level: 1, name: 'Monthly Pass active' }).waitFor();
    await page.getByTestId('pass-receipt').waitFor();
    await page.locator('[data-state="not-sent"]').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/NaN|undefined|null|Infinity/);
    expect(text).toContain('Monthly Pass');
    await page.waitForTimeout(500);
    expect((await confirmations()).length).toBe(before);
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
