import { useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from './whenIdle';

/** After the first paint has settled (the network quiet), not on the critical path. */
export const WARM_UP_DELAY_MS = 3000;

/**
 * Loads what a form will need (validation, the offline outbox, the date picker, toasts) while the
 * guest is still online: a few seconds after the page has settled, or at once when `warm()` runs
 * (the form's first focus). A guest whose signal drops later can still pick a date, see a message
 * and have the submission queued, even on a first visit before the service worker controls the page.
 * `ready` turns true once everything is in (forms expose it as data-ready-offline).
 */
export function useWarmUp(loaders: ReadonlyArray<() => Promise<unknown>>): { warm: () => void; ready: boolean } {
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  const warm = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all(loaders.map((load) => load())).then(
      () => setReady(true),
      () => {
        started.current = false; // offline or a failed fetch: try again on the next focus
      },
    );
  }, [loaders]);
  useEffect(() => {
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(warm);
    }, WARM_UP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [warm]);
  return { warm, ready };
}
