import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReservationList } from './ReservationList';
import type { Reservation } from './types';
import { DASHBOARD_BOOKING } from '../../../tests/support/fixtures';

const row: Reservation = {
  id: 'r00000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  ...DASHBOARD_BOOKING,
  created: '2026-11-20 10:00:00.000Z',
  updated: '2026-11-20 10:00:00.000Z',
};

function list(overrides: Partial<Parameters<typeof ReservationList>[0]> = {}) {
  const props = {
    title: 'All reservations',
    count: 1,
    rows: [row],
    next: null,
    state: 'ready' as const,
    eventNames: ['Board Game Night'],
    loadMore: vi.fn(),
    loadingMore: false,
    retry: vi.fn(),
    setRowStatus: vi.fn(),
    ...overrides,
  };
  render(<ReservationList {...props} />);
  return props;
}

describe('ReservationList', () => {
  it('shows each reservation with its status buttons, the current one pressed', () => {
    list();
    const item = screen.getByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    expect(item).toHaveTextContent('2 guests');
    expect(screen.getByRole('button', { name: 'Confirmed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'All reservations (1 reservation)' })).toBeInTheDocument();
  });

  it('renders every row of a page, the ones below the first screen in a second pass', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ ...row, id: `r${String(i).padStart(14, '0')}`, name: `Guest ${i}` }));
    list({ rows, count: 50 });
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByRole('listitem', { name: 'Guest 49, Board Game Night' })).toBeInTheDocument();
  });

  it('loads earlier nights on request', async () => {
    const { loadMore } = list({ next: { segment: 'past', page: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier nights' }));
    expect(loadMore).toHaveBeenCalledOnce();
  });

  it('offers a retry when the list could not be loaded', async () => {
    const { retry } = list({ state: 'error', rows: [] });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
