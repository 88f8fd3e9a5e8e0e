/**
 * The staff frame's state line: "Offline since 9:42 PM · 3 changes waiting", "Live · 1 change
 * waiting", "Live". The time is the venue's wall clock (the tablet's own zone may differ).
 */
import { formatVenueClock } from '../../../lib/venueTime';
import { plural } from '../format';

export type FrameState = 'live' | 'connecting' | 'offline';

const LABELS: Record<FrameState, string> = { live: 'Live', connecting: 'Connecting…', offline: 'Offline' };

/**
 * What the frame shows: the browser may say it is online while the sync's calls get no answer
 * (wifi with no way out); then the tablet is offline, since its last contact (sync/contact.ts).
 */
export function frameState(state: FrameState, unreachableSince: number | undefined): FrameState {
  return state === 'connecting' && unreachableSince !== undefined ? 'offline' : state;
}

export function syncStatusText({ state, offlineSince, waiting }: { state: FrameState; offlineSince?: number | undefined; waiting: number }): string {
  const head = state === 'offline' && offlineSince !== undefined ? `Offline since ${formatVenueClock(new Date(offlineSince))}` : LABELS[state];
  return waiting > 0 ? `${head} · ${plural(waiting, 'change', 'changes')} waiting` : head;
}
