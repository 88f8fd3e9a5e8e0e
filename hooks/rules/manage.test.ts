import { describe, expect, it } from 'vitest';
import { parseIcsLines, reservationIcsUid } from './ics';
import { MESSAGES } from '../../src/lib/rules/limits';
import { canChangeReservation, checkReservationChange } from './manage';
import { reservationCancelledMail, reservationConfirmationMail, type RenderedMail } from './mail';
import { reservationReminderMail, reservationUpdatedMail } from './mailReminder';
import { MANAGE_MESSAGES } from '../../src/lib/rules/waitlist';
import { venue } from '../../src/content/venue';

const board = { event_name: 'Board Game Night', event_date: '2026-11-23', event_time: '7:30 PM', party_size: 4, status: 'confirmed' };
const event = { ...board, event_name: 'Magic Commander Night', event_time: '6pm', party_size: 1 };

describe('checkReservationChange', () => {
  it('changes the party size and the time of a board game night table', () => {
    expect(checkReservationChange(board, { party_size: 6 }, '2026-11-23')).toEqual({ kind: 'change', party_size: 6, event_time: '7:30 PM' });
    expect(checkReservationChange(board, { event_time: '9:00 PM' }, '2026-11-20')).toEqual({ kind: 'change', party_size: 4, event_time: '9:00 PM' });
  });

  it('refuses wrong types instead of coercing them', () => {
    expect(checkReservationChange(board, { party_size: '6' }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.numberExpected } });
    expect(checkReservationChange(board, { party_size: true }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.numberExpected } });
    expect(checkReservationChange(board, { event_time: 21 }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { event_time: MESSAGES.textExpected } });
  });

  it('applies the spec limits and the listed slots', () => {
    expect(checkReservationChange(board, { party_size: 0 }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.partySizeMin } });
    expect(checkReservationChange(board, { party_size: 2.5 }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.partySizeWhole } });
    expect(checkReservationChange(board, { party_size: 21 }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.partySizeMax } });
    expect(checkReservationChange(board, { event_time: '7:45 PM' }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { event_time: MESSAGES.timeNotSlot } });
  });

  it('keeps an event reservation at one guest and the event time', () => {
    expect(checkReservationChange(event, { party_size: 3 }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MANAGE_MESSAGES.partySizeFixed } });
    expect(checkReservationChange(event, { event_time: '9pm' }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { event_time: MANAGE_MESSAGES.timeFixed } });
  });

  it('answers nothing for an empty or unchanged body, tooLate once the night has passed or the reservation is not confirmed', () => {
    expect(checkReservationChange(board, {}, '2026-11-20')).toEqual({ kind: 'nothing' });
    expect(checkReservationChange(board, { party_size: 4, event_time: '7:30 PM' }, '2026-11-20')).toEqual({ kind: 'nothing' });
    expect(checkReservationChange(board, { party_size: 5 }, '2026-11-24')).toEqual({ kind: 'tooLate' });
    expect(canChangeReservation({ ...board, status: 'cancelled' }, '2026-11-20')).toBe(false);
    expect(canChangeReservation({ ...board, status: 'no_show' }, '2026-11-20')).toBe(false);
  });
});

describe('invitations of one reservation', () => {
  const r = { ...board, id: 'abc123def456ghi', name: 'Ada', email: 'ada@example.test', cancelUrl: 'https://x.test/cancel/t', now: new Date('2026-11-20T00:00:00Z') };
  const ics = (mail: RenderedMail) => {
    const lines = parseIcsLines(mail.icalEvent!.content);
    return (name: string) => lines.find((l) => l.name === name)?.value;
  };

  it('keep one UID; an update is a REQUEST with a higher SEQUENCE, a cancellation a CANCEL', () => {
    const first = ics(reservationConfirmationMail(r));
    const updated = ics(reservationUpdatedMail({ ...r, party_size: 6, sequence: 1 }));
    const cancelled = ics(reservationCancelledMail({ ...r, sequence: 2 }));
    expect(first('UID')).toBe(reservationIcsUid(r.id));
    expect([first('METHOD'), first('SEQUENCE')]).toEqual(['REQUEST', '0']);
    expect([updated('UID'), updated('METHOD'), updated('SEQUENCE')]).toEqual([first('UID'), 'REQUEST', '1']);
    expect(updated('DESCRIPTION')).toContain('Party of 6');
    expect(updated('ORGANIZER')).toBe(`mailto:${venue.contact.email}`);
    expect(updated('ATTENDEE')).toBe('mailto:ada@example.test');
    expect(first('ORGANIZER')).toBe(`mailto:${venue.contact.email}`);
    expect([cancelled('UID'), cancelled('METHOD'), cancelled('SEQUENCE'), cancelled('STATUS')]).toEqual([first('UID'), 'CANCEL', '2', 'CANCELLED']);
  });

  it('the reminder has the night, time, party size, address, entrance note, 21+ with ID and the manage link', () => {
    const mail = reservationReminderMail(r);
    for (const part of [mail.text, mail.html]) {
      for (const needle of ['Monday, November 23, 2026', '7:30 PM', '4 people', venue.address.oneLine, venue.ageRule, r.cancelUrl]) expect(part).toContain(needle);
    }
    expect(mail.text).toContain(venue.address.entranceNote);
    expect(mail.text).toContain('photo ID');
  });
});

describe('a number no double holds (server/bodies.go hands it on as Infinity)', () => {
  it('a manage change to Infinity guests names the maximum', () => {
    const reservation = { event_name: 'Board Game Night', event_date: '2026-11-27', event_time: '7:30 PM', party_size: 4, status: 'confirmed' };
    expect(checkReservationChange(reservation, { party_size: Infinity }, '2026-11-20')).toEqual({ kind: 'invalid', errors: { party_size: MESSAGES.partySizeMax } });
  });
});
