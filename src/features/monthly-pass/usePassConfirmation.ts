import { useEffect, useState } from 'react';
import { isOnline, onOutboxEvent, submitThroughOutbox, type SubmitOutcome } from '../outbox';
import { derivePassId } from './passId';
import { peopleLabel, type PassConfirmationBody } from './receipt';

export const PASS_COLLECTION = 'pass_confirmations';

export type PassSendState =
  /** The receipt is incomplete or malformed: nothing is recorded or mailed. */
  | { status: 'not-sent' }
  | { status: 'sending' }
  | { status: 'delivered'; id: string }
  /** Saved on this device; `offline` and `restoring` tell why (no connection, a restore, or the server out of reach). */
  | { status: 'queued'; id: string; offline: boolean; restoring: boolean }
  | { status: 'rejected'; id: string; message: string }
  | { status: 'failed' };

/**
 * One submission per derived id per page session: React's development double effects, a
 * re-render or a second receipt on the page never send twice. Across reloads the server's
 * duplicate-id answer does the same job.
 */
const sent = new Map<string, Promise<SubmitOutcome>>();

export async function recordPassConfirmation(body: PassConfirmationBody): Promise<SubmitOutcome> {
  const id = derivePassId(body);
  let pending = sent.get(id);
  if (!pending) {
    pending = submitThroughOutbox(PASS_COLLECTION, { ...body }, { id, label: `Monthly Pass receipt · ${peopleLabel(body.people)}` });
    sent.set(id, pending);
    // A failure may be retried on the next visit.
    pending.catch(() => sent.delete(id));
  }
  return pending;
}

/** Test hook: forget what this page session has sent. */
export function resetPassConfirmationsForTests(): void {
  sent.clear();
}

function toState(outcome: SubmitOutcome): PassSendState {
  if (outcome.status === 'delivered') return { status: 'delivered', id: outcome.id };
  if (outcome.status === 'queued') return { status: 'queued', id: outcome.id, offline: !isOnline(), restoring: outcome.restoring === true };
  return { status: 'rejected', id: outcome.id, message: outcome.message };
}

/** Records the pass confirmation once (when the receipt is complete) and follows it through the outbox. */
export function usePassConfirmation(body: PassConfirmationBody | null): PassSendState {
  const key = body ? JSON.stringify(body) : '';
  const [result, setResult] = useState<{ key: string; state: PassSendState } | null>(null);

  useEffect(() => {
    if (!key) return;
    const confirmation = JSON.parse(key) as PassConfirmationBody;
    let active = true;
    let stopListening: (() => void) | undefined;
    const update = (state: PassSendState) => {
      if (active) setResult({ key, state });
    };
    recordPassConfirmation(confirmation)
      .then((outcome) => {
        update(toState(outcome));
        if (outcome.status === 'queued' && active) {
          // Follow the saved submission: the outbox sends it when the connection returns.
          stopListening = onOutboxEvent((event) => {
            if (event.type === 'queued' || event.entry.id !== outcome.id) return;
            update(
              event.type === 'delivered'
                ? { status: 'delivered', id: outcome.id }
                : { status: 'rejected', id: outcome.id, message: event.entry.message ?? '' },
            );
          });
        }
      })
      .catch((error: unknown) => {
        console.error('[monthly-pass] could not record the pass confirmation', error);
        update({ status: 'failed' });
      });
    return () => {
      active = false;
      stopListening?.();
    };
  }, [key]);

  if (!key) return { status: 'not-sent' };
  if (!result || result.key !== key) return { status: 'sending' };
  return result.state;
}
