import { describe, expect, it } from 'vitest';
import { venue } from '../../src/content/venue';
import { staffCodeMail } from './mailStaffCode';

describe('staff sign-in code mail', () => {
  it('mail the code in the venue look, subject first so a phone shows it in the preview', () => {
    const mail = staffCodeMail({ email: 'door@example.test', code: '123456', minutes: 10 });
    expect(mail.subject).toMatch(/^123456 is your .* staff sign-in code$/);
    expect(mail.html).toContain(venue.address.oneLine);
    expect(mail.html).toContain('123456');
    expect(mail.text).toContain('within 10 minutes');
    expect(staffCodeMail({ email: '<b>@x.test', code: '1', minutes: 1 }).html).not.toContain('<b>@');
  });
});
