/**
 * The staff sign-in code's mail (the rules of the sign-in itself, shared with the login screen:
 * src/lib/rules/staffAuth.ts). Rendered when the outbox sends it (hooks/outbox/render.ts).
 */
import { venue } from '../../src/content/venue';
import { escapeHtml, mailLayout, mailParagraph, type RenderedMail } from './mail';

/** The emailed sign-in code, in the venue's mail look (routed through the outbox by the hooks). */
export function staffCodeMail(input: { email: string; code: string; minutes: number }): RenderedMail {
  const title = 'Your staff sign-in code';
  const subject = `${input.code} is your ${venue.name} staff sign-in code`;
  const line = `Enter this code on the staff login screen within ${input.minutes} minutes.`;
  const warning = `Didn’t try to sign in as ${input.email}? Someone knows your password: change it and tell the owner.`;
  const codeHtml = `<p style="margin:0 0 12px;font-size:32px;letter-spacing:.3em;font-weight:700">${escapeHtml(input.code)}</p>`;
  const html = mailLayout(title, codeHtml + mailParagraph(escapeHtml(line)) + mailParagraph(escapeHtml(warning)));
  return { subject, html, text: [title, '', input.code, '', line, '', warning].join('\n') };
}
