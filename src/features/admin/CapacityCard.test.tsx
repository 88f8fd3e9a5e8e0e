/**
 * The seat card on the tablet's copy counts seats as the server's check does (src/lib/rules/seats.ts):
 * a live waitlist hold takes its seats until the hold ends (issue 31 defect 3: the card said
 * "2 seats left" while the server said 0), then the card gives them back by itself.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CapacityCard } from './CapacityCard';
import { deleteStaffDb } from './sync/db';
import { pullChanges } from './sync/pull';
import { syncWindow } from './sync/syncWindow';
import { FakeSyncServer } from '../../../tests/support/fake-sync-server';
import { formatVenueClock } from '../../lib/venueTime';

const tonight = syncWindow().from;
const party = (id: string, party_size: number, status = 'confirmed') => ({ id, name: id, email: '', phone: '', event_name: 'Board Game Night', event_date: tonight, event_time: '7:00 PM', party_size, source: 'web', status, created: '2026-11-20 10:00:00.000Z' });
const hold = (id: string, party_size: number, offer_expires: string) => ({ id, name: id, party_size, event_date: tonight, event_time: '8:00 PM', status: 'offered', offer_expires, created: '2026-11-20 10:00:00.000Z' });

let server: FakeSyncServer;

beforeEach(async () => {
  await deleteStaffDb();
  server = new FakeSyncServer(syncWindow());
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the seat card', () => {
  it('counts the seats held for a live waitlist offer, and frees them when the hold ends', async () => {
    const ends = new Date(Date.now() + 1500);
    server.put('capacity', { id: 'cap000000000001', date: tonight, seats: 10, note: '' });
    server.put('reservations', party('ada000000000001', 6));
    server.put('reservations', party('bob000000000001', 2, 'arrived'));
    server.put('reservations', party('cyd000000000001', 3, 'no_show'));
    server.put('waitlist', hold('wai000000000001', 2, ends.toISOString()));
    server.put('waitlist', hold('old000000000001', 4, new Date(Date.now() - 60_000).toISOString()));
    await pullChanges();
    render(<CapacityCard today={tonight} />);
    const line = await screen.findByText(/seats taken/);
    await vi.waitFor(() => expect(line.closest('p')).toHaveTextContent(`10 of 10 seats taken (2 held for the waitlist until ${formatVenueClock(ends)}) · 0 seats left · 2 arrived`));
    // The hold ends (the server's expiry pass has not run yet): its seats are free on the card as in the server's count.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1900)));
    expect(line.closest('p')).toHaveTextContent('8 of 10 seats taken · 2 seats left · 2 arrived');
  });
});
