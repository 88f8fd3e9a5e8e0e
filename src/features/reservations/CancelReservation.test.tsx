import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lib/rules/limits';
import { MANAGE_MESSAGES } from '../../lib/rules/waitlist';
import { addDays, formatNight, venueToday } from '../../lib/venueTime';
import { CancelReservation } from './CancelReservation';

const night = addDays(venueToday(), 5);
const summary = { event_name: 'Board Game Night', event_date: night, event_time: '7:30 PM', party_size: 2, status: 'confirmed', name: 'Ada Lovelace', is_board_game_night: true, can_change: true };

type Reply = { status: number; body: unknown };
let replies: Record<string, (body: Record<string, unknown> | null) => Reply>;
const posted: { url: string; body: Record<string, unknown> | null }[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    if (init?.method === 'POST') posted.push({ url: String(input), body });
    const reply = replies[key]?.(body) ?? { status: 404, body: { message: MESSAGES.cancelNotFound } };
    return Response.json(reply.body, { status: reply.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup();
/** Inside what the click celebration skips (src/app/shell/celebration.ts; tests/e2e/reservations.test.ts clicks for real). */
const quiet = (element: Element) => element.closest('[data-no-celebration]') !== null;

describe('/cancel/:token, the manage page', () => {
  it('changes the party size and shows the new details', async () => {
    replies = {
      'GET /api/reservations/cancel/tok': () => ({ status: 200, body: summary }),
      'POST /api/reservations/manage/tok': (body) => ({ status: 200, body: { ...summary, ...body } }),
    };
    render(<CancelReservation token="tok" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(MANAGE_MESSAGES.heading);
    const form = await screen.findByTestId('change-form');
    await user().click(within(form).getByRole('button', { name: 'One person more' }));
    await user().click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('change-saved')).toHaveTextContent(MANAGE_MESSAGES.changed);
    expect(posted).toEqual([{ url: '/api/reservations/manage/tok', body: { party_size: 3 } }]);
    expect(screen.getByTestId('cancel-details')).toHaveTextContent('3 people');
  });

  it('sends only what changed: the arrival time', async () => {
    replies = {
      'GET /api/reservations/cancel/tok': () => ({ status: 200, body: summary }),
      'POST /api/reservations/manage/tok': (body) => ({ status: 200, body: { ...summary, ...body } }),
    };
    render(<CancelReservation token="tok" />);
    const form = await screen.findByTestId('change-form');
    await user().click(within(form).getByRole('radio', { name: '9:00 PM' }));
    await user().click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByTestId('change-saved');
    expect(posted[0]!.body).toEqual({ event_time: '9:00 PM' });
    expect(screen.getByTestId('cancel-details')).toHaveTextContent('9:00 PM');
  });

  it("says to change something first, and shows the server's capacity message on the field", async () => {
    const full = MESSAGES.notEnoughSeats(formatNight(night), 1);
    replies = {
      'GET /api/reservations/cancel/tok': () => ({ status: 200, body: summary }),
      'POST /api/reservations/manage/tok': () => ({ status: 400, body: { status: 400, message: full, data: { party_size: { code: 'capacity', message: full } } } }),
    };
    render(<CancelReservation token="tok" />);
    const form = await screen.findByTestId('change-form');
    await user().click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('change-problem')).toHaveTextContent(MANAGE_MESSAGES.nothingChanged);
    expect(posted).toHaveLength(0);

    await user().click(within(form).getByRole('button', { name: 'One person more' }));
    await user().click(within(form).getByRole('button', { name: 'One person more' }));
    await user().click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('change-problem')).toHaveTextContent(full);
    const people = within(form).getByLabelText('Number of people');
    expect(people).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('change-saved')).toBeNull();
    expect(screen.getByTestId('cancel-details')).toHaveTextContent('2 people');
  });

  it('offers no change for a reservation the server says cannot change, and still cancels', async () => {
    replies = {
      'GET /api/reservations/cancel/tok': () => ({ status: 200, body: { ...summary, can_change: false } }),
      'POST /api/reservations/cancel/tok': () => ({ status: 200, body: { ...summary, status: 'cancelled' } }),
    };
    render(<CancelReservation token="tok" />);
    await screen.findByTestId('cancel-details');
    expect(screen.queryByTestId('change-form')).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Yes, cancel my reservation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation cancelled' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('plays no confetti: not for the cancel button, nor for anything on the "Reservation cancelled" page (issue 31)', async () => {
    replies = {
      'GET /api/reservations/cancel/tok': () => ({ status: 200, body: summary }),
      'POST /api/reservations/cancel/tok': () => ({ status: 200, body: { ...summary, status: 'cancelled' } }),
    };
    render(<CancelReservation token="tok" />);
    const cancel = await screen.findByRole('button', { name: 'Yes, cancel my reservation' });
    expect(quiet(cancel)).toBe(true);
    // "Keep my reservation" is no cancellation: it still celebrates.
    expect(quiet(screen.getByRole('link', { name: 'Keep my reservation' }))).toBe(false);
    await user().click(cancel);
    await screen.findByRole('heading', { level: 1, name: 'Reservation cancelled' });
    const clickables = [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')];
    expect(clickables.length).toBeGreaterThan(0);
    for (const element of clickables) expect(quiet(element), element.textContent ?? '').toBe(true);
  });

  it('explains a wrong link', async () => {
    replies = {};
    render(<CancelReservation token="tok" />);
    expect(await screen.findByText(MESSAGES.cancelNotFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Link not valid');
  });
});
