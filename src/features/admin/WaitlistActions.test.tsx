import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordChange, type WaitlistRow } from './sync';
import { addWalkIn } from './tonight/addWalkIn';
import { WaitlistActions } from './WaitlistActions';

vi.mock('./sync', () => ({ recordChange: vi.fn(async () => ({ seq: 1 })) }));
vi.mock('./tonight/addWalkIn', () => ({ addWalkIn: vi.fn() }));
const record = vi.mocked(recordChange);
const walkIn = vi.mocked(addWalkIn);

const row: WaitlistRow = { id: 'w1', name: 'Ada Lovelace', email: 'ada@example.test', phone: '(347) 555-0100', party_size: 3, event_date: '2026-11-26', event_time: '8:00 PM', status: 'offered', offer_expires: '', created: '' };

describe("tonight's waitlist actions", () => {
  beforeEach(() => vi.clearAllMocks());

  it('seats the party as a walk-in, then takes it out of line', async () => {
    walkIn.mockResolvedValue({ kind: 'applied' });
    render(<WaitlistActions row={row} tonight="2026-11-26" />);
    fireEvent.click(screen.getByRole('button', { name: 'Seat now Ada Lovelace' }));
    await vi.waitFor(() => expect(record).toHaveBeenCalledTimes(1));
    expect(walkIn.mock.calls[0]![0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', phone: '(347) 555-0100', party_size: 3 });
    expect(walkIn.mock.calls[0]![1]).toBe('2026-11-26');
    expect(record.mock.calls[0]![0]).toMatchObject({ collection: 'waitlist', op: 'update', record_id: 'w1', fields: { status: 'left' }, base: { status: 'offered' } });
  });

  it('leaves the party in line when the server refuses the walk-in', async () => {
    walkIn.mockResolvedValue({ kind: 'refused', message: 'Tonight is full' });
    render(<WaitlistActions row={row} tonight="2026-11-26" />);
    fireEvent.click(screen.getByRole('button', { name: 'Seat now Ada Lovelace' }));
    await vi.waitFor(() => expect(walkIn).toHaveBeenCalled());
    await Promise.resolve();
    expect(record).not.toHaveBeenCalled();
  });

  it('calls the guest, and removes the party on a second tap only', () => {
    render(<WaitlistActions row={row} tonight="2026-11-26" />);
    expect(screen.getByRole('link', { name: 'Call Ada Lovelace' })).toHaveAttribute('href', 'tel:3475550100');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace from the waitlist' }));
    expect(record).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Tap again to remove Ada Lovelace from the waitlist' }));
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ fields: { status: 'left' }, record_id: 'w1' }));
  });
});
