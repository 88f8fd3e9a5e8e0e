/**
 * The waitlist and a private-event inquiry sent during a restore (issue 32 item 6), on a phone:
 * the owner has asked for a restore, so the server refuses both with the restore's 503. Each form
 * keeps its submission on the device and says why in the restore's own words (not a generic "try
 * again"), and once the restored server is up the device sends it again after the server's
 * Retry-After: the guest joins the line and the inquiry lands on its thank-you page, each stored once.
 * The owner's Activity view then shows who restored which backup and what it took away.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../src/lib/api/client';
import { BACKUP_MESSAGES } from '../../src/lib/rules/backups';
import { WAITLIST_MESSAGES } from '../../src/lib/rules/waitlist';
import { addDays, formatNight, venueToday } from '../../src/lib/venueTime';
import { viewports } from '../support/browser';
import { e2ePerFile, fillBoardGameForm, fillInquiryForm, signInWithEmailedCode, warmUpForm } from '../support/e2e-server';
import { ownerRestores } from '../support/owner-restore';

const e2e = e2ePerFile();
const OWNER = 'owner-e2e-restore-forms@example.test';
const PASSWORD = 'password-123';
const SHOTS = new URL('../.artifacts/screens/', import.meta.url).pathname;
const phone = { viewport: viewports.phone, isMobile: true, hasTouch: true };

const byEmail = (email: string) => e2e.venue.su.filter('email = {:email}', { email });

describe('guest forms during a restore', () => {
  it('the waitlist and the inquiry keep their submission, say the restore is why, and go through after it, once each', async () => {
    const v = e2e.venue;
    await v.admin(OWNER, PASSWORD, true);
    // A full night (in the backup too): its form offers the waitlist.
    const date = addDays(venueToday(), 9);
    const night = formatNight(date);
    await v.su.collection('capacity').create({ date, seats: 2 });
    await v.anon.collection('reservations').create({
      id: newRecordId(), name: 'Early Bird', email: 'early.restore@example.test', party_size: 2,
      event_name: 'Board Game Night', event_date: date, event_time: '6:00 PM', source: 'web',
    });
    await v.su.backups.create('before-the-forms.zip');

    const waiting = await e2e.open('/board-game-night', phone);
    const waitEmail = 'restore-wait@example.test';
    const form = await fillBoardGameForm(waiting.page, { name: 'Wait Restore', email: waitEmail, people: 2, date, time: '8:00 PM' });
    await warmUpForm(form);
    await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('fully booked');

    const asking = await e2e.open('/private-events', phone);
    const inquiryEmail = 'restore-inquiry@example.test';
    await warmUpForm(asking.page.getByTestId('inquiry-form'));
    const inquiry = await fillInquiryForm(asking.page, { name: 'Restore Inquiry', email: inquiryEmail, people: 20, details: 'A birthday for twenty, during a restore.' });

    await ownerRestores(e2e.venue, { email: OWNER, password: PASSWORD }, 'before-the-forms.zip');
    await Promise.all([
      form.getByRole('button', { name: WAITLIST_MESSAGES.join(night) }).click(),
      inquiry.getByRole('button', { name: 'Send Inquiry' }).click(),
    ]);

    mkdirSync(SHOTS, { recursive: true });
    const joined = waiting.page.getByTestId('waitlist-joined').first();
    await joined.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(await joined.innerText()).toContain(BACKUP_MESSAGES.restoring);
    const queued = asking.page.getByTestId('queued-notice');
    await queued.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    expect(await queued.innerText()).toContain(BACKUP_MESSAGES.restoring);
    await waiting.page.screenshot({ path: `${SHOTS}waitlist-during-restore-390.png` });
    await asking.page.screenshot({ path: `${SHOTS}inquiry-during-restore-390.png` });

    // Sent again by the outbox on its own, after the gate's Retry-After, once the restored server answers.
    await joined.getByRole('heading', { name: "You're on the waitlist" }).waitFor({ timeout: 90_000 });
    await asking.page.waitForURL(/\/private-events\/thank-you\?/, { timeout: 90_000 });
    expect(await v.su.collection('waitlist').getFullList({ filter: byEmail(waitEmail) })).toHaveLength(1);
    expect(await v.su.collection('private_event_inquiries').getFullList({ filter: byEmail(inquiryEmail) })).toHaveLength(1);
    for (const opened of [waiting, asking]) {
      expect(opened.consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
      await opened.context.close();
    }

    // The restore in the owner's Activity view: who, which backup, what it took away, when.
    const office = await e2e.open('/admin/login', { viewport: viewports.tabletLandscape });
    await signInWithEmailedCode(office.page, v, OWNER, PASSWORD);
    await office.page.waitForURL(`${e2e.url}/admin/dashboard`);
    await office.page.goto(`${e2e.url}/admin/dashboard?view=activity`);
    const restored = office.page.getByTestId('activity-list').getByRole('listitem').filter({ hasText: 'Restored the backup "before-the-forms.zip"' });
    await restored.waitFor();
    expect(await restored.innerText()).toContain(OWNER);
    expect(await restored.innerText()).toContain('from the staff area: no booking had been made since it, so none was lost');
    for (const viewport of [viewports.tabletLandscape, viewports.phone]) {
      await office.page.setViewportSize(viewport);
      await office.page.screenshot({ path: `${SHOTS}activity-restore-${viewport.width}.png` });
    }
    await office.context.close();
  }, 240_000);
});
