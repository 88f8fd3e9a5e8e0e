/**
 * Issue 24 item 12 on a real PocketBase and SMTP receiver: a reservation's mails are calendar
 * invitations that calendars apply (iMIP, RFC 6047), read with a real MIME parser (postal-mime):
 * the confirmation is a REQUEST from the venue (the mail's sender) to the guest, who accepted
 * and is asked no reply; a change through the manage link is a REQUEST with the same UID and a
 * higher SEQUENCE; the cancellation a CANCEL. Each comes as a `text/calendar; method=…`
 * alternative beside the text and HTML, and as the invite.ics attachment (tests/support/ics-mail.ts).
 */
import { describe, expect, it } from 'vitest';
import { boardGameBody, dayFromToday, inquiryBody, post, venuePerFile } from '../support/api-fixtures';
import { icsOf } from '../support/ics-mail';
import type { ReceivedMail } from '../support/smtp-receiver';
import { reservationIcsUid } from '../../hooks/rules/ics';

const v = venuePerFile({ relaxed: true });
// startVenue's MAIL_FROM: the invitations' organizer is the address they come from.
const SENDER = { name: 'Tiny Cupboard Games', email: 'games@example.test' };

const mailsTo = (email: string, subjectStart: string) => v.smtp!.to(email).filter((m) => (m.parsed.subject ?? '').startsWith(subjectStart));

/** The invitation's iMIP method, METHOD, UID, SEQUENCE, STATUS, ORGANIZER and ATTENDEE. */
function invitation(mail: ReceivedMail) {
  const { get, method } = icsOf(mail);
  return {
    method,
    METHOD: get('METHOD')!.value,
    uid: get('UID')!.value,
    sequence: Number(get('SEQUENCE')!.value),
    status: get('STATUS')!.value,
    organizer: get('ORGANIZER'),
    attendee: get('ATTENDEE'),
  };
}

describe('calendar invitations (iMIP)', () => {
  it('the confirmation invites, an update moves the same event, the cancellation removes it', async () => {
    const email = 'imip@example.test';
    const body = boardGameBody({ email, name: 'Zoë Ångström', party_size: 3, event_date: dayFromToday(12) });
    expect((await post(`${v.url}/api/collections/reservations/records`, body)).status).toBe(200);
    const id = body.id as string;
    const token = (await v.su.collection('reservations').getOne(id)).cancel_token as string;
    await v.settle(`record_id = "${id}"`);

    const [confirmationMail] = mailsTo(email, "You're all set");
    const confirmation = invitation(confirmationMail!);
    expect(confirmation).toMatchObject({ method: 'REQUEST', METHOD: 'REQUEST', uid: reservationIcsUid(id), sequence: 0, status: 'CONFIRMED' });
    expect(confirmation.organizer).toEqual({ name: 'ORGANIZER', params: { CN: `"${SENDER.name}"` }, value: `mailto:${SENDER.email}` });
    expect(confirmation.attendee).toEqual({
      name: 'ATTENDEE',
      params: { CN: '"Zoë Ångström"', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'ACCEPTED', RSVP: 'FALSE' },
      value: `mailto:${email}`,
    });
    // postal-mime's own reading: the calendar part with its method, the file as an attachment.
    const parsed = confirmationMail!.parsed;
    expect(parsed.attachments.find((a) => a.mimeType === 'text/calendar')).toMatchObject({ method: 'REQUEST', filename: null });
    expect(parsed.attachments.find((a) => a.filename === 'invite.ics')).toMatchObject({ mimeType: 'application/ics', disposition: 'attachment' });
    // The rest of the mail is as PocketBase's mailer wrote it: sender, the job's Message-ID, UTF-8
    // text and HTML; the header that hands the invitation to server/imip.go is never sent.
    expect(parsed.from).toMatchObject({ name: SENDER.name, address: SENDER.email });
    expect(parsed.to?.[0]?.address).toBe(email);
    expect(parsed.messageId).toMatch(/^<[a-z0-9]+\.outbox@/);
    expect(parsed.text).toContain('Hi Zoë Ångström');
    expect(parsed.html).toContain('Zoë Ångström');
    expect(parsed.headers.some((h) => h.key.startsWith('x-venue'))).toBe(false);

    // A change through the manage link: the same event, a higher SEQUENCE, still a REQUEST.
    expect((await post(`${v.url}/api/reservations/manage/${token}`, { party_size: 2 })).status).toBe(200);
    await v.settle(`record_id = "${id}"`);
    const [updateMail] = mailsTo(email, 'Updated:');
    const update = invitation(updateMail!);
    expect(update).toMatchObject({ method: 'REQUEST', METHOD: 'REQUEST', uid: confirmation.uid, status: 'CONFIRMED' });
    expect(update.sequence).toBeGreaterThan(confirmation.sequence);
    expect(update.organizer).toEqual(confirmation.organizer);
    expect(update.attendee).toEqual(confirmation.attendee);

    // The cancellation: CANCEL, the same event, a higher SEQUENCE still.
    expect((await post(`${v.url}/api/reservations/cancel/${token}`, {})).status).toBe(200);
    await v.settle(`record_id = "${id}"`);
    const [cancelMail] = mailsTo(email, 'Cancelled:');
    const cancel = invitation(cancelMail!);
    expect(cancel).toMatchObject({ method: 'CANCEL', METHOD: 'CANCEL', uid: confirmation.uid, status: 'CANCELLED' });
    expect(cancel.sequence).toBeGreaterThan(update.sequence);
    expect(cancel.organizer).toEqual(confirmation.organizer);
    expect(cancel.attendee?.value).toBe(`mailto:${email}`);
    expect(cancelMail!.parsed.attachments.find((a) => a.mimeType === 'text/calendar')?.method).toBe('CANCEL');
  });

  it('leaves a mail without an invitation to PocketBase’s mailer, text and HTML only', async () => {
    const body = inquiryBody({ email: 'no-calendar@example.test' });
    expect((await post(`${v.url}/api/collections/private_event_inquiries/records`, body)).status).toBe(200);
    await v.settle(`record_id = "${body.id as string}"`);
    const [ack] = v.smtp!.to('no-calendar@example.test');
    const alternative = ack!.tree.parts.find((p) => p.type === 'multipart/alternative');
    expect(alternative?.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
    expect(ack!.parsed.attachments).toEqual([]);
  });
});
