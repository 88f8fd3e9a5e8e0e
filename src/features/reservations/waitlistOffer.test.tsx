import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lib/rules/limits';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { formatLongDate, formatNight, venueToday } from '../../lib/venueTime';
import { setOutboxTransport, type Transport } from '../outbox';
import { resetOutboxForTests } from '../outbox/testing';
import { BoardGameReservationForm } from './BoardGameReservationForm';

const today = venueToday();
const night = formatNight(today);
const sent: { collection: string; body: Record<string, unknown> }[] = [];
let answer: Transport;

beforeEach(() => {
  sent.length = 0;
  answer = async (_collection, body) => ({ status: 'delivered', id: String(body.id) });
  setOutboxTransport(async (collection, body) => {
    sent.push({ collection, body });
    return answer(collection, body);
  });
  // Tonight has 10 seats left; the entry just joined is number 3 in line.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/availability')) return Response.json({ nights: [{ date: today, capacity: 40, seatsLeft: 10 }] });
    if (url.startsWith('/api/waitlist/entry/')) return Response.json({ status: 'waiting', event_date: today, party_size: 12, event_time: '8:00 PM', position: 3 });
    return new Response('{}', { status: 404 });
  });
});

afterEach(async () => {
  await resetOutboxForTests();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

async function fill(partySize: string) {
  const user = userEvent.setup();
  render(<BoardGameReservationForm />);
  const form = screen.getByTestId('board-game-form');
  await user.type(within(form).getByLabelText('Name'), 'Ada Lovelace');
  await user.type(within(form).getByLabelText('Email'), 'ada@example.test');
  const people = within(form).getByLabelText('Number of people');
  await user.clear(people);
  await user.type(people, partySize);
  await user.click(await within(form).findByRole('button', { name: /^Date/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(await within(dialog).findByRole('button', { name: new RegExp(`^${formatLongDate(today)}`) }, { timeout: 10_000 }));
  await user.click(within(form).getByRole('radio', { name: '8:00 PM' }));
  return { user, form };
}

describe('the board game night form on a night that cannot fit the party', { timeout: 30_000 }, () => {
  it('offers nothing while the party fits', async () => {
    const { form } = await fill('4');
    await within(form).findByText(/10 seats left/);
    expect(screen.queryByTestId('waitlist-offer')).toBeNull();
  });

  it('offers the waitlist when availability shows too few seats, sends the same fields to `waitlist` once and shows the place in line', async () => {
    const { user, form } = await fill('12');
    const join = await within(form).findByRole('button', { name: WAITLIST_MESSAGES.join(night) });
    await user.click(join);
    const joined = await screen.findByTestId('waitlist-joined');
    expect(joined).toHaveTextContent(WAITLIST_MESSAGES.joined(night, 3));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.collection).toBe('waitlist');
    expect(sent[0]!.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', party_size: 12, event_date: today, event_time: '8:00 PM', source: 'web' });
    expect(String(sent[0]!.body.id)).toMatch(/^[a-z0-9]{15}$/);
    expect(document.activeElement).toBe(within(joined).getByRole('heading'));
  });

  it('offers the waitlist after the server refuses the reservation because the night filled up', async () => {
    answer = async (collection, body) =>
      collection === 'reservations'
        ? // as the server answers a full night: its words, and the code the form decides by (issue 26)
          { status: 'rejected', message: MESSAGES.nightFull(night), fieldErrors: { event_date: MESSAGES.nightFull(night) }, code: 'night_full' }
        : { status: 'delivered', id: String(body.id) };
    const { user, form } = await fill('2');
    expect(within(form).queryByTestId('waitlist-offer')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Reserve My Spot' }));
    const join = await within(form).findByRole('button', { name: WAITLIST_MESSAGES.join(night) });
    await user.click(join);
    await screen.findByText(WAITLIST_MESSAGES.joined(night, 3));
    expect(sent.map((s) => s.collection)).toEqual(['reservations', 'waitlist']);
  });

  it('keeps the entry on the device when offline and says so', async () => {
    const { user, form } = await fill('12');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await user.click(await within(form).findByRole('button', { name: WAITLIST_MESSAGES.join(night) }));
    await screen.findByText(WAITLIST_MESSAGES.joinQueued(night));
    expect(sent).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('waitlist-joined')).toBeInTheDocument());
  });
});
