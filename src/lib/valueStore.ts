/**
 * One value outside React that components read and follow (useSyncExternalStore): where toasts
 * show, whether a new version is waiting. `set` notifies only on a change.
 */
import { useSyncExternalStore } from 'react';

export interface ValueStore<T> {
  get: () => T;
  set: (next: T) => void;
  /** the current value, re-rendering on each change; `server` while prerendering */
  use: () => T;
}

export function valueStore<T>(initial: T, server: T = initial): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (onChange: () => void) => {
    listeners.add(onChange);
    return () => {
      listeners.delete(onChange);
    };
  };
  const get = () => value;
  return {
    get,
    set(next) {
      if (Object.is(value, next)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => server),
  };
}
