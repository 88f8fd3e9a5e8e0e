import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The SDK's realtime client as it is after a first connect that failed (the staff app reloaded
 * offline): not connected, the collection subscriptions kept, and nothing connecting again.
 * A subscribe is what connects it; the test counts them.
 */
const realtime = {
  isConnected: false,
  clientId: '',
  subscribe: vi.fn((topic: string) => (topic === 'PB_CONNECT' && realtime.isConnected ? Promise.resolve(async () => undefined) : Promise.reject(new Error('offline')))),
};
vi.mock('../../lib/api/client', () => ({
  pb: {
    collection: () => ({ subscribe: () => Promise.reject(new Error('Failed to establish realtime connection.')) }),
    realtime,
  },
}));

const { REVIVE_INTERVAL_MS, subscribeLive } = await import('./live');
const connectAttempts = () => realtime.subscribe.mock.calls.filter(([topic]) => topic === 'PB_CONNECT').length;

afterEach(() => {
  vi.useRealTimers();
  realtime.isConnected = false;
});

describe('a realtime connection that never came up', () => {
  it('is asked for again when the device comes back online, and every few seconds while online, until it is up', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const stop = subscribeLive('reservations', () => undefined, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const before = connectAttempts();

    // Offline: nothing is tried (it would fail at once).
    await vi.advanceTimersByTimeAsync(REVIVE_INTERVAL_MS * 2);
    expect(connectAttempts()).toBe(before);

    // The network returns: one attempt at once, then one per interval while it still fails.
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(connectAttempts()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(REVIVE_INTERVAL_MS);
    expect(connectAttempts()).toBe(before + 2);

    // Connected: no more attempts.
    realtime.isConnected = true;
    await vi.advanceTimersByTimeAsync(REVIVE_INTERVAL_MS * 3);
    window.dispatchEvent(new Event('online'));
    expect(connectAttempts()).toBe(before + 2);

    // With no topic open, the watcher is gone.
    stop();
    realtime.isConnected = false;
    await vi.advanceTimersByTimeAsync(REVIVE_INTERVAL_MS * 3);
    window.dispatchEvent(new Event('online'));
    expect(connectAttempts()).toBe(before + 2);
    onLine.mockRestore();
  });
});
