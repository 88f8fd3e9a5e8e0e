import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffAccount, StaffList } from './staffApi';

vi.mock('../../../components/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const api = vi.hoisted(() => ({
  fetchStaff: vi.fn<() => Promise<StaffList>>(),
  changeRole: vi.fn(() => Promise.resolve({ message: 'ok' })),
  removeAccount: vi.fn(() => Promise.resolve({ message: 'ok' })),
  endDevice: vi.fn(() => Promise.resolve({ message: 'ok' })),
  nameThisDevice: vi.fn((name: string) => Promise.resolve({ id: 'row', name })),
}));
vi.mock('./staffApi', () => api);

// jsdom has <dialog> without its modal methods: open and close it as a browser would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

const { StaffView } = await import('./StaffView');
const { DeviceNamePrompt } = await import('./DeviceNamePrompt');
const { DEVICE_NAME_KEY } = await import('../device');

const account = (id: string, email: string, role: StaffAccount['role'], devices: StaffAccount['devices'] = []): StaffAccount => ({
  id,
  email,
  name: '',
  roles: role === 'owner' ? ['admin', 'owner'] : role === 'admin' ? ['admin'] : [],
  role,
  lastSignIn: '',
  devices,
});
const tablet = { id: 'row1', name: 'Bar tablet', lastSeen: '', signedIn: '', current: false };
const boss = account('boss', 'boss@x.test', 'owner', [{ ...tablet, id: 'row0', name: 'Door tablet', current: true }]);
const host = account('host', 'host@x.test', 'admin', [tablet]);

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('StaffView', () => {
  it('shows an owner every account and asks before each change; "Keep it" changes nothing', async () => {
    api.fetchStaff.mockResolvedValue({ owner: true, me: 'boss', thisDevice: { id: 'row0', name: 'Door tablet' }, accounts: [host, boss] });
    wrap(<StaffView />);
    await screen.findByText('host@x.test', {}, { timeout: 5000 });
    const cards = [...document.querySelectorAll<HTMLElement>('[data-account]')];
    expect(cards.map((c) => c.getAttribute('data-account'))).toEqual(['boss@x.test', 'host@x.test']);
    // The last owner: neither demoted nor removed; its own device signs out with Logout.
    expect(cards[0]!.querySelectorAll('button')).toHaveLength(0);
    expect(cards[0]!.textContent).toMatch(/last owner keeps the role/);
    const inDialog = (text: string) => screen.getByText(text, { selector: 'dialog button' });

    fireEvent.click(screen.getByLabelText('Sign out Bar tablet (host@x.test)'));
    expect(screen.getByText('Sign out Bar tablet?')).toBeTruthy();
    fireEvent.click(inDialog('Keep it'));
    expect(api.endDevice).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Make owner: host@x.test'));
    fireEvent.click(inDialog('Make owner'));
    await waitFor(() => expect(api.changeRole).toHaveBeenCalledWith('host', 'owner', true));
    await waitFor(() => expect(api.fetchStaff).toHaveBeenCalledTimes(2)); // the list is asked again

    fireEvent.click(screen.getByLabelText('Remove account: host@x.test'));
    fireEvent.click(inDialog('Remove account'));
    await waitFor(() => expect(api.removeAccount).toHaveBeenCalledWith('host'));
  });

  it('shows anyone else only their own account, with no actions', async () => {
    api.fetchStaff.mockResolvedValue({ owner: false, me: 'host', thisDevice: { id: 'row1', name: 'Bar tablet' }, accounts: [host] });
    wrap(<StaffView />);
    await screen.findByText('host@x.test', {}, { timeout: 5000 });
    expect(screen.getByText('Your account and the devices it is signed in on.')).toBeTruthy();
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });
});

describe('DeviceNamePrompt', () => {
  it('asks a tablet without a name, refuses an empty one, and keeps the name here and on the server', async () => {
    api.fetchStaff.mockResolvedValue({ owner: false, me: 'host', thisDevice: { id: 'row1', name: '' }, accounts: [host] });
    wrap(<DeviceNamePrompt />);
    const dialog = (await screen.findByText('Name this device', {}, { timeout: 5000 })).closest('dialog')!;
    // The dialog is in the page a moment before it opens (showModal): until then it has no roles.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save name' }, { timeout: 5000 }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Give this device a name/);
    expect(api.nameThisDevice).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Device name'), { target: { value: ' Door tablet ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(localStorage.getItem(DEVICE_NAME_KEY)).toBe('Door tablet'));
    expect(api.nameThisDevice).toHaveBeenCalledWith('Door tablet');
  });

  it('does not ask a tablet that has a name, here or on the server', async () => {
    localStorage.setItem(DEVICE_NAME_KEY, 'Door tablet');
    wrap(<DeviceNamePrompt />);
    expect(api.fetchStaff).not.toHaveBeenCalled();
    localStorage.clear();
    api.fetchStaff.mockResolvedValue({ owner: false, me: 'host', thisDevice: { id: 'row1', name: 'Bar tablet' }, accounts: [host] });
    wrap(<DeviceNamePrompt />);
    await waitFor(() => expect(localStorage.getItem(DEVICE_NAME_KEY)).toBe('Bar tablet'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
