import { useCallback, useEffect, useRef } from 'react';

/**
 * Wraps an async handler so a call made while one is still running is ignored. Forms submit through
 * it: validation may wait for its lazily loaded schemas, and a second tap in that moment must not
 * send a second submission (state like `submitting` only updates after the next render).
 */
export function useSingleFlight<A extends unknown[]>(handler: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  const running = useRef(false);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  return useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
    }
  }, []);
}
