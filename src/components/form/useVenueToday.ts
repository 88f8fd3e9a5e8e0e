import { useSyncExternalStore } from 'react';
import { venueToday } from '../../lib/venueTime';

const subscribeNothing = () => () => undefined;
const serverToday = (): string | null => null;

/**
 * The venue's today (yyyy-MM-dd in New York), read on the client only: null while prerendering
 * and hydrating, so the HTML never disagrees with the browser's date; date fields wait for it.
 */
export function useVenueToday(): string | null {
  return useSyncExternalStore(subscribeNothing, venueToday, serverToday);
}
