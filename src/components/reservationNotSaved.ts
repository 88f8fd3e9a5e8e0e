import { FAILURE_MESSAGES, TOAST_TITLES } from '../lib/rules/limits';
import type { SubmissionResult } from './form';
import { notify } from './toast';

type NotSaved = Extract<SubmissionResult, { kind: 'refused' | 'failed' }>;

/**
 * What a board game night form (the website's and the kiosk's) does when the server did not take
 * the reservation. Refused: the server's messages go on the fields and, for a full night or too
 * big a party, in the toast, and the seats shown are fetched again (they were stale). Failed: the
 * generic toast. `logTag` says in the console which form it was.
 */
export function reportReservationNotSaved(
  result: NotSaved,
  form: { showErrors: (messages: Partial<Record<string, string>>) => void },
  refreshAvailability: () => void,
  logTag: string,
): void {
  if (result.kind === 'failed') {
    notify.error(TOAST_TITLES.error, FAILURE_MESSAGES.reservationCreate);
    return;
  }
  console.error(`[${logTag}] reservation rejected`, result.message, result.fieldErrors);
  const capacity = result.fieldErrors.event_date ?? result.fieldErrors.party_size;
  form.showErrors(result.fieldErrors);
  notify.error(TOAST_TITLES.error, capacity ?? FAILURE_MESSAGES.reservationSave);
  if (capacity) refreshAvailability();
}
