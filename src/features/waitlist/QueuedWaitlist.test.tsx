import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { formatNight } from '../../lib/venueTime';
import { flushOutbox, setOutboxTransport, submitThroughOutbox } from '../outbox';
import { resetOutboxForTests } from '../outbox/testing';
import { WaitlistJoined } from './WaitlistOffer';

const date = '2026-12-03';
const night = formatNight(date);
const body = { name: 'Ada', email: 'ada@example.test', party_size: 2, event_date: date, event_time: '7:30 PM', source: 'web' };

/** A waitlist entry the server could not be reached for: saved on the device, its panel shown. */
async function savedOnDevice() {
  setOutboxTransport(async () => {
    throw new TypeError('Failed to fetch');
  });
  const outcome = await submitThroughOutbox('waitlist', body, { label: 'Waitlist' });
  expect(outcome.status).toBe('queued');
  render(<WaitlistJoined outcome={{ kind: 'queued', message: WAITLIST_MESSAGES.joinQueued(night), id: outcome.id, date }} onReset={() => {}} />);
  expect(await screen.findByRole('heading', { name: 'Saved on this device' })).toBeTruthy();
  return outcome.id;
}

afterEach(async () => {
  await resetOutboxForTests();
  vi.unstubAllGlobals();
});

describe('the waitlist panel of an entry saved on this device (issue 24)', () => {
  it('turns into the place in line once the entry is sent, instead of still saying it will be sent', async () => {
    const id = await savedOnDevice();
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Response.json({ status: 'waiting', position: 3 });
    });
    setOutboxTransport(async () => ({ status: 'delivered', id }));
    await flushOutbox({ force: true });
    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toBeTruthy();
    expect(await screen.findByText(WAITLIST_MESSAGES.joined(night, 3))).toBeTruthy();
    expect(screen.queryByText(/saved on this device/i)).toBeNull();
    expect(asked).toEqual([`/api/waitlist/entry/${id}`]);
    expect(screen.getByTestId('waitlist-joined').dataset.state).toBe('sent');
  });

  it("shows the server's refusal when the saved entry is turned down", async () => {
    await savedOnDevice();
    // Online, the server unreachable: not the offline wording.
    expect(await screen.findByText(WAITLIST_MESSAGES.joinRetrying(night))).toBeTruthy();
    const already = WAITLIST_MESSAGES.alreadyWaiting(night);
    setOutboxTransport(async () => ({ status: 'rejected', message: already, fieldErrors: { email: already } }));
    await flushOutbox({ force: true });
    expect(await screen.findByRole('heading', { name: 'Not added to the waitlist' })).toBeTruthy();
    expect(screen.getByText(already)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
