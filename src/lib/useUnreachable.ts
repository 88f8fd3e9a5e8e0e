import { useEffect, useState } from 'react';

/**
 * Whether `path` cannot be reached from here right now. The browser's online flag is not enough:
 * a phone on a wifi with no way out says it is online, and Chromium 148–150 keep it true in a page
 * that was opened offline. So the page asks the network itself: a plain fetch (not a navigation,
 * which the service worker answers from its cache) that gets no answer at all means the address is
 * out of reach; any answer, a 404 included, means it is not. Asked once per path, when `enabled`.
 */
export function useUnreachable(path: string, enabled: boolean): boolean {
  const [unreachable, setUnreachable] = useState<{ path: string; value: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetch(path, { method: 'HEAD', cache: 'no-store', credentials: 'omit' }).then(
      () => current && setUnreachable({ path, value: false }),
      () => current && setUnreachable({ path, value: true }),
    );
    return () => {
      current = false;
    };
  }, [path, enabled]);
  return unreachable?.path === path && unreachable.value;
}
