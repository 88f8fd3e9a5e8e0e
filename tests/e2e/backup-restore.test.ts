/**
 * A guest books during a restore (issue 32 item 6), on a phone: the owner has asked for a restore,
 * so the server refuses the booking with the restore's 503; the form keeps it on the device and
 * says why, and once the restored server is up the device sends it again: it goes through, and
 * the guest gets one confirmation.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../src/lib/rules/backups';
import { addDays, venueToday } from '../../src/lib/venueTime';
import { viewports } from '../support/browser';
import { e2ePerFile, fillBoardGameForm, warmUpForm } from '../support/e2e-server';
import { ownerRestores } from '../support/owner-restore';

const e2e = e2ePerFile();
const OWNER = 'owner-e2e-restore@example.test';
const PASSWORD = 'password-123';
const SHOTS = new URL('../.artifacts/screens/', import.meta.url).pathname;

describe('a booking during a restore', () => {
  it('is kept on the phone with the message, and goes through after the restore with one confirmation', async () => {
    const v = e2e.venue;
    await v.admin(OWNER, PASSWORD, true);
    await v.su.backups.create('before-the-guest.zip');
    const { page, context, consoleMessages } = await e2e.open('/board-game-night', { viewport: viewports.phone, isMobile: true, hasTouch: true });
    const form = page.getByTestId('board-game-form').first();
    await warmUpForm(form);
    const email = 'restore-guest@example.test';
    await fillBoardGameForm(page, { name: 'Restore Guest', email, people: 2, date: addDays(venueToday(), 6), time: '8:30 PM' });

    await ownerRestores(e2e.venue, { email: OWNER, password: PASSWORD }, 'before-the-guest.zip');
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    const saved = page.getByTestId('queued-reservation').first();
    await saved.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(await saved.innerText()).toContain(BACKUP_MESSAGES.restoring);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}booking-during-restore-390.png`, fullPage: false });

    // The outbox sends it again on its own (5 s, then 10 s …) once the restored server answers.
    await saved.getByRole('heading', { name: 'Sent! Your spot is reserved' }).waitFor({ timeout: 90_000 });
    const stored = await v.su.collection('reservations').getFullList({ filter: `email = "${email}"` });
    expect(stored).toHaveLength(1);
    await v.settle();
    await v.smtp!.waitFor(1, (m) => m.envelope.to.includes(email), 30_000);
    await page.waitForTimeout(1000);
    await v.settle();
    expect(v.smtp!.to(email)).toHaveLength(1);
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 180_000);
});
