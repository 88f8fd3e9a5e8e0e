/**
 * A reservation's History panel (HistoryButton.tsx): one tap opens a labelled dialog listing the
 * rows the server holds about it, oldest first; offline it asks nothing and says it needs the
 * connection; Close returns to the row.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityRow } from './activityLogic';

const getFullList = vi.fn(async (): Promise<ActivityRow[]> => []);
vi.mock('../../../lib/api/client', () => ({
  pb: { authStore: { record: null, onChange: () => () => undefined }, collection: () => ({ getFullList }), filter: (text: string, params: Record<string, string>) => text.replace('{:id}', `"${params.id}"`) },
}));

// jsdom has <dialog> without its modal methods: open and close it as a browser would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

const { createStaffQueryClient } = await import('../data/queryClient');
const { HistoryButton } = await import('./HistoryButton');

const arrived: ActivityRow = {
  id: 'a1',
  actor: 'u1',
  actor_name: 'Sam',
  device: '',
  kind: 'reservation.status',
  target_collection: 'reservations',
  target_id: 'r1',
  summary: 'Arrived',
  before: { status: 'confirmed' },
  after: { status: 'arrived' },
  made_at: '2026-11-28T02:42:00.000Z',
  created: '2026-11-28 02:51:05.000Z',
};

function open() {
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <HistoryButton reservation={{ id: 'r1', name: 'Ada Lovelace' }} />
    </QueryClientProvider>,
  );
  return userEvent.click(screen.getByRole('button', { name: 'History of Ada Lovelace' }));
}

afterEach(() => {
  getFullList.mockClear();
  vi.restoreAllMocks();
});

describe('HistoryButton', () => {
  it('lists who did what, asked for this reservation only', async () => {
    getFullList.mockResolvedValueOnce([arrived]);
    await open();
    const dialog = screen.getByRole('dialog', { name: 'History of Ada Lovelace' });
    await waitFor(() => expect(dialog.querySelectorAll('li')).toHaveLength(1));
    expect(dialog.querySelector('li')!.textContent).toMatch(/^Arrived · Sam · (.+, )?9:42 PM, applied 9:51 PM when the wifi came back$/);
    expect(getFullList).toHaveBeenCalledWith(expect.objectContaining({ filter: 'target_collection = "reservations" && target_id = "r1"', sort: 'created,id' }));
  });

  it('offline, asks nothing and says the history needs the connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await open();
    expect(screen.getByRole('dialog', { name: 'History of Ada Lovelace' }).textContent).toContain('The history needs the connection');
    expect(getFullList).not.toHaveBeenCalled();
  });

  it('says so when nothing was changed by staff; Close takes the panel away', async () => {
    await open();
    await screen.findByText('No staff changes yet: booked and unchanged.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'History of Ada Lovelace' })).toBeTruthy();
  });
});
