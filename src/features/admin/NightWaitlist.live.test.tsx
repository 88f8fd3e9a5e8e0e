import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WaitlistRow } from './NightWaitlist';

/** A stand-in for the SDK: the night's rows, and the realtime callback the panel subscribes with. */
let onChange: ((event: { action: string; record: WaitlistRow }) => void) | null = null;
const filters: string[] = [];
const rows: WaitlistRow[] = [];
vi.mock('../../lib/api/client', () => ({
  pb: {
    filter: (expr: string, params: { date: string }) => expr.replace('{:date}', `'${params.date}'`),
    collection: () => ({
      getFullList: async ({ filter }: { filter: string }) => {
        filters.push(filter);
        return rows.filter((r) => filter.includes(r.event_date));
      },
      subscribe: async (_topic: string, callback: typeof onChange) => {
        onChange = callback;
        return async () => undefined;
      },
    }),
    realtime: { clientId: 'c1', subscribe: async () => async () => undefined },
  },
}));

const { NightWaitlist } = await import('./NightWaitlist');

const row = (id: string, status: WaitlistRow['status'], created: string, extra: Partial<WaitlistRow> = {}): WaitlistRow => ({
  id,
  name: id,
  party_size: 2,
  event_date: '2026-12-05',
  event_time: '8:00 PM',
  status,
  offer_expires: '',
  created,
  ...extra,
});

describe('NightWaitlist', () => {
  it("lists the chosen night's line and follows realtime changes", async () => {
    rows.push(row('Ada', 'waiting', '2026-11-30 10:00:00.000Z'), row('Alan', 'waiting', '2026-11-30 11:00:00.000Z'), row('Other night', 'waiting', '2026-11-30 09:00:00.000Z', { event_date: '2026-12-06' }));
    render(<NightWaitlist date="2026-12-05" />);
    const panel = await screen.findByTestId('night-waitlist');
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(3));
    expect(within(panel).getByText('2 parties in line · 4 guests')).toBeInTheDocument();
    expect(within(panel).queryByText('Other night')).toBeNull();
    expect(filters.at(-1)).toContain('2026-12-05');

    // A cancellation frees seats: the server offers Ada a hold; the panel shows it without a reload.
    act(() => onChange!({ action: 'update', record: row('Ada', 'offered', '2026-11-30 10:00:00.000Z', { offer_expires: '2026-12-05 23:30:00.000Z' }) }));
    const ada = within(panel).getByRole('rowheader', { name: 'Ada' }).closest('tr')!;
    expect(ada).toHaveTextContent('Offered');
    expect(ada).toHaveTextContent('Dec 5, 2026, 6:30 PM');
    const alan = within(panel).getByRole('rowheader', { name: 'Alan' }).closest('tr')!;
    expect(within(alan).getAllByRole('cell')[0]).toHaveTextContent('1');

    // A new guest joins.
    act(() => onChange!({ action: 'create', record: row('Grace', 'waiting', '2026-12-01 10:00:00.000Z') }));
    expect(within(panel).getByText('3 parties in line · 6 guests')).toBeInTheDocument();
  });
});
