import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReservationStatus } from '../../../lib/rules/limits';
import { confirmText, useConfirmStatus } from './ConfirmStatus';

// jsdom has <dialog> without its modal methods: open and close it as a browser would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

const ada = { id: 'r1', name: 'Ada Lovelace', email: 'ada@example.test', party_size: 4, status: 'confirmed' as ReservationStatus };

function Harness({ onStatus }: { onStatus: (r: typeof ada, s: ReservationStatus) => void }) {
  const { pick, confirmDialog } = useConfirmStatus(onStatus);
  return (
    <>
      {(['arrived', 'no_show', 'cancelled'] as const).map((s) => (
        <button key={s} type="button" onClick={() => pick(ada, s)}>
          {s}
        </button>
      ))}
      {confirmDialog}
    </>
  );
}

describe('a status that mails the guest or frees seats asks first', () => {
  it('sets Arrived at once', () => {
    const onStatus = vi.fn();
    render(<Harness onStatus={onStatus} />);
    fireEvent.click(screen.getByRole('button', { name: 'arrived' }));
    expect(onStatus).toHaveBeenCalledWith(ada, 'arrived');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('asks before a cancellation, says who is mailed, and "Keep it" changes nothing', () => {
    const onStatus = vi.fn();
    render(<Harness onStatus={onStatus} />);
    fireEvent.click(screen.getByRole('button', { name: 'cancelled' }));
    expect(onStatus).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Cancel Ada Lovelace’s reservation?' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example\.test is emailed a cancellation\. 4 seats go back to tonight/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onStatus).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sets a no-show only from the dialog’s own button', () => {
    const onStatus = vi.fn();
    render(<Harness onStatus={onStatus} />);
    fireEvent.click(screen.getByRole('button', { name: 'no_show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark no-show' }));
    expect(onStatus).toHaveBeenCalledExactlyOnceWith(ada, 'no_show');
  });

  it('says when no mail can go (a walk-in without an address), and counts one seat as one', () => {
    expect(confirmText({ ...ada, email: '', party_size: 1 }, 'cancelled').body).toBe('No email is sent (no address on file). 1 seat goes back to tonight, and the waitlist may be offered it.');
    expect(confirmText(ada, 'no_show')).toMatchObject({ title: 'Mark Ada Lovelace as a no-show?', confirm: 'Mark no-show' });
  });
});
