/**
 * The reservations history through the staff query client (issue 31): the dashboard's early
 * answers are what the first mount shows, a live change lands in the cache, a change that
 * arrives while a page loads is kept, and an answer for older filters (or an older request for
 * the same ones) never replaces a newer one.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_BOOKING, recordCounter } from '../../../../tests/support/fixtures';
import { venueNight } from '../../../lib/venueTime';
import { DEFAULT_SORT, NO_FILTERS, type ReservationFilters } from '../reservationsLogic';
import type { Reservation, ReservationStats } from '../types';

/** Each list request waits until the test answers it. */
const calls: { filter: string; answer: (items: Reservation[]) => void }[] = [];
const api = vi.hoisted(() => ({ page: vi.fn(), stats: vi.fn() }));
vi.mock('../api', () => ({ reservationsApi: api }));
/** What the view's realtime subscription hands on: changes, and "confirmed" (synced). */
const realtime = vi.hoisted(() => ({ onChange: (_action: string, _record: unknown) => {}, onSynced: () => {} }));
vi.mock('../live', () => ({
  useRealtime: (_collection: string, onChange: typeof realtime.onChange, onSynced: () => void) => {
    realtime.onChange = onChange;
    realtime.onSynced = onSynced;
  },
}));

const { createStaffQueryClient } = await import('./queryClient');
const { prefetchFirstScreen } = await import('./reservationQueries');
const { useReservations } = await import('../useReservations');

const tonight = venueNight();
const next = recordCounter('q');
function row(name: string, overrides: Partial<Reservation> = {}): Reservation {
  const { id, created } = next();
  return { id, name, email: `${name.toLowerCase()}@example.test`, ...DASHBOARD_BOOKING, event_date: tonight, created, updated: created, ...overrides };
}
const figures = (reservations: number): Pick<ReservationStats, 'counts' | 'byEvent' | 'byDate' | 'eventNames'> => ({ counts: { reservations, guests: 2 * reservations, events: 1 }, byEvent: [], byDate: [], eventNames: ['Board Game Night'] });

/** Answers the pending first pages whose filter matches: `items` tonight on, nothing earlier. */
async function answerPages(match: (filter: string) => boolean, items: Reservation[]) {
  for (const past of [false, true]) {
    const isIt = (c: (typeof calls)[number]) => match(c.filter) && c.filter.includes('event_date <') === past;
    await waitFor(() => expect(calls.some(isIt)).toBe(true));
    const [call] = calls.splice(calls.findIndex(isIt), 1);
    await act(async () => call!.answer(past ? [] : items));
  }
}
const names = (result: { current: { pages: { upcoming: Reservation[] } } }) => result.current.pages.upcoming.map((r) => r.name).sort();

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const synced = () => act(() => realtime.onSynced());

beforeEach(() => {
  client = createStaffQueryClient();
  calls.length = 0;
  api.page.mockImplementation((_page: number, _perPage: number, filter: string) => new Promise((resolve) => calls.push({ filter, answer: (items) => resolve({ items }) })));
  api.stats.mockImplementation(async (filters: ReservationFilters) => figures(filters.q ? 1 : 3));
});
afterEach(() => {
  client.clear();
  vi.clearAllMocks();
});

describe('the dashboard’s early start', () => {
  it('is what the first mount shows, in its first render, without asking again before the subscription is confirmed', async () => {
    const started = prefetchFirstScreen(client, 5_000);
    await answerPages(() => true, [row('Ada'), row('Bo')]);
    await started;
    expect(api.page).toHaveBeenCalledTimes(2);

    const states: string[] = [];
    const { result } = renderHook(() => {
      const data = useReservations(NO_FILTERS, DEFAULT_SORT);
      states.push(data.state);
      return data;
    }, { wrapper });
    expect(states[0]).toBe('ready');
    expect(names(result)).toEqual(['Ada', 'Bo']);
    expect(result.current.stats?.counts.reservations).toBe(3);
    expect(api.page).toHaveBeenCalledTimes(2);
    expect(api.stats).toHaveBeenCalledTimes(1);

    // Confirmed: asked again, so a change made between the early answer and the subscription shows.
    await synced();
    await answerPages(() => true, [row('Ada'), row('Bo'), row('Cy')]);
    await waitFor(() => expect(names(result)).toEqual(['Ada', 'Bo', 'Cy']));
    expect(api.stats).toHaveBeenCalledTimes(2);
  });
});

describe('live changes', () => {
  it('are written into the cached list, and the figures are asked for once per burst', async () => {
    const { result } = renderHook(() => useReservations(NO_FILTERS, DEFAULT_SORT), { wrapper });
    expect(result.current.state).toBe('loading');
    await synced();
    const ada = row('Ada');
    await answerPages(() => true, [ada]);
    await waitFor(() => expect(result.current.state).toBe('ready'));
    const asked = api.stats.mock.calls.length;

    act(() => realtime.onChange('update', { ...ada, status: 'arrived', collectionName: 'reservations' }));
    act(() => realtime.onChange('create', row('Walk-in')));
    await waitFor(() => expect(names(result)).toEqual(['Ada', 'Walk-in']));
    expect(result.current.pages.upcoming.find((r) => r.id === ada.id)?.status).toBe('arrived');
    // The realtime event's extra fields are not kept.
    expect(result.current.pages.upcoming.find((r) => r.id === ada.id)).not.toHaveProperty('collectionName');
    await waitFor(() => expect(api.stats).toHaveBeenCalledTimes(asked + 1));
    expect(calls).toEqual([]);
  });

  it('that arrive while the list loads are applied to its answer', async () => {
    const { result } = renderHook(() => useReservations(NO_FILTERS, DEFAULT_SORT), { wrapper });
    await synced();
    await waitFor(() => expect(calls).toHaveLength(1));
    const walkIn = row('Walk-in');
    act(() => realtime.onChange('create', walkIn));
    // The server read the page before the walk-in was saved.
    await answerPages(() => true, [row('Ada')]);
    await waitFor(() => expect(names(result)).toEqual(['Ada', 'Walk-in']));
  });
});

describe('an older answer', () => {
  it('for filters since changed is never shown over the newer filters’ answer', async () => {
    const { result, rerender } = renderHook(({ filters }) => useReservations(filters, DEFAULT_SORT), { wrapper, initialProps: { filters: { ...NO_FILTERS, q: 'old' } } });
    await synced();
    await waitFor(() => expect(calls.some((c) => c.filter.includes('old'))).toBe(true));
    rerender({ filters: { ...NO_FILTERS, q: 'new' } });
    await answerPages((f) => f.includes('new'), [row('New')]);
    await waitFor(() => expect(names(result)).toEqual(['New']));
    await answerPages((f) => f.includes('old'), [row('Old')]);
    expect(names(result)).toEqual(['New']);
    expect(result.current.stats?.counts.reservations).toBe(1);
  });

  it('for the same filters (asked before a reconnect) is dropped when it comes in last', async () => {
    const { result } = renderHook(() => useReservations(NO_FILTERS, DEFAULT_SORT), { wrapper });
    await synced();
    await waitFor(() => expect(calls).toHaveLength(1));
    const [before] = calls.splice(0, 1);
    await synced();
    await answerPages(() => true, [row('After')]);
    await waitFor(() => expect(names(result)).toEqual(['After']));
    await act(async () => before!.answer([row('Before')]));
    // Its earlier nights are asked for and answered too: nothing of it shows.
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls.splice(0, 1)[0]!.answer([row('Before, earlier')]));
    expect(names(result)).toEqual(['After']);
    expect(result.current.pages.past).toEqual([]);
  });
});
