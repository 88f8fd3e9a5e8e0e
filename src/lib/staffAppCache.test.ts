import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_APP_ANSWER_MS, forgetStaffApp, keepStaffApp } from './staffAppCache';

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

describe('forgetting the staff app at sign-out', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('tells the controlling worker in the same task as the sign-out, before anything is awaited', async () => {
    // A page closed or reloaded right after the tap still gets the delete done by the worker.
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
    const done = forgetStaffApp();
    expect(postMessage).toHaveBeenCalledWith({ type: 'STAFF_APP_FORGET' });
    await done;
    expect(postMessage).toHaveBeenCalledTimes(1);
  });
});
