import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import { WalkInForm } from './WalkInForm';

vi.mock('../sync', () => ({ recordChange: vi.fn(async () => undefined) }));
const record = vi.mocked(recordChange);

describe('the walk-in form', () => {
  beforeEach(() => record.mockClear());

  it("shows the server's message under each bad field, tied to it, focuses the first and queues nothing", () => {
    render(<WalkInForm tonight="2026-11-26" onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Party size'), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add walk-in' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Party size')).toHaveAccessibleDescription(MESSAGES.partySizeMax);
    expect(screen.getByLabelText('Email (optional)')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    expect(record).not.toHaveBeenCalled();
  });

  it('queues a valid walk-in for tonight, trimmed, and closes', async () => {
    const onDone = vi.fn();
    render(<WalkInForm tonight="2026-11-26" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ada Lovelace ' } });
    fireEvent.change(screen.getByLabelText('Party size'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '9:00 PM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add walk-in' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(record).toHaveBeenCalledTimes(1);
    expect(record.mock.calls[0]![0]).toMatchObject({
      op: 'create',
      fields: { name: 'Ada Lovelace', email: '', phone: '', party_size: 3, event_date: '2026-11-26', event_time: '9:00 PM' },
    });
  });
});
