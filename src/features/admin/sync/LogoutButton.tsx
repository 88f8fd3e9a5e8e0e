import { Button } from '../../../components/Button';
import { plural } from '../format';
import { useTapTwice } from '../useTapTwice';
import { useQueue } from './hooks';
import { flushChanges } from './queue';

/**
 * Logout, which deletes the tablet's copy and its queue. With changes not sent yet, the first tap
 * tries to send them and says what signing out now would lose; a second tap signs out anyway.
 */
export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const { waiting } = useQueue();
  const [armed, tap] = useTapTwice(onLogout);
  if (waiting === 0 && !armed)
    return (
      <Button variant="secondary" onClick={onLogout} data-waiting={waiting}>
        Logout
      </Button>
    );
  return (
    <Button
      variant={armed ? 'danger' : 'secondary'}
      data-waiting={waiting}
      onClick={() => {
        if (!armed) void flushChanges();
        tap();
      }}
    >
      {armed ? `Tap again to sign out: ${plural(waiting, 'change', 'changes')} not sent will be lost` : 'Logout'}
    </Button>
  );
}
