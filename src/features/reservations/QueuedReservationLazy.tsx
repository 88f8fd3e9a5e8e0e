import { Suspense, type ComponentProps } from 'react';
import { lazyWhenOnline } from '../../components/lazyWhenOnline';

// Shown only after a submission was queued: its Dexie-backed view loads then, not with the form.
export const loadQueuedReservation = () => import('./QueuedReservation');
const Queued = lazyWhenOnline(() => loadQueuedReservation().then((m) => ({ default: m.QueuedReservation })));

export function QueuedReservation(props: ComponentProps<typeof Queued>) {
  return (
    <Suspense fallback={<p role="status">Saving your reservation on this device…</p>}>
      <Queued {...props} />
    </Suspense>
  );
}
