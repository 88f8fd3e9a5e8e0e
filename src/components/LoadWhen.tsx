import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Renders its lazy children only once `isOn` says they are needed (and never on the server): the
 * shell's parts kept off the first paint, the toasts and the outbox's pending indicator.
 */
export function LoadWhen({ subscribe, isOn, children }: { subscribe: (onChange: () => void) => () => void; isOn: () => boolean; children: ReactNode }) {
  const on = useSyncExternalStore(subscribe, isOn, () => false);
  return on ? <Suspense fallback={null}>{children}</Suspense> : null;
}
