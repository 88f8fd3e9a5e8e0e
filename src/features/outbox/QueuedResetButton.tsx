import { Button } from '../../components/Button';
import { dismissRejected } from './index';
import type { QueuedView } from './useQueuedSubmission';

/**
 * The panel's way back to an empty form, for a submission saved on this device: after a
 * refusal it also forgets the refused entry ("Try again"), else it starts another.
 */
export function QueuedResetButton({ view, outboxId, hasEntry, onReset }: { view: QueuedView; outboxId: string; hasEntry: boolean; onReset: () => void }) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (view === 'rejected' && hasEntry) void dismissRejected(outboxId);
        onReset();
      }}
    >
      {view === 'rejected' ? 'Try again' : 'Make another reservation'}
    </Button>
  );
}
