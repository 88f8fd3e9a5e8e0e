/**
 * The staff account mails (issue 32): the password reset link and an owner's invitation, in the
 * venue's mail look. Rendered when the outbox sends them (hooks/outbox/render.ts); the links'
 * tokens come from the job's payload, which the outbox wipes once the job is settled.
 */
import { venue } from '../../src/content/venue';
import { escapeHtml, mailLayout, mailParagraph, type RenderedMail } from './mail';

const linkHtml = (url: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#a0522d;color:#fff;border-radius:6px;text-decoration:none;font-weight:700">${escapeHtml(label)}</a></p>`;

function linkMail(title: string, subject: string, lines: string[], url: string, label: string): RenderedMail {
  const [first = '', ...rest] = lines;
  const html = mailLayout(title, mailParagraph(escapeHtml(first)) + linkHtml(url, label) + rest.map((l) => mailParagraph(escapeHtml(l))).join(''));
  return { subject, html, text: [title, '', first, '', `${label}: ${url}`, '', ...rest.flatMap((l) => [l, '']).slice(0, -1)].join('\n') };
}

/** The link to set a new staff password. */
export function staffResetMail(input: { email: string; url: string; minutes: number }): RenderedMail {
  return linkMail(
    'Set a new staff password',
    `Set a new password for your ${venue.name} staff account`,
    [
      `Someone asked to set a new password for the staff account ${input.email}. Open the link within ${input.minutes} minutes; it works once.`,
      'Setting it ends every session of this account, on every device. Signing in still asks for the code we email you.',
      'Didn’t ask for this? Ignore this email: your password stays as it is.',
    ],
    input.url,
    'Set a new password',
  );
}

/** An owner's invitation to join the staff. */
export function staffInviteMail(input: { email: string; url: string; hours: number; invitedBy: string }): RenderedMail {
  const by = input.invitedBy ? ` (${input.invitedBy})` : '';
  return linkMail(
    `Join the ${venue.name} staff`,
    `You’re invited to the ${venue.name} staff tools`,
    [
      `The owner${by} invited ${input.email} to the staff tools: reservations, the door and the task list. Open the link within ${input.hours} hours to choose your password; it works once.`,
      'Then log in at the staff login with that email and password, and enter the code we email you.',
      'Not expecting this? Ignore this email: no account is made.',
    ],
    input.url,
    'Choose your password',
  );
}
