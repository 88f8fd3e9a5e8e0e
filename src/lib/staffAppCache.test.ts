import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_APP_ANSWER_MS, keepStaffApp } from './staffAppCache';

/** A registered, active worker that answers with `reply` (or never, for null). */
function workerAnswering(reply: object | null) {
  const postMessage = vi.fn((_message: unknown, [port]: MessagePort[]) => {
    if (reply) port!.postMessage(reply);
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ active: { postMessage } }) },
  });
  return postMessage;
}

describe('asking the worker to keep the staff app', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.useRealTimers();
  });

  it("resolves with the worker's answer", async () => {
    const post = workerAnswering({ ok: true, cache: 'staff-app-abc' });
    await expect(keepStaffApp()).resolves.toBe(true);
    expect(post).toHaveBeenCalledWith({ type: 'STAFF_APP_CACHE' }, expect.any(Array));
    workerAnswering({ ok: false, cache: null, error: 'TypeError: Failed to fetch' });
    await expect(keepStaffApp()).resolves.toBe(false);
  });

  it('gives up on a worker that never answers, so the caller can ask again', async () => {
    vi.useFakeTimers();
    workerAnswering(null);
    let answer: boolean | undefined;
    void keepStaffApp().then((ok) => (answer = ok));
    await vi.advanceTimersByTimeAsync(STAFF_APP_ANSWER_MS - 1);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });
});
