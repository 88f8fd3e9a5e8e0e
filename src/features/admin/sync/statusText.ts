/**
 * The staff frame's state line: "Offline since 9:42 PM · 3 changes waiting", "Live · 1 change
 * waiting", "Live". The time is the venue's wall clock (the tablet's own zone may differ).
 */
import { formatVenueClock } from '../../../lib/rules/waitlistOffers';
import { plural } from '../format';

export type FrameState = 'live' | 'connecting' | 'offline';

const LABELS: Record<FrameState, string> = { live: 'Live', connecting: 'Connecting…', offline: 'Offline' };

export function syncStatusText({ state, offlineSince, waiting }: { state: FrameState; offlineSince?: number | undefined; waiting: number }): string {
  const head = state === 'offline' && offlineSince !== undefined ? `Offline since ${formatVenueClock(new Date(offlineSince))}` : LABELS[state];
  return waiting > 0 ? `${head} · ${plural(waiting, 'change', 'changes')} waiting` : head;
}
