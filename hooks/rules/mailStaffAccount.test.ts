import { describe, expect, it } from 'vitest';
import { renderOutboxMail, type RenderInput } from '../outbox/render';
import { staffInviteMail, staffResetMail } from './mailStaffAccount';

const base: Omit<RenderInput, 'template' | 'payload' | 'record'> = {
  siteUrl: 'https://venue.example',
  mailFromEnv: '',
  sender: { address: 'games@example.test', name: 'Tiny Cupboard Games' },
};

describe('staff account mails', () => {
  it('puts the reset link in the html and the text, and says how long it works', () => {
    const mail = staffResetMail({ email: 'door@example.test', url: 'https://venue.example/admin/reset-password?token=abc', minutes: 30 });
    expect(mail.html).toContain('href="https://venue.example/admin/reset-password?token=abc"');
    expect(mail.text).toContain('https://venue.example/admin/reset-password?token=abc');
    expect(mail.text).toContain('30 minutes');
    expect(staffInviteMail({ email: '<b>@x.test', url: 'https://x/y', hours: 72, invitedBy: '' }).html).not.toContain('<b>@');
  });

  it('renders the link from the job payload, and nothing once the token is wiped or the invitation is gone', () => {
    const reset = renderOutboxMail({ ...base, template: 'staff_password_reset', payload: { token: 'a.b-c' }, record: { email: 'door@example.test' } });
    expect(reset.mail!.text).toContain('https://venue.example/admin/reset-password?token=a.b-c');
    expect(renderOutboxMail({ ...base, template: 'staff_password_reset', payload: {}, record: { email: 'door@example.test' } }).mail).toBeNull();
    const invite = renderOutboxMail({ ...base, template: 'staff_invite', payload: { token: 'T0k' }, record: { email: 'new@example.test', invited_by: 'owner@example.test' } });
    expect(invite.mail!.text).toContain('https://venue.example/admin/accept-invite?token=T0k');
    expect(invite.mail!.text).toContain('72 hours');
    expect(renderOutboxMail({ ...base, template: 'staff_invite', payload: { token: 'T0k' }, record: null }).mail).toBeNull();
  });
});
