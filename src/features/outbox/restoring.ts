import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import type { OutboxEntry } from './db';

/**
 * Was the entry's last attempt refused because the venue's server is restoring a backup? The
 * server answers every write 503 with BACKUP_MESSAGES.restoring then (server/backups/gate.go); like
 * any 5xx the outbox keeps the entry and sends it again, and the form says why it waits.
 */
export function isRestoring(entry: Pick<OutboxEntry, 'lastStatus' | 'lastError'> | null | undefined): boolean {
  return entry?.lastStatus === 503 && entry.lastError === BACKUP_MESSAGES.restoring;
}
