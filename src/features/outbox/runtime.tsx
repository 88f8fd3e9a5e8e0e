/**
 * The outbox's always-on parts for the app shell, loaded lazily: IndexedDB (Dexie) and the
 * indicator stay out of the first-load bundle and arrive right after the first paint.
 */
import { lazy, Suspense } from 'react';

const Indicator = lazy(() => import('./PendingSubmissionsIndicator').then((m) => ({ default: m.PendingSubmissionsIndicator })));

/** The pending-submissions indicator, for the shell's status slot. */
export function OutboxStatus() {
  return (
    <Suspense fallback={null}>
      <Indicator />
    </Suspense>
  );
}

/** startOutbox() once its module has loaded; returns a stop function usable at any time. */
export function startOutboxLazily(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('./outbox')
    .then((m) => {
      if (!stopped) stop = m.startOutbox();
    })
    .catch((error: unknown) => console.warn('[outbox] could not start', error));
  return () => {
    stopped = true;
    stop?.();
  };
}
