/**
 * The invitations of one reservation as iMIP wants them (RFC 5546/6047): a REQUEST from an
 * ORGANIZER to an ATTENDEE who already accepted, then REQUESTs with the same UID and a higher
 * SEQUENCE, and a CANCEL that withdraws it.
 */
import { describe, expect, it } from 'vitest';
import { buildIcs, parseIcsLines, reservationIcsUid, reservationInvite } from './ics';
import { venue } from '../../src/content/venue';

const r = {
  id: 'abc123def456ghi',
  name: 'Ada "The Countess" Lovelace',
  email: 'ada@example.test',
  event_name: 'Board Game Night',
  event_date: '2026-11-23',
  event_time: '7:30 PM',
  party_size: 4,
  cancelUrl: 'https://x.test/cancel/t',
  now: new Date('2026-11-20T00:00:00Z'),
};

function props(content: string) {
  const lines = parseIcsLines(content);
  return (name: string) => lines.find((l) => l.name === name);
}

describe('a reservation invitation', () => {
  it('is a REQUEST from the venue to the guest, accepted, no reply asked', () => {
    const invite = reservationInvite(r, 'REQUEST');
    expect(invite).toMatchObject({ method: 'REQUEST', filename: 'invite.ics' });
    const get = props(invite.content);
    expect(get('METHOD')!.value).toBe('REQUEST');
    expect(get('UID')!.value).toBe(reservationIcsUid(r.id));
    expect(get('SEQUENCE')!.value).toBe('0');
    expect(get('ORGANIZER')).toEqual({ name: 'ORGANIZER', params: { CN: `"${venue.name}"` }, value: `mailto:${venue.contact.email}` });
    // The quote in the guest's name cannot end the quoted parameter.
    expect(get('ATTENDEE')).toEqual({
      name: 'ATTENDEE',
      params: { CN: '"Ada The Countess Lovelace"', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'ACCEPTED', RSVP: 'FALSE' },
      value: 'mailto:ada@example.test',
    });
    expect(get('STATUS')!.value).toBe('CONFIRMED');
  });

  it('names the given organizer (the mail sender), so the update comes from its organizer', () => {
    const get = props(reservationInvite({ ...r, organizer: { name: 'Tiny Cupboard Games', email: 'games@example.test' } }, 'REQUEST').content);
    expect(get('ORGANIZER')!.value).toBe('mailto:games@example.test');
  });

  it('keeps the UID across an update (higher SEQUENCE) and the cancellation (CANCEL, CANCELLED)', () => {
    const first = props(reservationInvite(r, 'REQUEST').content);
    const update = props(reservationInvite({ ...r, party_size: 6, sequence: 1 }, 'REQUEST').content);
    const cancel = props(reservationInvite({ ...r, sequence: 2 }, 'CANCEL').content);
    expect(update('UID')!.value).toBe(first('UID')!.value);
    expect(cancel('UID')!.value).toBe(first('UID')!.value);
    expect([update('METHOD')!.value, update('SEQUENCE')!.value, update('STATUS')!.value]).toEqual(['REQUEST', '1', 'CONFIRMED']);
    expect([cancel('METHOD')!.value, cancel('SEQUENCE')!.value, cancel('STATUS')!.value]).toEqual(['CANCEL', '2', 'CANCELLED']);
    expect(cancel('ORGANIZER')).toBeDefined();
    expect(cancel('ATTENDEE')).toBeDefined();
  });
});

describe('buildIcs', () => {
  it('writes no ORGANIZER or ATTENDEE unless given, and PUBLISH by default', () => {
    const get = props(buildIcs({ uid: 'u', date: '2026-12-01', time: '8pm', summary: 's', description: 'd', location: 'l' }));
    expect(get('METHOD')!.value).toBe('PUBLISH');
    expect(get('ORGANIZER')).toBeUndefined();
    expect(get('ATTENDEE')).toBeUndefined();
  });

  it('writes an attendee without PARTSTAT or RSVP when none is given', () => {
    const get = props(buildIcs({ uid: 'u', date: '2026-12-01', time: '8pm', summary: 's', description: 'd', location: 'l', attendee: { name: 'A', email: 'a@x.test' } }));
    expect(get('ATTENDEE')!.params).toEqual({ CN: '"A"', ROLE: 'REQ-PARTICIPANT' });
  });
});
