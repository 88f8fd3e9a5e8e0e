import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { nearViewport } from '../lib/nearViewport';

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

/** The selector of a part of the page that loads on approach: its root element carries data-part. */
export const partSelector = (part: string) => `[data-part="${part}"]`;

/**
 * A part of a prerendered page (a form, a carousel) that React takes over only when the guest
 * scrolls towards it or reaches into it (nearViewport): until then its prerendered HTML stands as
 * it is, and its code is neither fetched nor run while the page is coming alive. Taps on it in the
 * meantime are replayed by React once it is in. Its root element carries `data-part={part}`; where
 * none is in the page (the route was rendered in the browser), the code loads at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyOnApproach<T extends ComponentType<any>>(part: string, load: () => Promise<{ default: T }>, marginPx?: number): LazyExoticComponent<T> {
  return lazyWhenOnline(() => nearViewport(partSelector(part), marginPx).then(load));
}
