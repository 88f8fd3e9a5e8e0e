import { Button, ButtonLink } from '../../components/Button';
import { notify } from '../../components/toast';
import { TOAST_TITLES } from '../../lib/rules/limits';
import { recordChange, type WaitlistRow } from './sync';
import { addWalkIn } from './tonight/addWalkIn';
import { currentSlot } from './tonight/tonightChanges';
import { useTapTwice } from './useTapTwice';
import styles from './NightWaitlist.module.css';

/** Takes the party out of line (the only waitlist change staff make; a held table goes on to the next). */
function leaveChange(row: WaitlistRow, why: string) {
  return { collection: 'waitlist' as const, op: 'update' as const, record_id: row.id, fields: { status: 'left' }, base: { status: row.status }, label: `${row.name} · ${why}` };
}

async function removeFromLine(row: WaitlistRow, why: string): Promise<void> {
  try {
    await recordChange(leaveChange(row, why));
  } catch (error) {
    console.error('Waitlist change not stored', error);
    notify.error(TOAST_TITLES.error, 'This tablet could not store the change');
  }
}

/**
 * Seat now: the party becomes tonight's walk-in, arrived now (on the seats its offer holds, or
 * seats freed since), and leaves the line once the server took it (or it is saved to send, offline);
 * a refusal leaves it in line and says why. Call: the guest's phone. Remove: a second tap takes it
 * out of line.
 */
export function WaitlistActions({ row, tonight }: { row: WaitlistRow; tonight: string }) {
  const [armed, tap] = useTapTwice(() => void removeFromLine(row, 'removed from the waitlist'));
  const tel = (row.phone ?? '').replace(/[^\d+]/g, '');

  async function seat() {
    const outcome = await addWalkIn({ name: row.name, email: row.email ?? '', phone: row.phone ?? '', party_size: row.party_size, event_time: currentSlot() }, tonight);
    if (outcome && outcome.kind !== 'refused') await removeFromLine(row, 'seated from the waitlist');
  }

  return (
    <div className={styles.actions}>
      <Button size="sm" className={styles.action} onClick={() => void seat()} aria-label={`Seat now ${row.name}`}>
        Seat now
      </Button>
      {tel ? (
        <ButtonLink href={`tel:${tel}`} variant="secondary" size="sm" className={styles.action} aria-label={`Call ${row.name}`}>
          Call
        </ButtonLink>
      ) : null}
      <Button size="sm" variant={armed ? 'danger' : 'ghost'} className={styles.action} onClick={tap} aria-label={`${armed ? 'Tap again to remove' : 'Remove'} ${row.name} from the waitlist`}>
        {armed ? 'Tap again to remove' : 'Remove'}
      </Button>
    </div>
  );
}
