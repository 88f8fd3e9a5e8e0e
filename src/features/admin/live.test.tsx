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
/** Each collection's message callback, as the SDK would call it for a message from the server. */
const deliver = new Map<string, (event: { action: string; record: unknown }) => void>();
vi.mock('../../lib/api/client', () => ({
  pb: {
    collection: (name: string) => ({
      subscribe: (_topic: string, callback: (event: { action: string; record: unknown }) => void) => {
        deliver.set(name, callback);
        return subscribeLater(name);
      },
    }),
    realtime: { clientId: 'client-1', subscribe: (topic: string) => subscribeLater(topic) },
  },
}));

const { createOrderGuard, useRealtime } = await import('./live');

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

const at = (second: number) => `2026-11-26 21:00:${String(second).padStart(2, '0')}.000Z`;
const row = (id: string, second: number, extra: Record<string, unknown> = {}) => ({ id, updated: at(second), ...extra });

describe('realtime messages that arrive out of order', () => {
  it('drops a copy of a record older than one already passed on', () => {
    const inOrder = createOrderGuard();
    expect(inOrder('update', row('a', 2))).toBe(true);
    expect(inOrder('create', row('a', 1))).toBe(false);
    expect(inOrder('update', row('a', 2))).toBe(true); // the same ms: nothing to order by
    expect(inOrder('update', row('a', 3))).toBe(true);
    expect(inOrder('update', row('b', 1))).toBe(true); // each record on its own
  });

  it('drops what was saved before a delete, and passes a record made again later', () => {
    const inOrder = createOrderGuard();
    expect(inOrder('delete', row('a', 5))).toBe(true);
    expect(inOrder('update', row('a', 5))).toBe(false);
    expect(inOrder('update', row('a', 4))).toBe(false);
    expect(inOrder('create', row('a', 6))).toBe(true);
  });

  it('passes a message with nothing to order it by', () => {
    const inOrder = createOrderGuard();
    expect(inOrder('update', { id: 'a' })).toBe(true);
    expect(inOrder('update', { id: 'a', updated: '' })).toBe(true);
    expect(inOrder('update', null)).toBe(true);
  });

  it('never hands a screen the older copy of a record', async () => {
    const seen: unknown[] = [];
    renderHook(() => useRealtime('requests', (action, record) => seen.push([action, record]), () => undefined));
    await confirmAll();
    const send = deliver.get('requests')!;
    send({ action: 'update', record: row('r1', 2, { status: 'replied' }) });
    send({ action: 'create', record: row('r1', 1, { status: 'new' }) });
    send({ action: 'delete', record: row('r2', 3) });
    send({ action: 'update', record: row('r2', 2) });
    expect(seen).toEqual([
      ['update', row('r1', 2, { status: 'replied' })],
      ['delete', row('r2', 3)],
    ]);
  });
});
