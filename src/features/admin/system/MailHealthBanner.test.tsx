import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { staffQueryClient } from '../data/queryClient';
import { MailHealthBanner } from './MailHealthBanner';
import { mailHealthQuery, type MailHealth } from './systemApi';

const key = mailHealthQuery(true).queryKey;
const failing: MailHealth = { failing: true, since: '2026-11-27 01:05:00.000Z', error: 'SMTP said 535: 5.7.8 Authentication credentials invalid' };

/** A poll's answer, and React's render of it (react-query tells its observers on the next tick). */
async function answer(health: MailHealth) {
  await act(async () => {
    staffQueryClient.setQueryData(key, health);
    await new Promise((r) => setTimeout(r, 20));
  });
}

afterEach(() => {
  cleanup();
  staffQueryClient.clear();
});

describe('the mail banner', () => {
  it('says what is wrong in words, and to an admin whom to tell', () => {
    staffQueryClient.setQueryData(key, failing);
    render(<MailHealthBanner />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Guests aren’t getting their emails');
    expect(alert.textContent).toContain('SMTP said 535: 5.7.8 Authentication credentials invalid');
    expect(alert.textContent).toContain('Tell the owner.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is announced once: the same answer at the next poll leaves the alert as it was', async () => {
    staffQueryClient.setQueryData(key, failing);
    render(<MailHealthBanner />);
    const first = screen.getByRole('alert');
    const text = first.textContent;
    await answer({ ...failing });
    expect(screen.getByRole('alert')).toBe(first);
    expect(first.textContent).toBe(text);
  });

  it('goes once mail goes out again, and shows nothing while it does', async () => {
    staffQueryClient.setQueryData(key, failing);
    render(<MailHealthBanner />);
    await answer({ failing: false, since: '', error: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
