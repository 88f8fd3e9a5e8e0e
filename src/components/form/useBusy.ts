import { useCallback, useState } from 'react';
import type { SubmissionState } from './useSubmission';

/**
 * The sending state of a form that calls the server itself rather than through the outbox (the
 * staff screens): `run` marks it busy while its work runs, and `state` drives SubmitButton.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  }, []);
  const state: SubmissionState = busy ? 'busy' : 'idle';
  return { busy, state, run };
}
