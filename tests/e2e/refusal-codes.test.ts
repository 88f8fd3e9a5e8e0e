/**
 * The browser offers the waitlist after a refused reservation by the refusal's code (issue 26),
 * never by its words, in Chromium against a real server. The seats the form shows are kept stale
 * (routed availability: the night still has room), so only the server's answer can offer the line:
 * with its `night_full` code it does; the same answer with the code taken out does not.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../src/lib/api/client';
import { MESSAGES } from '../../src/lib/rules/limits';
import { WAITLIST_MESSAGES } from '../../src/lib/rules/waitlist';
import { addDays, formatNight, venueToday } from '../../src/lib/venueTime';
import { e2ePerFile, fillBoardGameForm } from '../support/e2e-server';

const e2e = e2ePerFile();
const today = venueToday();

/** The form keeps being told `date` has all its seats, whatever the server has booked. */
async function staleAvailability(page: Page, date: string) {
  await page.route('**/api/availability?*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { nights: Array<{ date: string; capacity: number; seatsLeft: number }> };
    body.nights = body.nights.map((n) => (n.date === date ? { ...n, seatsLeft: n.capacity } : n));
    await route.fulfill({ response: res, json: body });
  });
}

/** A guest who is not on the page takes the whole night. */
async function someoneTakes(date: string, seats: number) {
  await e2e.venue.anon.collection('reservations').create({
    id: newRecordId(),
    ...{ name: 'Quick Guest', email: `quick.${date}@example.test`, party_size: seats },
    ...{ event_name: 'Board Game Night', event_date: date, event_time: '6:00 PM', source: 'web' },
  });
}

async function refusedForm(date: string, email: string, stripCode: boolean) {
  await e2e.venue.su.collection('capacity').create({ date, seats: 2 });
  const { page, context } = await e2e.open('/board-game-night');
  await staleAvailability(page, date);
  if (stripCode) {
    await page.route('**/api/collections/reservations/records*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      delete body.code;
      await route.fulfill({ response: res, json: body });
    });
  }
  const form = await fillBoardGameForm(page, { name: 'Grace Hopper', email, people: 2, date, time: '8:00 PM' });
  await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('2 seats left');
  await someoneTakes(date, 2);
  await form.getByRole('button', { name: 'Reserve My Spot' }).click();
  // The refusal is shown on its field in the spec's words either way.
  await form.getByText(MESSAGES.nightFull(formatNight(date))).first().waitFor();
  return { page, context, form };
}

describe('a reservation refused for a full night', () => {
  it('offers the waitlist by the night_full code, and the guest joins it', async () => {
    const date = addDays(today, 12);
    const night = formatNight(date);
    const { context, form } = await refusedForm(date, 'coded.refusal@example.test', false);
    const join = form.getByRole('button', { name: WAITLIST_MESSAGES.join(night) });
    await join.waitFor();
    await join.click();
    const joined = form.page().getByTestId('waitlist-joined').first();
    await joined.waitFor();
    expect(await joined.innerText()).toContain(WAITLIST_MESSAGES.joined(night, 1));
    await context.close();
  });

  it('offers nothing when the same words come without the code', async () => {
    const date = addDays(today, 13);
    const { context, form } = await refusedForm(date, 'uncoded.refusal@example.test', true);
    expect(await form.getByRole('button', { name: WAITLIST_MESSAGES.join(formatNight(date)) }).count()).toBe(0);
    await context.close();
  });
});
