import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and on the server), true from the next render on.
 * For the few things the prerendered page cannot know (the visitor's URL on a shared 404 page,
 * today's date): render the build-time version first, so hydration matches, then the live one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
