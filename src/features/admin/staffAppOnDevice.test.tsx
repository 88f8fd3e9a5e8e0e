import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../../lib/api/client';
import { keepStaffApp } from '../../lib/staffAppCache';
import { STAFF_APP_RETRY_MS, useStaffAppOnDevice } from './session';

vi.mock('../../lib/staffAppCache', () => ({ keepStaffApp: vi.fn(), forgetStaffApp: vi.fn(async () => undefined) }));
const keep = vi.mocked(keepStaffApp);

/** A token that stays valid for a day. */
function validToken(): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'u1', type: 'auth', exp: Math.floor(Date.now() / 1000) + 86400 })}.sig`;
}

/** Lets the pending keepStaffApp() answer and its .then run. */
const settle = () => act(async () => undefined);

describe('keeping the staff app on the device', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    keep.mockReset();
    pb.authStore.save(validToken(), null);
  });
  afterEach(() => {
    pb.authStore.clear();
    vi.useRealTimers();
  });

  it('asks the worker again after a failed fill, waiting longer each time, until one succeeds', async () => {
    keep.mockResolvedValueOnce(false).mockResolvedValueOnce(false).mockResolvedValue(true);
    renderHook(() => useStaffAppOnDevice(true));
    await settle();
    expect(keep).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(STAFF_APP_RETRY_MS[0] - 1));
    expect(keep).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(keep).toHaveBeenCalledTimes(2);

    await act(() => vi.advanceTimersByTimeAsync(STAFF_APP_RETRY_MS[1]));
    expect(keep).toHaveBeenCalledTimes(3);
    // The third fill succeeded: nothing more is asked, however long the dashboard stays open.
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(keep).toHaveBeenCalledTimes(3);
  });

  it('asks at once when the connection returns, and stops asking once the dashboard is gone', async () => {
    keep.mockResolvedValue(false);
    const { unmount } = renderHook(() => useStaffAppOnDevice(true));
    await settle();
    act(() => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(keep).toHaveBeenCalledTimes(2);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(keep).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without a valid session', async () => {
    pb.authStore.clear();
    renderHook(() => useStaffAppOnDevice(true));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(keep).not.toHaveBeenCalled();
  });
});
