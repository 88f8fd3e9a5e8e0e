/**
 * The System view's test mail (hooks/lib/system-routes.ts): sent to the owner through the outbox,
 * like a guest's confirmation, so its arrival proves the mail settings guests depend on.
 */
import { venue } from '../../src/content/venue';
import { escapeHtml, mailLayout, mailParagraph, type RenderedMail } from './mail';

export function systemTestMail(input: { email: string }): RenderedMail {
  const title = 'Test mail from the staff app';
  const line = `This test mail reached ${input.email}, so guests’ confirmations can go out too.`;
  const note = 'Sent from the System view. Nothing to do.';
  return {
    subject: `${venue.name}: test mail`,
    html: mailLayout(title, mailParagraph(escapeHtml(line)) + mailParagraph(escapeHtml(note))),
    text: [title, '', line, '', note].join('\n'),
  };
}
