import { lazy, Suspense, type ComponentProps } from 'react';

// Shown only after a submission was queued: its Dexie-backed view loads then, not with the form.
const Queued = lazy(() => import('./QueuedReservation').then((m) => ({ default: m.QueuedReservation })));

export function QueuedReservation(props: ComponentProps<typeof Queued>) {
  return (
    <Suspense fallback={<p role="status">Saving your reservation on this device…</p>}>
      <Queued {...props} />
    </Suspense>
  );
}
