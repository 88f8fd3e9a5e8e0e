import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffQueryClient } from '../data/queryClient';
import { FailedJobs } from './FailedJobs';
import { systemApi, type FailedJob } from './systemApi';

const job: FailedJob = {
  id: 'job123456789012',
  kind: 'mail',
  template: 'reservation_confirmation',
  recipient: 'ana@example.test',
  attempts: 2,
  lastError: 'SMTP said 535: authentication failed',
  lastAttempt: '2026-11-27 01:05:00.000Z',
  nextAttempt: '2026-11-27 02:05:00.000Z',
  guest: 'Ana Lopez',
};

const show = () =>
  render(
    <QueryClientProvider client={staffQueryClient}>
      <FailedJobs jobs={[job]} total={1} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('failed jobs', () => {
  it('names the guest, the mail and the error', () => {
    show();
    const row = screen.getByTestId('failed-job');
    expect(row.textContent).toContain('Ana Lopez · Booking confirmation');
    expect(row.textContent).toContain('ana@example.test · 2 attempts');
    expect(row.textContent).toContain('SMTP said 535: authentication failed');
  });

  it('retries at one tap; drops only at the second', async () => {
    const retry = vi.spyOn(systemApi, 'retry').mockResolvedValue({ summary: 'Retried' });
    const drop = vi.spyOn(systemApi, 'drop').mockResolvedValue({ summary: 'Dropped' });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Retry the booking confirmation to Ana Lopez' }));
    await waitFor(() => expect(retry).toHaveBeenCalledWith(job.id));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Drop/ })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Drop the booking confirmation to Ana Lopez' }));
    expect(drop).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Tap again to drop the booking confirmation to Ana Lopez' }));
    await waitFor(() => expect(drop).toHaveBeenCalledWith(job.id));
  });
});
