import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Resolves at once when online, else when the browser says the connection is back. */
export function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Loads a chunk, and if that fails (the connection dropped before it was fetched), tries again once
 * the browser is back online instead of failing: a lazy component then waits in its Suspense
 * fallback rather than taking the page down with it.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  return load().catch((error: unknown) => {
    if (attempts <= 1) throw error;
    return new Promise<void>((resolve) => setTimeout(resolve, 1000))
      .then(whenOnline)
      .then(() => loadWhenOnline(load, attempts - 1));
  });
}

/** React.lazy over loadWhenOnline, for parts that may first be needed while offline. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadWhenOnline(load));
}
