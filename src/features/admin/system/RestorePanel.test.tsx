import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it, vi } from 'vitest';
import { BACKUP_MESSAGES, sinceBackupText } from '../../../lib/rules/backups';
import { RestorePanel } from './RestorePanel';
import type { RestoreApi } from './restoreApi';

const LIST = {
  backups: [
    { name: '@auto_pb_backup_venue_20261127093000.zip', size: 2_400_000, modified: '2026-11-27T09:30:02Z' },
    { name: '@auto_pb_backup_venue_20261126093000.zip', size: 2_300_000, modified: '2026-11-26T09:30:01Z' },
  ],
  restoring: false,
  schedule: { zone: 'America/New_York', hour: 4, minute: 30, keep: 14 },
};

function refusal(status: number, message: string) {
  return new ClientResponseError({ status, response: { status, message, data: {} } });
}

function fakeApi(overrides: Partial<RestoreApi> = {}): RestoreApi {
  return {
    list: vi.fn(async () => LIST),
    since: vi.fn(async () => ({ bookings: 3, mailed: 2 })),
    requestCode: vi.fn(async () => 'otp123'),
    restore: vi.fn(async () => undefined),
    ...overrides,
  };
}

async function chooseNewest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /newest/ }));
  await screen.findByText(sinceBackupText(3, 2));
}

describe('RestorePanel', () => {
  it('lists the backups with the schedule, and says what a restore takes away before asking for anything', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(<RestorePanel email="owner@example.test" api={api} />);
    expect(await screen.findByText(/every night at 4:30 AM, New York time.*newest 14 are kept/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    // Nothing to confirm before a backup is chosen and counted.
    expect(screen.queryByRole('button', { name: 'Restore this backup' })).toBeNull();
    await chooseNewest(user);
    expect(api.since).toHaveBeenCalledWith(LIST.backups[0]!.name);
    expect(screen.getByText(/3 bookings were made since this backup, and 2 guests were already mailed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore this backup' })).toBeTruthy();
  });

  it('asks for both factors again: a code emailed now and the password, then restores', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(<RestorePanel email="owner@example.test" api={api} />);
    await chooseNewest(user);
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(api.requestCode).toHaveBeenCalledWith('owner@example.test');
    expect(await screen.findByText(/A code was sent to owner@example.test/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Emailed code/)));
    await user.type(screen.getByLabelText(/Your password/), 'password-123');
    await user.type(screen.getByLabelText(/Emailed code/), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Restore this backup' }));
    expect(api.restore).toHaveBeenCalledWith({ name: LIST.backups[0]!.name, password: 'password-123', otpId: 'otp123', code: '123456' });
    expect(await screen.findByText(/Restoring @auto_pb_backup_venue_20261127093000.zip/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore this backup' })).toBeNull();
  });

  it('puts a wrong password or code under its field, and asks for a code before anything', async () => {
    const user = userEvent.setup();
    const restore = vi.fn().mockRejectedValueOnce(refusal(400, BACKUP_MESSAGES.wrongPassword)).mockRejectedValueOnce(refusal(400, BACKUP_MESSAGES.wrongCode));
    const api = fakeApi({ restore });
    render(<RestorePanel email="owner@example.test" api={api} />);
    await chooseNewest(user);
    await user.type(screen.getByLabelText(/Your password/), 'wrong-one-1');
    await user.type(screen.getByLabelText(/Emailed code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Restore this backup' }));
    expect(await screen.findByText('Ask for a code first: it is emailed to you.')).toBeTruthy();
    expect(restore).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByText(/A code was sent/);
    // A new code empties the field: the one typed before was for no code.
    expect((screen.getByLabelText(/Emailed code/) as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText(/Emailed code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Restore this backup' }));
    const password = screen.getByLabelText(/Your password/);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(BACKUP_MESSAGES.wrongPassword)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore this backup' }));
    await waitFor(() => expect(screen.getByLabelText(/Emailed code/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(BACKUP_MESSAGES.wrongCode)).toBeTruthy();
  });

  it("shows the server's refusal of the list (not the owner)", async () => {
    const api = fakeApi({ list: vi.fn().mockRejectedValue(refusal(403, BACKUP_MESSAGES.notOwner)) });
    render(<RestorePanel email="admin@example.test" api={api} />);
    expect((await screen.findByRole('alert')).textContent).toBe(BACKUP_MESSAGES.notOwner);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says a restore is under way when the server is restoring', async () => {
    render(<RestorePanel email="owner@example.test" api={fakeApi({ list: vi.fn(async () => ({ ...LIST, restoring: true })) })} />);
    expect(await screen.findByText(/Restoring a backup\. The system is back in a moment/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
