import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../lib/venueTime';
import type { WaitlistRow } from './NightWaitlist';
import { currentEpoch, deleteStaffDb, staffDb } from './sync/db';
import { applyRecord } from './sync/store';
import { syncWindow } from './sync/syncWindow';

const { NightWaitlist } = await import('./NightWaitlist');

const window = syncWindow();
const night = addDays(window.from, 1);
const row = (id: string, status: WaitlistRow['status'], created: string, extra: Partial<WaitlistRow> = {}): WaitlistRow => ({
  id,
  name: id,
  party_size: 2,
  event_date: night,
  event_time: '8:00 PM',
  status,
  offer_expires: '',
  created,
  ...extra,
});
/** A realtime event or a pull, as the sync engine writes it into the copy. */
const arrives = (r: WaitlistRow) => applyRecord('waitlist', r.id, { ...r }, window, currentEpoch());

beforeEach(() => deleteStaffDb());

describe('NightWaitlist', () => {
  it("lists the chosen night's line from the tablet's copy and follows its changes", async () => {
    await staffDb().waitlist.bulkPut([row('Ada', 'waiting', '2026-11-30 10:00:00.000Z'), row('Alan', 'waiting', '2026-11-30 11:00:00.000Z'), row('Other night', 'waiting', '2026-11-30 09:00:00.000Z', { event_date: addDays(night, 1) })].map((r) => ({ ...r })));
    render(<NightWaitlist date={night} />);
    const panel = await screen.findByTestId('night-waitlist');
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(3));
    expect(within(panel).getByText('2 parties in line · 4 guests')).toBeInTheDocument();
    expect(within(panel).queryByText('Other night')).toBeNull();

    // A cancellation frees seats: the server offers Ada a hold; the panel shows it without a reload.
    await arrives(row('Ada', 'offered', '2026-11-30 10:00:00.000Z', { offer_expires: '2026-12-05 23:30:00.000Z' }));
    await waitFor(() => expect(within(panel).getByRole('rowheader', { name: 'Ada' }).closest('tr')!).toHaveTextContent('Offered'));
    const ada = within(panel).getByRole('rowheader', { name: 'Ada' }).closest('tr')!;
    expect(ada).toHaveTextContent('Dec 5, 2026, 6:30 PM');
    const alan = within(panel).getByRole('rowheader', { name: 'Alan' }).closest('tr')!;
    expect(within(alan).getAllByRole('cell')[0]).toHaveTextContent('1');

    // A new guest joins.
    await arrives(row('Grace', 'waiting', '2026-12-01 10:00:00.000Z'));
    expect(await within(panel).findByText('3 parties in line · 6 guests')).toBeInTheDocument();
  });

  it('says a night beyond the window is not kept on the tablet', async () => {
    render(<NightWaitlist date={addDays(window.to, 1)} />);
    expect(await screen.findByText('Only tonight and the next 14 nights are kept on this tablet.')).toBeInTheDocument();
  });
});
