import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RetryableError } from '../../lib/api/client';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { MESSAGES } from '../../lib/rules/limits';
import { flushOutbox, setOutboxTransport, submitThroughOutbox } from '../outbox';
import { resetOutboxForTests } from '../outbox/testing';
import { QueuedReservation } from './QueuedReservation';

const details = { eventName: 'Board Game Night', eventDate: 'Thursday, December 3, 2026', eventTime: '7:30 PM', email: 'ada@example.test', name: 'Ada' };
const body = { name: 'Ada', email: 'ada@example.test', party_size: 2, event_name: 'Board Game Night', event_date: '2026-12-03', event_time: '7:30 PM' };

function show(outboxId: string) {
  render(<QueuedReservation outboxId={outboxId} details={details} thankYouHref="/reservation-thank-you" partySize={2} onReset={() => {}} />);
}

afterEach(() => resetOutboxForTests());

describe('QueuedReservation', () => {
  it('tells a rate-limited guest the booking system is busy and will retry, not that it was unreachable', async () => {
    setOutboxTransport(async () => {
      throw new RetryableError('Too many requests', 429);
    });
    const outcome = await submitThroughOutbox('reservations', body, { label: 'x' });
    expect(outcome.status).toBe('queued');
    show(outcome.id);
    expect(await screen.findByText(/booking system is busy right now/)).toBeTruthy();
    expect(screen.getByText(/will be retried automatically/)).toBeTruthy();
    expect(screen.queryByText(/couldn't reach/)).toBeNull();
  });

  it('tells a guest whose booking came during a restore that it is kept and sent in a moment', async () => {
    setOutboxTransport(async () => {
      throw new RetryableError(BACKUP_MESSAGES.restoring, 503);
    });
    const outcome = await submitThroughOutbox('reservations', body, { label: 'x' });
    expect(outcome.status).toBe('queued');
    show(outcome.id);
    expect(await screen.findByText(new RegExp(BACKUP_MESSAGES.restoring.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeTruthy();
    expect(screen.queryByText(/couldn't reach/)).toBeNull();
  });

  it("still says it could not reach the system when there was no answer", async () => {
    setOutboxTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await submitThroughOutbox('reservations', body, { label: 'x' });
    show(outcome.id);
    expect(await screen.findByText(/couldn't reach our booking system/)).toBeTruthy();
  });

  it("shows a full night's refusal as the server's one sentence", async () => {
    setOutboxTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await submitThroughOutbox('reservations', body, { label: 'x' });
    const full = MESSAGES.nightFull('Thursday, December 3');
    setOutboxTransport(async () => ({ status: 'rejected', message: full, fieldErrors: { event_date: full } }));
    await flushOutbox({ force: true });
    show(outcome.id);
    const paragraph = await screen.findByText(full);
    expect(paragraph.textContent).toBe('Thursday, December 3 is fully booked. Please choose another night.');
  });
});
