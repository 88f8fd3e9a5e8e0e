/**
 * The offline outbox end to end (issue 4): reservations made while the browser is offline are
 * saved on the device, sent once when the connection returns (no duplicates), a rejection is
 * shown with its reason until dismissed, and the schedule stays readable offline.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/rules/limits';
import { EVENTS_CACHE_KEY } from '../../src/features/events';
import { addDays, formatLongDate, venueToday } from '../../src/lib/venueTime';
import { e2ePerFile, fillBoardGameForm, warmUpForm } from '../support/e2e-server';

const e2e = e2ePerFile();
const today = venueToday();

const night = (iso: string) => formatLongDate(iso).replace(/, \d{4}$/, '');

async function recordsOn(date: string, emailLike: string) {
  const su = e2e.venue.su;
  return su.collection('reservations').getFullList({
    filter: su.filter('event_date = {:date} && email ~ {:like}', { date, like: emailLike }),
  });
}

describe('offline outbox', () => {
  it('saves 20 reservations made offline and sends each exactly once when back online', async () => {
    const { page, context, consoleMessages } = await e2e.open('/board-game-night');
    const date = addDays(today, 4);
    const indicator = page.getByTestId('outbox-indicator');
    await warmUpForm(page.getByTestId('board-game-form').first());
    await context.setOffline(true);

    for (let i = 1; i <= 20; i++) {
      await fillBoardGameForm(page, {
        name: `Offline Guest ${i}`,
        email: `offline${i}@example.test`,
        people: 1,
        date,
        time: '8:30 PM',
      });
      await page.getByTestId('board-game-form').first().getByRole('button', { name: 'Reserve My Spot' }).click();
      const saved = page.getByTestId('queued-reservation').first();
      await saved.getByRole('heading', { name: 'Saved on this device' }).waitFor();
      expect(await saved.innerText()).toContain('saved on this device. It will be sent automatically when your connection returns');
      // Not presented as confirmed.
      expect(page.url()).toContain('/board-game-night');
      await expect.poll(() => indicator.getAttribute('data-pending')).toBe(String(i));
      await saved.getByRole('button', { name: 'Make another reservation' }).click();
    }
    expect(await indicator.innerText()).toContain('20 submissions waiting to send');
    expect(await recordsOn(date, 'offline')).toHaveLength(0);

    await context.setOffline(false);
    await indicator.waitFor({ state: 'detached', timeout: 30_000 });
    const records = await recordsOn(date, 'offline');
    expect(records).toHaveLength(20);
    expect(new Set(records.map((r) => r.email)).size).toBe(20);
    expect(new Set(records.map((r) => r.id)).size).toBe(20);
    // The outbox is empty on the device too.
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('tiny-cupboard-outbox');
          open.onsuccess = () => {
            const tx = open.result.transaction('entries', 'readonly');
            const count = tx.objectStore('entries').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(left).toBe(0);
    // A second flush (e.g. another online event) sends nothing twice.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(await recordsOn(date, 'offline')).toHaveLength(20);
    await e2e.venue.smtp!.waitFor(20, (m) => m.envelope.to.some((to) => to.startsWith('offline')), 30_000);
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('shows a rejection after reconnecting, with the reason, until dismissed', async () => {
    const date = addDays(today, 5);
    await e2e.venue.su.collection('capacity').create({ date, seats: 2 });
    const { page, context } = await e2e.open('/board-game-night');
    await warmUpForm(page.getByTestId('board-game-form').first());
    await context.setOffline(true);
    await fillBoardGameForm(page, { name: 'Too Many', email: 'too.many@example.test', people: 3, date, time: '9:00 PM' });
    await page.getByTestId('board-game-form').first().getByRole('button', { name: 'Reserve My Spot' }).click();
    const panel = page.getByTestId('queued-reservation').first();
    await panel.getByRole('heading', { name: 'Saved on this device' }).waitFor();

    await context.setOffline(false);
    const reason = MESSAGES.notEnoughSeats(night(date), 2);
    const alert = page.getByTestId('outbox-rejection');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain(`Not sent: Board Game Night · ${night(date)} at 9:00 PM · 3 people`);
    expect(await alert.innerText()).toContain(reason);
    await panel.getByRole('heading', { name: 'This reservation was not accepted' }).waitFor();
    expect(await panel.innerText()).toContain(reason);
    expect(await recordsOn(date, 'too.many')).toHaveLength(0);

    // Still there after a reload: removed only when the guest dismisses it.
    await page.reload();
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await page.getByTestId('outbox-indicator').count()).toBe(0);
    await context.close();
  });

  it('sends what was saved offline when the site is opened again (flush on app start)', async () => {
    const date = addDays(today, 4);
    const { page, context } = await e2e.open('/board-game-night');
    await warmUpForm(page.getByTestId('board-game-form').first());
    await context.setOffline(true);
    await fillBoardGameForm(page, { name: 'Next Visit', email: 'next.visit@example.test', people: 2, date, time: '6:30 PM' });
    await page.getByTestId('board-game-form').first().getByRole('button', { name: 'Reserve My Spot' }).click();
    await page.getByTestId('queued-reservation').first().getByRole('heading', { name: 'Saved on this device' }).waitFor();
    await page.close();
    await context.setOffline(false);
    expect(await recordsOn(date, 'next.visit')).toHaveLength(0);

    const again = await context.newPage();
    await again.goto(`${e2e.url}/`);
    await expect.poll(async () => (await recordsOn(date, 'next.visit')).length, { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('keeps the schedule readable offline from the copy saved on this device', async () => {
    const { page, context } = await e2e.open('/meetups-groups');
    // The weekly entry's heading (not the selected day's, which says 'Monday, November 23' on a Monday).
    await page.getByRole('heading', { name: /^Monday(?!,)/ }).waitFor();
    // That heading is in the prerendered page (the schedule as built); the device keeps its copy
    // once the live list has arrived, so wait for the copy before leaving.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, EVENTS_CACHE_KEY), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.waitForURL(`${e2e.url}/`);
    await context.setOffline(true);
    await page.evaluate(() => {
      history.pushState(null, '', '/meetups-groups');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText("You're offline: this is the schedule saved on this device").waitFor();
    const monday = page.getByRole('heading', { name: /^Monday(?!,)/ }).getByRole('button');
    await monday.click();
    expect(await page.getByTestId('weekly-event').filter({ hasText: 'Magic Monday Night Draft' }).innerText()).toContain('$25 at the door');
    await context.close();
  });
});
