/**
 * Issue 24 on the waitlist, against a real PocketBase and SMTP receiver: a join naming any event
 * but board game night (unknown, hidden, on a day it does not run, or a real one, which never fills
 * up) is refused on its field, with nothing stored, queued or mailed; and the offer mail's subject
 * gives the day its hold ends, not only the time.
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, expectRefused, nextWeekday, post, venuePerFile } from '../support/api-fixtures';
import { MESSAGES } from '../../src/lib/rules/limits';
import { WAITLIST_MESSAGES, WAITLIST_QUIET_HOURS, waitlistHold } from '../../src/lib/rules/waitlist';
import { formatNight, formatVenueDeadline, parseServerDate, venueParts } from '../../src/lib/venueTime';

const v = venuePerFile({ meta: false, relaxed: true });

const join = (body: Record<string, unknown>) => post(`${v.url}/api/collections/waitlist/records`, body);

/** A night of `seats`, fully booked by one party, so a join waits in line. */
async function fullNight(days: number, seats: number) {
  const date = dayFromToday(days);
  await v.su.collection('capacity').create({ date, seats });
  const booking = boardGameBody({ event_date: date, party_size: seats, email: `booked-${days}@example.test` });
  expect((await post(`${v.url}/api/collections/reservations/records`, booking)).status).toBe(200);
  return { date, booking: booking.id as string };
}

describe('a waitlist join names board game night or nothing', () => {
  it('refuses an unknown event, a hidden one, one on a day it does not run and a real one; nothing is stored or mailed', async () => {
    const { date } = await fullNight(21, 2);
    const hidden = await v.su.collection('events').create({ kind: 'special', title: 'Staff Only Preview', date, time: '8pm', active: false });
    const tuesday = nextWeekday(2, 21);
    const refused = (email: string, o: Record<string, unknown>) => boardGameBody({ event_date: date, party_size: 2, email, ...o });

    await expectRefused(v, 'waitlist', refused('gala@example.test', { event_name: 'No Such Event Gala' }), 'event_name', MESSAGES.eventUnknown);
    await expectRefused(v, 'waitlist', refused('hidden@example.test', { event_name: hidden.title }), 'event_name', MESSAGES.eventUnknown);
    await expectRefused(
      v,
      'waitlist',
      refused('monday@example.test', { event_name: 'Magic Monday Night Draft', event_date: tuesday }),
      'event_date',
      MESSAGES.eventNotOnDate,
    );
    await expectRefused(
      v,
      'waitlist',
      refused('pokemon@example.test', { event_name: 'Pokemon TCG', event_date: tuesday }),
      'event_name',
      WAITLIST_MESSAGES.eventHasNoWaitlist('Pokemon TCG'),
    );

    // Board game night, named or (as the form sends it) not, still joins.
    expect((await join(boardGameBody({ event_date: date, party_size: 2, email: 'named@example.test' }))).status).toBe(200);
    const unnamed = boardGameBody({ event_date: date, party_size: 2, email: 'unnamed@example.test' });
    delete unnamed.event_name;
    expect((await join(unnamed)).status).toBe(200);

    // Every mail due has gone out: the two joins were mailed, the refused guests never.
    await v.settle();
    expect(v.smtp!.to('named@example.test')).toHaveLength(1);
    expect(v.smtp!.to('unnamed@example.test')).toHaveLength(1);
    for (const email of ['gala', 'hidden', 'monday', 'pokemon']) expect(v.smtp!.to(`${email}@example.test`), email).toEqual([]);
    const stored = await v.su.collection('waitlist').getFullList({ filter: `event_date = "${date}" || event_date = "${tuesday}"` });
    expect(stored.map((r) => r.email).sort()).toEqual(['named@example.test', 'unnamed@example.test']);
  });
});

describe('the offer mail', () => {
  it("says the day the hold ends, for a night weeks away", async () => {
    const { date, booking } = await fullNight(35, 2);
    const entry = boardGameBody({ event_date: date, party_size: 2, email: 'offer-day@example.test' });
    expect((await join(entry)).status).toBe(200);
    await v.su.collection('reservations').delete(booking);
    const stored = await v.su.collection('waitlist').getOne(String(entry.id));
    expect(stored.status).toBe('offered');
    const [mail] = await v.smtp!.waitFor(1, (m) => m.envelope.to.includes('offer-day@example.test') && /A table is free/.test(m.parsed.subject ?? ''));
    const deadline = formatVenueDeadline(stored.offer_expires);
    // e.g. "claim it by 5:05 PM on Thursday, November 26": the hold ends weeks before the night.
    expect(deadline).toMatch(/^\d{1,2}:\d{2} [AP]M on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    expect(mail!.parsed.subject).toBe(`A table is free on ${formatNight(date)}: claim it by ${deadline}`);

    // Issue 31: for a night that is not tonight or tomorrow the hold never ends from 10 PM to
    // 10 AM (an offer made at 1:48 AM was to be claimed by 3:48 AM). At whatever hour this runs,
    // the stored end is the shared rule's, on the venue's day-time clock, and the mail names the rule.
    const hold = waitlistHold(date, parseServerDate(stored.offered_at)!);
    expect(parseServerDate(stored.offer_expires)!.toISOString()).toBe(hold.expires.toISOString());
    const endHour = venueParts(hold.expires).hour;
    expect(endHour >= WAITLIST_QUIET_HOURS.until && endHour < WAITLIST_QUIET_HOURS.from, `ends at ${deadline}`).toBe(true);
    expect(mail!.parsed.text).toContain(`Claim it by ${deadline}. ${WAITLIST_MESSAGES.holdRule(hold.rule)} After that`);
    // The offer's page gets when the offer was made, to name the same rule.
    const page = await fetch(`${v.url}/api/waitlist/${stored.token}`).then((r) => r.json());
    expect(page).toMatchObject({ status: 'offered', offer_expires: stored.offer_expires, offered_at: stored.offered_at });
  });
});
