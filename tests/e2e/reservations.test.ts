/**
 * Reservations end to end (issue 4): board game night, events from the calendar and the weekly
 * accordion, trivia, the thank-you page (also cold from the query) and the cancel link, against
 * a real server with a loopback SMTP receiver, in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, isoWeekday, venueToday } from '../../src/lib/venueTime';
import { nextWeekdayOnOrAfter } from '../../src/lib/calendarDates';
import { MESSAGES, TIME_SLOTS } from '../../src/lib/rules/limits';
import { newRecordId } from '../../src/lib/api/client';
import { clearToasts, clickDay, e2ePerFile, expectToast, fillBoardGameForm, findDay, pickDate } from '../support/e2e-server';

const e2e = e2ePerFile();
const today = venueToday();

async function reservationsFor(email: string) {
  return e2e.venue.su.collection('reservations').getFullList({ filter: e2e.venue.su.filter('email = {:email}', { email }) });
}

describe('board game night', () => {
  it('reserves a table and lands on the thank-you page with the right data, stored once and mailed', async () => {
    const { page, consoleMessages } = await e2e.open('/board-game-night?gclid=test-click-1&utm_source=google&utm_campaign=winter');
    const date = addDays(today, 6);
    const email = 'ada.reserve@example.test';
    const form = page.getByTestId('board-game-form').first();

    const submit = form.getByRole('button', { name: 'Reserve My Spot' });
    expect(await submit.isDisabled()).toBe(true);
    await expect.poll(() => form.getByRole('radio').count()).toBe(12);
    expect(await form.locator('fieldset label').allInnerTexts()).toEqual([...TIME_SLOTS]);

    await form.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel(/^Phone/).fill('(347) 555-0100');
    const people = form.getByLabel('Number of people');
    expect(await people.inputValue()).toBe('1');
    expect(await form.getByRole('button', { name: 'One person fewer' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'One person more' }).click();
    await form.getByRole('button', { name: 'One person more' }).click();
    expect(await people.inputValue()).toBe('3');
    expect(await submit.isDisabled()).toBe(true); // date and time still missing

    await pickDate(form, date);
    await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('40 seats left');
    await form.getByRole('radio', { name: '7:30 PM', exact: true }).check();
    expect(await submit.isDisabled()).toBe(false);

    await submit.click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    await page.getByRole('heading', { name: "You're All Set" }).waitFor();

    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      eventName: 'Board Game Night',
      eventDate: date,
      eventTime: '7:30 PM',
      email,
      name: 'Ada Lovelace',
      gclid: 'test-click-1',
      utm_source: 'google',
      utm_campaign: 'winter',
    });
    const details = page.getByTestId('reservation-details');
    expect(await details.locator('[data-field="eventName"]').innerText()).toBe('Board Game Night');
    expect(await details.locator('[data-field="eventDate"]').innerText()).toBe(formatLongDate(date));
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('7:30 PM');
    expect(await details.locator('[data-field="email"]').innerText()).toBe(email);
    expect(await page.getByText('10 Cooper Street, Brooklyn, NY 11207').first().isVisible()).toBe(true);
    expect(await page.getByTestId('group-chat-invite').locator('svg').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Support the bar' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'View More Events' }).getAttribute('href')).toBe('/meetups-groups');

    const stored = await page.evaluate(() => ({
      session: JSON.parse(sessionStorage.getItem('reservationDetails') ?? 'null'),
      state: history.state,
    }));
    const expected = { eventName: 'Board Game Night', eventDate: formatLongDate(date), eventTime: '7:30 PM', email, name: 'Ada Lovelace' };
    expect(stored.session).toEqual(expected);
    expect(stored.state).toEqual(expected);

    const records = await reservationsFor(email);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'Ada Lovelace',
      phone: '(347) 555-0100',
      event_name: 'Board Game Night',
      event_date: date,
      event_time: '7:30 PM',
      party_size: 3,
      source: 'web',
      status: 'confirmed',
      gclid: 'test-click-1',
      utm_source: 'google',
      utm_campaign: 'winter',
    });
    expect(records[0]!.gclid_captured_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(records[0]!.event_source_url).toContain('/board-game-night');

    const [mail] = await e2e.venue.smtp!.waitFor(1, (m) => m.envelope.to.includes(email), 15_000);
    expect(mail!.parsed.subject ?? '').toMatch(/board game night/i);
    expect(mail!.parsed.text ?? mail!.parsed.html ?? '').toContain(formatLongDate(date));

    // Back and forth: the thank-you page still shows the reservation after a reload.
    await page.reload();
    await page.getByRole('heading', { name: "You're All Set" }).waitFor();
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('7:30 PM');
    expect(consoleMessages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await page.context().close();
  });

  it('shows every validation message in an Invalid Input toast', async () => {
    const { page } = await e2e.open('/board-game-night');
    const form = page.getByTestId('board-game-form').first();
    const date = addDays(today, 8);
    await fillBoardGameForm(page, { name: 'Valid Name', email: 'valid@example.test', date, time: '8:00 PM' }, form);
    const submit = form.getByRole('button', { name: 'Reserve My Spot' });
    const name = form.getByLabel('Name', { exact: true });
    const email = form.getByLabel('Email', { exact: true });
    const people = form.getByLabel('Number of people');

    const cases: Array<[() => Promise<void>, string]> = [
      [() => name.fill('   '), MESSAGES.nameRequired],
      [() => name.fill('N'.repeat(101)), MESSAGES.nameTooLong],
      [async () => (await name.fill('Valid Name'), await email.fill('not-an-email')), MESSAGES.emailInvalid],
      [() => email.fill(`${'a'.repeat(250)}@example.test`), MESSAGES.emailTooLong],
      [async () => (await email.fill('valid@example.test'), await people.fill('0')), MESSAGES.partySizeMin],
      [() => people.fill('25'), MESSAGES.partySizeMax],
    ];
    for (const [change, message] of cases) {
      await change();
      await submit.click();
      await expectToast(page, 'Invalid Input', message);
      // The field is marked too.
      expect(await form.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
      await clearToasts(page);
    }
    // The stepper itself stays within 1–20.
    await people.fill('19');
    await form.getByRole('button', { name: 'One person more' }).click();
    expect(await people.inputValue()).toBe('20');
    expect(await form.getByRole('button', { name: 'One person more' }).isDisabled()).toBe(true);

    // Days before today are disabled in the picker.
    await form.getByRole('button', { name: /^Date\b/ }).click();
    const dialog = form.getByRole('dialog');
    if (today.slice(8) !== '01') {
      const yesterday = await findDay(dialog, addDays(today, -1));
      expect(await yesterday.isDisabled()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await reservationsFor('valid@example.test')).toHaveLength(0);
    await page.context().close();
  });

  it('marks a full night in the date picker (still choosable, for its waitlist) and shows the seats left', async () => {
    const full = addDays(today, 9);
    const low = addDays(today, 10);
    const su = e2e.venue.su;
    await su.collection('capacity').create({ date: full, seats: 2 });
    await su.collection('capacity').create({ date: low, seats: 5 });
    await e2e.venue.anon.collection('reservations').create({
      id: newRecordId(),
      name: 'Early Bird',
      email: 'early@example.test',
      party_size: 2,
      event_name: 'Board Game Night',
      event_date: full,
      event_time: '6:00 PM',
      source: 'web',
    });

    const { page } = await e2e.open('/board-game-night');
    const form = page.getByTestId('board-game-form').first();
    await form.getByRole('button', { name: /^Date\b/ }).click();
    const dialog = form.getByRole('dialog');
    const fullDay = await findDay(dialog, full);
    await expect.poll(() => fullDay.getAttribute('aria-label')).toContain('fully booked');
    // Issue 12: a full night can be chosen, and its form offers the waitlist instead (tests/e2e/waitlist.test.ts).
    expect(await fullDay.isDisabled()).toBe(false);
    await page.keyboard.press('Escape');

    await pickDate(form, low);
    await expect.poll(() => form.getByTestId('seats-left').innerText()).toContain('5 seats left');

    // A party bigger than what's left: the server's reason is shown.
    await form.getByLabel('Name', { exact: true }).fill('Big Group');
    await form.getByLabel('Email', { exact: true }).fill('big.group@example.test');
    await form.getByLabel('Number of people').fill('6');
    await form.getByRole('radio', { name: '9:00 PM', exact: true }).check();
    await form.getByRole('button', { name: 'Reserve My Spot' }).click();
    await expectToast(page, 'Error', MESSAGES.notEnoughSeats(formatNightShort(low), 5));
    expect(await reservationsFor('big.group@example.test')).toHaveLength(0);
    expect(await form.getByRole('button', { name: 'Reserve My Spot' }).isDisabled()).toBe(false);
    await page.context().close();
  });
});

function formatNightShort(iso: string): string {
  return formatLongDate(iso).replace(/, \d{4}$/, '');
}

describe('events', () => {
  it('reserves an event from the calendar (one row open at a time)', async () => {
    const { page } = await e2e.open('/meetups-groups');
    const monday = nextWeekdayOnOrAfter(addDays(today, 1), 1);
    const calendar = page.locator('main').locator('.rdp-root').first();
    await calendar.waitFor();
    // Weekly dots and the month: the calendar opens on the current month.
    const caption = await calendar.locator('.rdp-caption_label').innerText();
    expect(caption).toBe(new Date(`${today}T12:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' }));
    await clickDay(calendar, monday);
    await expect.poll(() => page.getByTestId('selected-day').innerText()).toBe(formatLongDate(monday));

    const dayList = page.getByTestId('selected-day').locator('..');
    const draft = dayList.getByRole('button', { name: /Magic Monday Night Draft/ });
    const openTables = dayList.getByRole('button', { name: /Open tables/ });
    await draft.click();
    expect(await draft.getAttribute('aria-expanded')).toBe('true');
    expect(await dayList.getByText('$25 at the door').count()).toBeGreaterThan(0);
    await openTables.click();
    expect(await draft.getAttribute('aria-expanded')).toBe('false');
    expect(await openTables.getAttribute('aria-expanded')).toBe('true');
    await openTables.click();
    expect(await openTables.getAttribute('aria-expanded')).toBe('false');
    await draft.click();

    const form = dayList.getByTestId('event-form');
    expect(await form.getByRole('button', { name: /^Date\b/ }).innerText()).toContain(formatLongDate(monday));
    await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('Email', { exact: true }).fill('grace.calendar@example.test');
    await form.getByRole('button', { name: 'Reserve Now' }).click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    await page.getByRole('heading', { name: "You're All Set" }).waitFor();
    const details = page.getByTestId('reservation-details');
    expect(await details.locator('[data-field="eventName"]').innerText()).toBe('Magic Monday Night Draft');
    expect(await details.locator('[data-field="eventDate"]').innerText()).toBe(formatLongDate(monday));
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('6pm');
    expect(await page.getByTestId('group-chat-invite').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const records = await reservationsFor('grace.calendar@example.test');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ event_name: 'Magic Monday Night Draft', event_date: monday, event_time: '6pm', party_size: 1, source: 'event' });
    await e2e.venue.smtp!.waitFor(1, (m) => m.envelope.to.includes('grace.calendar@example.test'), 15_000);
    await page.context().close();
  });

  it('reserves from the weekly accordion, with Validation Error toasts and only that weekday selectable', async () => {
    const { page } = await e2e.open('/meetups-groups');
    const wednesdayTrigger = page.getByRole('heading', { name: /^Wednesday/ }).getByRole('button');
    await wednesdayTrigger.click();
    expect(await wednesdayTrigger.getAttribute('aria-expanded')).toBe('true');
    const event = page.getByTestId('weekly-event').filter({ hasText: 'Magic Commander Night' });
    expect(await event.innerText()).toContain('$10 at the door');
    // One day open at a time, and collapsible.
    await page.getByRole('heading', { name: /^Thursday/ }).getByRole('button').click();
    expect(await wednesdayTrigger.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('heading', { name: /^Thursday/ }).getByRole('button').click();
    expect(await page.getByRole('heading', { name: /^Thursday/ }).getByRole('button').getAttribute('aria-expanded')).toBe('false');
    await wednesdayTrigger.click();

    const form = event.getByTestId('event-form');
    /** Fills in what is given, presses Reserve Now and expects `message` in a Validation Error toast. */
    const refusedWith = async (fields: { name?: string; email?: string }, message: string) => {
      if (fields.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(fields.name);
      if (fields.email !== undefined) await form.getByLabel('Email', { exact: true }).fill(fields.email);
      await form.getByRole('button', { name: 'Reserve Now' }).click();
      await expectToast(page, 'Validation Error', message);
      await clearToasts(page);
    };
    await refusedWith({ name: 'Linus', email: 'linus.weekly@example.test' }, MESSAGES.dateRequired);
    await refusedWith({ name: '   ' }, MESSAGES.nameRequired);
    await refusedWith({ name: 'Linus', email: 'linus@localhost' }, MESSAGES.emailInvalid);
    await form.getByLabel('Email', { exact: true }).fill('linus.weekly@example.test');

    const wednesday = nextWeekdayOnOrAfter(addDays(today, 1), 3);
    await form.getByRole('button', { name: /^Date\b/ }).click();
    const dialog = form.getByRole('dialog');
    const thursday = await findDay(dialog, addDays(wednesday, 1));
    expect(await thursday.isDisabled()).toBe(true);
    await clickDay(dialog, wednesday);
    await form.getByRole('button', { name: 'Reserve Now' }).click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    const details = page.getByTestId('reservation-details');
    await details.waitFor();
    expect(await details.locator('[data-field="eventName"]').innerText()).toBe('Magic Commander Night');
    expect(await details.locator('[data-field="eventDate"]').innerText()).toBe(formatLongDate(wednesday));
    expect(isoWeekday(wednesday)).toBe(3);
    const records = await reservationsFor('linus.weekly@example.test');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ party_size: 1, source: 'event', event_date: wednesday });
    await page.context().close();
  });

  it('reserves a special event from the upcoming list', async () => {
    const special = addDays(today, 12);
    await e2e.venue.su.collection('events').create({
      kind: 'special',
      title: 'Test Tournament',
      description: 'A very special test tournament.',
      date: special,
      time: '7pm',
      price: '',
      open_tables: false,
      sort_order: 0,
      active: true,
    });
    const { page } = await e2e.open('/meetups-groups');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming special events' }) });
    const row = section.getByRole('button', { name: /Test Tournament/ });
    await row.click();
    expect(await section.getByText('A very special test tournament.').isVisible()).toBe(true);
    const form = section.getByTestId('event-form');
    await form.getByLabel('Name', { exact: true }).fill('Tess');
    await form.getByLabel('Email', { exact: true }).fill('tess.special@example.test');
    await form.getByRole('button', { name: 'Reserve Now' }).click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    const records = await reservationsFor('tess.special@example.test');
    expect(records[0]).toMatchObject({ event_name: 'Test Tournament', event_date: special, party_size: 1 });
    await page.context().close();
  });

  it('trivia: FAQ accordion and a Movie Trivia reservation on a Friday', async () => {
    const { page } = await e2e.open('/trivia');
    expect(await page.locator('main h1').innerText()).toBe('Movie & Music Trivia');
    const free = page.getByRole('button', { name: 'Is trivia free?' });
    const duration = page.getByRole('button', { name: 'How long does it last?' });
    for (const q of ['Is trivia free?', 'Do I need a team?', 'How hard are the questions?', 'Do I need a reservation?', 'How long does it last?']) {
      expect(await page.getByRole('button', { name: q }).count()).toBe(1);
    }
    await free.click();
    expect(await page.getByText(/free to play/i).first().isVisible()).toBe(true);
    await duration.click();
    expect(await free.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText(/until about 11:30PM to midnight/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Do I need a team?' }).click();
    expect(await page.getByText(/2 to 6 people/).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Do I need a reservation?' }).click();
    expect(await page.getByText(/arrive by 9:45PM/i).first().isVisible()).toBe(true);

    const movie = page.getByTestId('trivia-movie').getByTestId('event-form');
    const friday = nextWeekdayOnOrAfter(addDays(today, 1), 5);
    await movie.getByRole('button', { name: /^Date\b/ }).click();
    const saturday = await findDay(movie.getByRole('dialog'), addDays(friday, 1));
    expect(await saturday.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await pickDate(movie, friday);
    await movie.getByLabel('Name', { exact: true }).fill('Quiz Master');
    await movie.getByLabel('Email', { exact: true }).fill('quiz.movie@example.test');
    await movie.getByRole('button', { name: 'Reserve Now' }).click();
    await page.waitForURL(/\/reservation-thank-you\?/);
    const details = page.getByTestId('reservation-details');
    await details.waitFor();
    expect(await details.locator('[data-field="eventName"]').innerText()).toBe('Movie Trivia');
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('10PM');
    const records = await reservationsFor('quiz.movie@example.test');
    expect(records[0]).toMatchObject({ event_name: 'Movie Trivia', event_date: friday, event_time: '10PM', party_size: 1 });

    // Music Trivia is on Saturdays.
    await page.goto(`${e2e.url}/trivia`);
    const music = page.getByTestId('trivia-music').getByTestId('event-form');
    await music.getByRole('button', { name: /^Date\b/ }).click();
    const sat = nextWeekdayOnOrAfter(addDays(today, 1), 6);
    expect(await (await findDay(music.getByRole('dialog'), sat)).isDisabled()).toBe(false);
    expect(await (await findDay(music.getByRole('dialog'), addDays(sat, -1))).isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe('thank-you and cancel pages', () => {
  it('loads the thank-you page cold from query parameters', async () => {
    const { page } = await e2e.open('/reservation-thank-you?eventName=Music%20Trivia&date=2026-12-05&time=10PM&email=cold%40example.test&name=Cold%20Start');
    const details = page.getByTestId('reservation-details');
    expect(await details.locator('[data-field="eventName"]').innerText()).toBe('Music Trivia');
    expect(await details.locator('[data-field="eventDate"]').innerText()).toBe('Saturday, December 5, 2026');
    expect(await details.locator('[data-field="eventTime"]').innerText()).toBe('10PM');
    expect(await details.locator('[data-field="email"]').innerText()).toBe('cold@example.test');
    expect(await page.getByText(/Thanks, Cold Start!/).isVisible()).toBe(true);
    expect(await page.getByTestId('group-chat-invite').isVisible()).toBe(true);

    await page.goto(`${e2e.url}/reservation-thank-you?name=NoEvent`);
    await page.getByRole('heading', { name: "You're All Set" }).waitFor();
    expect(await page.getByTestId('group-chat-invite').count()).toBe(0);
    await page.context().close();
  });

  it('cancels a reservation from its link, and explains a wrong link', async () => {
    const id = newRecordId();
    const date = addDays(today, 14);
    await e2e.venue.anon.collection('reservations').create({
      id,
      name: 'Cancel Me',
      email: 'cancel.me@example.test',
      party_size: 2,
      event_name: 'Board Game Night',
      event_date: date,
      event_time: '9:30 PM',
      source: 'web',
    });
    const record = await e2e.venue.su.collection('reservations').getOne(id);
    const token = String(record.cancel_token);
    const { page } = await e2e.open(`/cancel/${token}`);
    const details = page.getByTestId('cancel-details').first();
    await details.waitFor();
    expect(await details.innerText()).toContain(formatLongDate(date));
    expect(await details.innerText()).toContain('2 people');
    await page.getByRole('button', { name: 'Yes, cancel my reservation' }).click();
    await page.getByRole('heading', { name: 'Reservation cancelled' }).waitFor();
    expect((await e2e.venue.su.collection('reservations').getOne(id)).status).toBe('cancelled');
    // No confetti for a cancellation (issue 31): it belongs to successes only, not to this click
    // nor to anything on the page it leads to.
    expect(await page.evaluate(() => document.documentElement.dataset.celebrating)).toBeUndefined();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${e2e.url}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.celebrating)).toBeUndefined();
    expect(await page.locator('canvas[data-celebration]').count()).toBe(0);
    await page.goBack();

    await page.goto(`${e2e.url}/cancel/${'x'.repeat(48)}`);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    expect(await page.getByText(MESSAGES.cancelNotFound).isVisible()).toBe(true);
    await page.context().close();
  });
});
