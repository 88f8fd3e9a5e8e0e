import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES } from '../../lib/rules/waitlist';
import { addDays, formatLongDate, formatVenueDeadline, venueToday } from '../../lib/venueTime';
import { WaitlistEntry } from './WaitlistEntry';

const night = addDays(venueToday(), 3);
const entry = { status: 'waiting', event_date: night, night: formatLongDate(night), party_size: 4, event_time: '8:00 PM', position: 2, offer_expires: '', name: 'Ada Lovelace' };
const reservation = { id: 'r1', name: 'Ada Lovelace', email: 'ada@example.test', phone: '', event_name: 'Board Game Night', event_date: night, event_time: '8:00 PM', party_size: 4, source: 'web' };

type Reply = { status: number; body: unknown };
let routes: Record<string, Reply | (() => Reply)>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const route = routes[key];
    const reply = typeof route === 'function' ? route() : (route ?? { status: 404, body: { message: 'not found' } });
    return Response.json(reply.body, { status: reply.status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

function show(search = '') {
  history.replaceState(null, '', `/waitlist/tok${search}`);
  render(<WaitlistEntry token="tok" />);
}

describe('/waitlist/:token', () => {
  it('shows a waiting entry with its place in line and no claim button', async () => {
    routes = { 'GET /api/waitlist/tok': { status: 200, body: entry } };
    show();
    const details = await screen.findByTestId('waitlist-details');
    expect(details).toHaveTextContent('Number 2');
    expect(details).toHaveTextContent('4 people');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("You're on the waitlist");
    expect(screen.queryByRole('button', { name: 'Claim my table' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeEnabled();
    // Loading the page never moves focus (only the guest's own action does).
    expect(document.activeElement).toBe(document.body);
  });

  it('claims an offered table and lands on the thank-you page with the form’s navigation state and query', async () => {
    routes = {
      'GET /api/waitlist/tok': { status: 200, body: { ...entry, status: 'offered', position: null, offer_expires: '2026-11-24 23:30:00.000Z' } },
      'POST /api/waitlist/tok/claim': { status: 200, body: { reservation } },
    };
    show();
    expect(await screen.findByTestId('waitlist-details')).toHaveTextContent('Held until');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Claim my table' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/reservation-thank-you'));
    const query = Object.fromEntries(new URLSearchParams(location.search));
    expect(query).toMatchObject({ eventName: 'Board Game Night', eventDate: night, eventTime: '8:00 PM', email: 'ada@example.test', name: 'Ada Lovelace' });
    const details = { eventName: 'Board Game Night', eventDate: formatLongDate(night), eventTime: '8:00 PM', email: 'ada@example.test', name: 'Ada Lovelace' };
    expect(history.state).toEqual(details);
    expect(JSON.parse(sessionStorage.getItem('reservationDetails') ?? 'null')).toEqual(details);
  });

  it('writes the claim deadline as the offer mail does (not "Nov 28, 2026, 10:00 AM"), and says which hold rule applied (issue 31)', async () => {
    // Made at 1:48 AM on Saturday for a night two months off: held until 10 AM, not 3:48 AM.
    const offer = { event_date: '2027-01-30', offer_expires: '2026-11-28 15:00:00.000Z', offered_at: '2026-11-28 06:48:00.000Z' };
    routes = { 'GET /api/waitlist/tok': { status: 200, body: { ...entry, ...offer, status: 'offered', position: null } } };
    show();
    const details = await screen.findByTestId('waitlist-details');
    expect(details).toHaveTextContent('Held until10:00 AM on Saturday, November 28');
    expect(screen.getByText(/Claim them before the hold runs out/)).toHaveTextContent(WAITLIST_MESSAGES.holdRule('morning'));
    // The mail writes it with the same formatter (hooks/rules/waitlistOffers.test.ts: the same words).
    expect(details).toHaveTextContent(formatVenueDeadline(offer.offer_expires));
  });

  it('says so when the offer expired before the claim', async () => {
    let claimed = false;
    routes = {
      'GET /api/waitlist/tok': () => ({ status: 200, body: { ...entry, status: claimed ? 'expired' : 'offered', offer_expires: '2026-11-24 23:30:00.000Z' } }),
      'POST /api/waitlist/tok/claim': () => ((claimed = true), { status: 409, body: { status: 409, message: WAITLIST_MESSAGES.offerExpired, data: {} } }),
    };
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Claim my table' }));
    expect(await screen.findByTestId('waitlist-problem')).toHaveTextContent(WAITLIST_MESSAGES.offerExpired);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Offer expired');
    expect(screen.queryByRole('button', { name: 'Claim my table' })).toBeNull();
  });

  it('asks first when the mail’s leave link opened it, then leaves', async () => {
    routes = {
      'GET /api/waitlist/tok': { status: 200, body: entry },
      'POST /api/waitlist/tok/leave': { status: 200, body: { ...entry, status: 'left', position: null } },
    };
    show('?leave=1');
    // The page's h1 says 'Waitlist' until the entry has loaded: wait for the question itself.
    await screen.findByRole('heading', { level: 1, name: 'Leave the waitlist?' });
    expect(calls).not.toContain('POST /api/waitlist/tok/leave');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, leave the waitlist' }));
    expect(await screen.findByText(WAITLIST_MESSAGES.left)).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(calls).toContain('POST /api/waitlist/tok/leave');
    expect(screen.queryByRole('button', { name: /leave the waitlist/i })).toBeNull();
  });

  it('explains a link that is not valid', async () => {
    routes = {};
    show();
    expect(await screen.findByText(WAITLIST_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Link not valid');
  });

  it('shows an expired offer as such', async () => {
    routes = { 'GET /api/waitlist/tok': { status: 200, body: { ...entry, status: 'expired', position: null } } };
    show();
    const main = await screen.findByTestId('waitlist-details');
    expect(within(main).getByText('Offer expired')).toBeInTheDocument();
    expect(screen.getByText(WAITLIST_MESSAGES.offerExpired)).toBeInTheDocument();
  });
});
