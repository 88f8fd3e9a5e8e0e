/**
 * The outbox's always-on parts for the app shell, kept off the first paint: the pending indicator
 * mounts only once the outbox has loaded (a submission, or entries stored on an earlier visit),
 * and the check for stored entries waits until the page is idle.
 */
import { lazyWhenOnline } from '../../components/lazyWhenOnline';
import { LoadWhen } from '../../components/LoadWhen';
import { whenIdle } from '../../lib/whenIdle';
import { isOutboxLoaded, loadOutboxIfStored, onOutboxLoaded } from './loader';

const Indicator = lazyWhenOnline(() => import('./PendingSubmissionsIndicator').then((m) => ({ default: m.PendingSubmissionsIndicator })));

/** The pending-submissions indicator, for the shell's status slot. */
export function OutboxStatus() {
  return (
    <LoadWhen subscribe={onOutboxLoaded} isOn={isOutboxLoaded}>
      <Indicator />
    </LoadWhen>
  );
}

/** Once the page is idle, loads the outbox if this device holds entries (they are sent then). */
export function startOutboxLazily(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const start = () => void loadOutboxIfStored().catch((error: unknown) => console.warn('[outbox] could not start', error));
  return whenIdle(start);
}
