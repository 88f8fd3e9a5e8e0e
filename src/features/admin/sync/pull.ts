/**
 * Filling and catching up the local copy: the whole window at sign-in (no cursor yet, or the venue
 * night moved on, which brings a new night into the window), else a delta by the cursor after any
 * gap (reconnect, wake, reload, a change of the realtime subscription set). One pull at a time.
 *
 * After a restore of a backup on the server (its data generation changed) the server answers the
 * whole window whatever the cursor: the copy becomes the restored data, and the changes still
 * queued here are sent again by the usual rules (a change the server answered 503 during the
 * restore is still queued).
 */
import { serialFlight } from '../../../lib/serialFlight';
import { isOnline } from '../../outbox';
import { isNoAnswer, noteContact, noteNoAnswer } from './contact';
import { currentEpoch, readMeta } from './db';
import { isSessionEnded, pullFromServer } from './http';
import { flushChanges } from './queue';
import { applyPull } from './store';
import { syncWindow } from './syncWindow';
import type { SyncWindow } from './types';
import { sessionEnded } from './wipe';

async function pullOnce(): Promise<void> {
  if (!isOnline()) return;
  const epoch = currentEpoch();
  const [cursor, window, generation] = await Promise.all([
    readMeta<string>('cursor'),
    readMeta<SyncWindow>('window'),
    readMeta<number>('generation'),
  ]);
  const sameNight = window?.from === syncWindow().from;
  try {
    const answer = await pullFromServer(cursor && sameNight ? cursor : undefined, generation);
    if (!(await applyPull(answer, epoch))) return;
    await noteContact();
    if (generation !== undefined && answer.generation !== undefined && answer.generation !== generation) void flushChanges();
  } catch (error) {
    if (isSessionEnded(error)) return sessionEnded();
    if (isNoAnswer(error)) await noteNoAnswer();
    console.warn('[staff sync] pull failed, will retry', error);
  }
}

export const pullChanges = serialFlight(pullOnce);
