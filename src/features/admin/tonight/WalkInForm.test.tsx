import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/toast';
import { MESSAGES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import { changeOutcome } from './changeOutcome';
import { WALK_IN_TOASTS } from './addWalkIn';
import { WalkInForm } from './WalkInForm';

vi.mock('../sync', () => ({ recordChange: vi.fn(async () => ({ seq: 7 })) }));
vi.mock('./changeOutcome', () => ({ changeOutcome: vi.fn() }));
vi.mock('../../../components/toast', () => ({ notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));
const record = vi.mocked(recordChange);
const outcome = vi.mocked(changeOutcome);

function addAda(onDone = vi.fn()) {
  render(<WalkInForm tonight="2026-11-26" onDone={onDone} />);
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ada Lovelace ' } });
  fireEvent.click(screen.getByRole('button', { name: 'One person more' }));
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: '9:00 PM' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add walk-in' }));
  return onDone;
}

describe('the walk-in form', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

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

  it('takes the party size from the guests’ stepper (2 to start), queues a valid walk-in for tonight, trimmed, and closes', async () => {
    outcome.mockResolvedValue({ kind: 'applied' });
    const onDone = addAda();
    expect(onDone).toHaveBeenCalled();
    await vi.waitFor(() => expect(record).toHaveBeenCalledTimes(1));
    expect(record.mock.calls[0]![0]).toMatchObject({
      op: 'create',
      fields: { name: 'Ada Lovelace', email: '', phone: '', party_size: 3, event_date: '2026-11-26', event_time: '9:00 PM' },
    });
  });

  it('says "Walk-in added" only once the server took it', async () => {
    let answer!: (o: { kind: 'applied' }) => void;
    outcome.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    addAda();
    await vi.waitFor(() => expect(outcome).toHaveBeenCalledWith({ seq: 7 }));
    expect(notify.success).not.toHaveBeenCalled();
    answer({ kind: 'applied' });
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(WALK_IN_TOASTS.added, 'Ada Lovelace, party of 3'));
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('says "Saved, will be sent" when it waits on the tablet (offline, or no answer yet)', async () => {
    outcome.mockResolvedValue({ kind: 'queued' });
    addAda();
    await vi.waitFor(() => expect(notify.info).toHaveBeenCalledWith(WALK_IN_TOASTS.saved, expect.stringContaining('Ada Lovelace, party of 3')));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows the refusal the server sent, in its words for staff', async () => {
    const words = 'Tonight is full: 0 seats left, 2 held for the waitlist until 8:05 PM';
    outcome.mockResolvedValue({ kind: 'refused', message: words });
    addAda();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(WALK_IN_TOASTS.refused, `Ada Lovelace, party of 3. ${words}`));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
