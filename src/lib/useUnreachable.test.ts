import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnreachable } from './useUnreachable';

afterEach(() => vi.unstubAllGlobals());

describe('useUnreachable', () => {
  it('is true when the address gets no answer at all, though the browser says it is online', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useUnreachable('/not-saved-here', true));
    await waitFor(() => expect(result.current).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/not-saved-here', expect.objectContaining({ method: 'HEAD', cache: 'no-store' }));
  });

  it('is false when the server answers, a 404 included, and asks nothing while not enabled', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const { result, rerender } = renderHook(({ enabled }) => useUnreachable('/gone', enabled), { initialProps: { enabled: false } });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(false);
  });
});
