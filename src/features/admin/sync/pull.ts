/**
 * Filling and catching up the local copy: the whole window at sign-in (no cursor yet, or the venue
 * night moved on, which brings a new night into the window), else a delta by the cursor after any
 * gap (reconnect, wake, reload, a change of the realtime subscription set). One pull at a time.
 */
import { serialFlight } from '../../../lib/serialFlight';
import { isOnline } from '../../outbox';
import { isNoAnswer, noteContact, noteNoAnswer } from './contact';
import { currentEpoch, readMeta } from './db';
import { isSessionEnded, pullFromServer } from './http';
import { applyPull } from './store';
import { syncWindow } from './syncWindow';
import type { SyncWindow } from './types';
import { sessionEnded } from './wipe';

async function pullOnce(): Promise<void> {
  if (!isOnline()) return;
  const epoch = currentEpoch();
  const [cursor, window] = await Promise.all([readMeta<string>('cursor'), readMeta<SyncWindow>('window')]);
  const sameNight = window?.from === syncWindow().from;
  try {
    const answer = await pullFromServer(cursor && sameNight ? cursor : undefined);
    if (await applyPull(answer, epoch)) await noteContact();
  } catch (error) {
    if (isSessionEnded(error)) return sessionEnded();
    if (isNoAnswer(error)) await noteNoAnswer();
    console.warn('[staff sync] pull failed, will retry', error);
  }
}

export const pullChanges = serialFlight(pullOnce);
