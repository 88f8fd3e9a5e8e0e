/**
 * A walk-in staff add at the door (the form, or "Seat now" on the waitlist): stored on the tablet
 * and queued at once, then a toast that tells the truth about it: "Walk-in added" only once the
 * server took it, "Saved, will be sent" when it waits on this tablet (offline, or no answer yet),
 * and the server's refusal in its own words for staff (e.g. no seats left, with the holds).
 */
import { notify } from '../../../components/toast';
import { TOAST_TITLES } from '../../../lib/rules/limits';
import { recordChange } from '../sync';
import { changeOutcome, type ChangeOutcome } from './changeOutcome';
import { walkInChange, type WalkIn } from './tonightChanges';

export const WALK_IN_TOASTS = {
  added: 'Walk-in added',
  saved: 'Saved, will be sent',
  savedDetail: 'Stored on this tablet: it is sent when the connection is back.',
  refused: 'Walk-in not added',
  refusedDetail: 'The server did not take it: see Not applied.',
  notStored: 'This tablet could not store the walk-in',
} as const;

/** Queues the walk-in; resolves with what became of it (null when the tablet could not store it). */
export async function addWalkIn(walkIn: WalkIn, tonight: string): Promise<ChangeOutcome | null> {
  const who = `${walkIn.name.trim()}, party of ${walkIn.party_size}`;
  let stored;
  try {
    stored = await recordChange(walkInChange(walkIn, tonight));
  } catch (error) {
    console.error('Walk-in not stored', error);
    notify.error(TOAST_TITLES.error, WALK_IN_TOASTS.notStored);
    return null;
  }
  const outcome = await changeOutcome(stored);
  if (outcome.kind === 'applied') notify.success(WALK_IN_TOASTS.added, who);
  else if (outcome.kind === 'queued') notify.info(WALK_IN_TOASTS.saved, `${who}. ${WALK_IN_TOASTS.savedDetail}`);
  else notify.error(WALK_IN_TOASTS.refused, `${who}. ${outcome.message || WALK_IN_TOASTS.refusedDetail}`);
  return outcome;
}
