/**
 * The owners' invitation form (issue 32) with the routes stubbed: a bad email is refused on the
 * field before anything is sent; a good one is sent, the field cleared, a success message shown
 * and the list reloaded; the server's refusal is shown as said; "Cancel invite" cancels that one.
 * The routes themselves, with every caller: tests/api/staff-invites.test.ts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../lib/rules/limits';
import { STAFF_ACCOUNT_MESSAGES } from '../../../lib/rules/staffAccounts';
import { InviteForm } from './InviteForm';
import * as api from './inviteApi';

vi.mock('./inviteApi', async (original) => ({
  ...(await original<typeof import('./inviteApi')>()),
  listInvites: vi.fn(),
  sendInvite: vi.fn(),
  cancelInvite: vi.fn(),
}));

const invite = (email: string, id = 'inv' + email.length): api.PendingInvite => ({
  id,
  email,
  expires: '2026-11-30 18:00:00.000Z',
  invited_by: 'owner@example.test',
  created: '2026-11-27 18:00:00.000Z',
});

const refusal = (status: number, message: string) =>
  new ClientResponseError({ url: '/api/admin/invites', status, response: { status, message, data: {} } });

beforeEach(() => {
  vi.mocked(api.listInvites).mockReset().mockResolvedValue([]);
  vi.mocked(api.sendInvite).mockReset();
  vi.mocked(api.cancelInvite).mockReset();
});

describe('InviteForm', { timeout: 30_000 }, () => {
  it('refuses a bad email on the field, sending nothing', async () => {
    const user = userEvent.setup();
    render(<InviteForm />);
    await screen.findByText('No invitation is waiting.');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.sendInvite).not.toHaveBeenCalled();
  });

  it('sends an invite, says so, clears the field and lists it', async () => {
    const user = userEvent.setup();
    vi.mocked(api.sendInvite).mockResolvedValue(invite('door@example.test'));
    render(<InviteForm />);
    await screen.findByText('No invitation is waiting.');
    vi.mocked(api.listInvites).mockResolvedValue([invite('door@example.test')]);
    await user.type(screen.getByLabelText('Email'), ' door@example.test ');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(api.sendInvite).toHaveBeenCalledWith('door@example.test');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.inviteSent));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    const item = (await screen.findByText('door@example.test')).closest('li')!;
    expect(within(item).getByRole('button', { name: 'Cancel invite for door@example.test' })).toBeEnabled();
  });

  it("shows the server's refusal as said", async () => {
    const user = userEvent.setup();
    vi.mocked(api.sendInvite).mockRejectedValue(refusal(409, STAFF_ACCOUNT_MESSAGES.inviteAccountExists));
    render(<InviteForm />);
    await user.type(screen.getByLabelText('Email'), 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.inviteAccountExists));
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.test');
  });

  it('cancels the one invitation asked for, then lists what is left', async () => {
    const user = userEvent.setup();
    vi.mocked(api.listInvites).mockResolvedValue([invite('a@example.test', 'aaa'), invite('bb@example.test', 'bbb')]);
    vi.mocked(api.cancelInvite).mockResolvedValue({});
    render(<InviteForm />);
    await screen.findByText('bb@example.test');
    vi.mocked(api.listInvites).mockResolvedValue([invite('a@example.test', 'aaa')]);
    await user.click(screen.getByRole('button', { name: 'Cancel invite for bb@example.test' }));
    expect(api.cancelInvite).toHaveBeenCalledWith('bbb');
    await waitFor(() => expect(screen.queryByText('bb@example.test')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(STAFF_ACCOUNT_MESSAGES.inviteCancelled);
    expect(screen.getByText('a@example.test')).toBeInTheDocument();
  });
});
