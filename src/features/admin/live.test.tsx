import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/**
 * A stand-in for the SDK's realtime client: each subscribe is confirmed when the test says so,
 * as the server confirms a POST of the connection's new subscription set.
 */
const confirmations: (() => void)[] = [];
const unsubscribed: string[] = [];
function subscribeLater(topic: string) {
  return new Promise<() => Promise<void>>((resolve) => {
    confirmations.push(() =>
      resolve(async () => {
        unsubscribed.push(topic);
      }),
    );
  });
}
vi.mock('../../lib/api/client', () => ({
  pb: {
    collection: (name: string) => ({ subscribe: () => subscribeLater(name) }),
    realtime: { clientId: 'client-1', subscribe: (topic: string) => subscribeLater(topic) },
  },
}));

const { useRealtime } = await import('./live');

async function confirmAll() {
  await act(async () => {
    while (confirmations.length) confirmations.shift()!();
  });
}

describe('useRealtime', () => {
  it('loads an open subscription again after another one changes the connection’s subscription set', async () => {
    const reservationsLoaded = vi.fn();
    const waitlistLoaded = vi.fn();
    renderHook(() => useRealtime('reservations', () => undefined, reservationsLoaded));
    await confirmAll();
    expect(reservationsLoaded).toHaveBeenCalledTimes(1);

    // A second view subscribes: PocketBase replaced the whole set, so the first loads again.
    const second = renderHook(() => useRealtime('waitlist', () => undefined, waitlistLoaded));
    await confirmAll();
    expect(waitlistLoaded).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reservationsLoaded).toHaveBeenCalledTimes(2));

    // Closing it changes the set again.
    second.unmount();
    await waitFor(() => expect(unsubscribed).toContain('waitlist'));
    await waitFor(() => expect(reservationsLoaded).toHaveBeenCalledTimes(3));
    expect(waitlistLoaded).toHaveBeenCalledTimes(1);
  });

  it('coalesces a burst of set changes into one reload per open subscription', async () => {
    const firstLoaded = vi.fn();
    renderHook(() => useRealtime('tasks', () => undefined, firstLoaded));
    await confirmAll();
    expect(firstLoaded).toHaveBeenCalledTimes(1);

    renderHook(() => useRealtime('priorities', () => undefined, () => undefined));
    renderHook(() => useRealtime('events', () => undefined, () => undefined));
    await confirmAll();
    await waitFor(() => expect(firstLoaded).toHaveBeenCalledTimes(2));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(firstLoaded).toHaveBeenCalledTimes(2);
  });
});
