/**
 * The waitlist's mails (issue 12): joined (with the place in line), a table offered (with the
 * "Claim my table" link and the hold's end), and an offer that expired. Every one carries the
 * leave link. Rendered by the outbox worker from the entry (hooks/outbox/render.ts).
 */
import { venue } from '../../src/content/venue';
import { formatLongDate, formatNight, formatVenueDeadline, parseServerDate } from '../../src/lib/venueTime';
import { WAITLIST_MESSAGES, waitlistHold } from '../../src/lib/rules/waitlist';
import { escapeHtml, mailFooterText, mailLayout, mailParagraph, mailRowsHtml, mailRowsText, type MailRow, type RenderedMail } from './mail';

export interface WaitlistMailInput {
  name: string;
  event_date: string;
  event_time: string;
  party_size: number;
  /** the entry's page: /waitlist/{token} */
  pageUrl: string;
  /** the same page asking to leave: /waitlist/{token}?leave=1 */
  leaveUrl: string;
}

const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#a0522d;color:#fff;` +
  `text-decoration:none;border-radius:6px;font-weight:700">${escapeHtml(label)}</a></p>`;

function rows(w: WaitlistMailInput): MailRow[] {
  return [
    ['Night', formatLongDate(w.event_date)],
    ['Preferred arrival', w.event_time],
    ['Party size', `${w.party_size} ${w.party_size === 1 ? 'person' : 'people'}`],
    ['Where', `${venue.address.oneLine}\n${venue.address.entranceNote}`],
  ];
}

/** The frame all three share: lines, the details, an optional button, and the leave link. */
function waitlistMail(
  w: WaitlistMailInput,
  parts: { title: string; subject: string; lines: string[]; action?: { href: string; label: string }; leave?: boolean },
): RenderedMail {
  const leave = `Plans changed? Leave the waitlist: ${w.leaveUrl}`;
  const html = mailLayout(
    parts.title,
    parts.lines.map((l) => mailParagraph(escapeHtml(l))).join('') +
      (parts.action ? button(parts.action.href, parts.action.label) : '') +
      mailRowsHtml(rows(w)) +
      (parts.leave === false
        ? ''
        : mailParagraph(`Plans changed? <a href="${escapeHtml(w.leaveUrl)}" style="color:#a0522d">Leave the waitlist</a>.`)),
  );
  const text = [
    parts.title,
    '',
    ...parts.lines,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.href}`] : []),
    '',
    mailRowsText(rows(w)),
    ...(parts.leave === false ? [] : ['', leave]),
    '',
    mailFooterText(),
  ].join('\n');
  return { subject: parts.subject, html, text };
}

/** On the waitlist: the place in line, and what happens next. */
export function waitlistJoinedMail(w: WaitlistMailInput & { position: number }): RenderedMail {
  const night = formatNight(w.event_date);
  return waitlistMail(w, {
    title: "You're on the waitlist",
    subject: `Waitlist: ${night}, number ${w.position} in line`,
    lines: [
      `Hi ${w.name}, ${night} is fully booked right now, and you're number ${w.position} in line for a table.`,
      `As soon as seats free up for your party we'll hold a table for you and email you a link to claim it. See your place in line any time: ${w.pageUrl}`,
    ],
  });
}

/** A table is held: claim it before the hold ends, and why it ends then (the rule waitlistHold applied at `offeredAt`). */
export function waitlistOfferMail(w: WaitlistMailInput & { offerExpires: string; offeredAt: string }): RenderedMail {
  const night = formatNight(w.event_date);
  const until = formatVenueDeadline(w.offerExpires);
  const offeredAt = parseServerDate(w.offeredAt);
  const rule = offeredAt ? ` ${WAITLIST_MESSAGES.holdRule(waitlistHold(w.event_date, offeredAt).rule)}` : '';
  return waitlistMail(w, {
    title: 'A table is free for you',
    subject: `A table is free on ${night}: claim it by ${until}`,
    lines: [
      `Hi ${w.name}, good news: a table for ${w.party_size} freed up on ${night}, and we're holding it for you.`,
      `Claim it by ${until}.${rule} After that it goes to the next guest in line.`,
    ],
    action: { href: w.pageUrl, label: 'Claim my table' },
  });
}

/** The hold ran out: the guest is off the line for this night. */
export function waitlistExpiredMail(w: WaitlistMailInput): RenderedMail {
  const night = formatNight(w.event_date);
  return waitlistMail(w, {
    title: 'Your table offer expired',
    subject: `Your waitlist offer for ${night} expired`,
    lines: [
      `Hi ${w.name}, the table we held for you on ${night} wasn't claimed in time, so it went to the next guest in line, and you're no longer on the waitlist for this night.`,
      `Walk-ins are always welcome, and you can reserve another night any time. ${venue.hours.summary}.`,
    ],
    leave: false,
  });
}
