/**
 * Mails of the manage link and the day-of reminder (issue 12), in the venue's mail frame
 * (mail.ts): the updated invitation after a change (same UID, higher SEQUENCE, METHOD:REQUEST)
 * and the reminder on the day. Both carry the manage link (/cancel/{token}).
 */
import { venue } from '../../src/content/venue';
import { formatLongDate } from '../../src/lib/venueTime';
import { reservationInvite } from './ics';
import {
  escapeHtml,
  isBoardGameNight,
  mailFooterText,
  mailLayout,
  mailParagraph as p,
  mailRowsHtml,
  mailRowsText,
  reservationRows,
  type RenderedMail,
  type ReservationMailInput,
} from './mail';

const manageLine = (url: string) => `Plans changed? Change the party size or the time, or cancel, here: ${url}`;
const manageHtml = (url: string) =>
  p(`Plans changed? <a href="${escapeHtml(url)}" style="color:#a0522d">Manage your reservation</a>: change the party size or the time, or cancel.`);

/** Text and HTML of a mail made of an intro, the reservation's rows, notes and the manage link. */
function detailsMail(title: string, subject: string, intro: string, notes: string[], r: ReservationMailInput): RenderedMail {
  const rows = reservationRows(r);
  return {
    subject,
    html: mailLayout(title, p(escapeHtml(intro)) + mailRowsHtml(rows) + notes.map((n) => p(escapeHtml(n))).join('') + manageHtml(r.cancelUrl)),
    text: [title, '', intro, '', mailRowsText(rows), '', ...notes, '', manageLine(r.cancelUrl), '', mailFooterText()].join('\n'),
  };
}

/** After a change through the manage link: the new details and an updated invitation. */
export function reservationUpdatedMail(r: ReservationMailInput): RenderedMail {
  const longDate = formatLongDate(r.event_date);
  const mail = detailsMail(
    'Your reservation is updated',
    `Updated: ${r.event_name}, ${longDate} at ${r.event_time}`,
    `Hi ${r.name}, here are the new details of your reservation.`,
    ['An updated calendar invitation (invite.ics) is attached: it replaces the one we sent before.'],
    r,
  );
  return { ...mail, icalEvent: reservationInvite(r, 'REQUEST') };
}

/** The day-of reminder: the night, arrival time, party size, address and entrance note, 21+ with ID, the manage link. */
export function reservationReminderMail(r: ReservationMailInput): RenderedMail {
  const board = isBoardGameNight(r.event_name);
  const party = board ? ` for ${r.party_size} ${r.party_size === 1 ? 'person' : 'people'}` : '';
  return detailsMail(
    `See you tonight at ${r.event_time}`,
    `Tonight: ${r.event_name} at ${r.event_time}, ${venue.name}`,
    `Hi ${r.name}, a reminder that you have a reservation tonight, ${formatLongDate(r.event_date)}, at ${r.event_time}${party}.`,
    [
      `Find us at ${venue.address.oneLine}. ${venue.address.entranceNote}`,
      `${venue.ageRule}: please bring a valid photo ID.`,
      "Can't make it after all? Please cancel so someone on the waitlist can have the seats.",
    ],
    r,
  );
}
