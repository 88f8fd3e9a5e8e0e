/**
 * Personal data on a shared tablet: the local copy (guests' names, emails, phones, and the queue
 * of changes) is deleted on sign-out, and when the server says the session is over (a 401 from
 * a pull, a push or the session refresh: "sign out everywhere" reached this device).
 */
import { pb } from '../../../lib/api/client';
import { deleteStaffDb } from './db';

export function wipeStaffCopy(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return deleteStaffDb().catch((error: unknown) => console.error('[staff sync] the local copy could not be deleted', error));
}

/** The server ended this session: forget it and the copy (the dashboard goes to the login screen). */
export async function sessionEnded(): Promise<void> {
  pb.authStore.clear();
  await wipeStaffCopy();
}

let watching = false;

/** Wipes the copy whenever the session is cleared: sign-out here or in another tab, a rejected refresh. */
export function wipeOnSignOut(): void {
  if (watching) return;
  watching = true;
  pb.authStore.onChange((token) => {
    if (!token) void wipeStaffCopy();
  });
}
