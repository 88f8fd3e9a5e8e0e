/** The outbox's pure helpers, apart from Dexie so forms can use them without loading it. */
import { newRecordId } from '../../lib/recordId';

/** A fresh record id for a queued submission (the one unbiased generator, lib/recordId). */
export const newOutboxId = newRecordId;

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
