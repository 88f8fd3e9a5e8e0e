/**
 * Backups and restores (issue 32 item 6): the words the Go server answers with (server/backups,
 * which reads BACKUP_MESSAGES from pb_hooks/lib/backend.js when it starts) and the browser shows,
 * written once, here.
 */
export const BACKUP_MESSAGES = {
  /**
   * 503 on every write from the moment a restore is asked for until the restored server is up.
   * Every guest form (a booking, the waitlist, an inquiry, an application, a pass receipt) keeps
   * the submission on the device, shows this sentence and sends it again after the server's
   * Retry-After (src/features/outbox): so it names no form.
   */
  restoring: "The venue's system is restoring a backup for a moment. What you sent is saved on this device and will be sent by itself in a few seconds.",
  signIn: 'Please sign in as the venue’s owner to see and restore backups.',
  notOwner: 'Only the venue’s owner can see and restore backups.',
  badBody: 'Send the backup’s name, your password, the code’s id and the emailed code, each as text.',
  noSuchBackup: 'There is no backup by that name. Reload the list and choose one of it.',
  wrongPassword: 'That password is not right. Type your own password again.',
  wrongCode: 'That code is not right or has expired. Ask for a new code and type the one in the newest email.',
  busy: 'A backup is being made or restored right now. Try again in a minute.',
} as const;

export type BackupMessageKey = keyof typeof BACKUP_MESSAGES;

/** What the restore panel says before the owner confirms: what the restore takes away. */
export function sinceBackupText(bookings: number, mailed: number): string {
  if (bookings === 0) return 'No bookings were made since this backup: restoring it loses none.';
  const made = bookings === 1 ? '1 booking was made' : `${bookings} bookings were made`;
  const guests = mailed === 1 ? '1 guest was' : `${mailed} guests were`;
  return `${made} since this backup, and ${guests} already mailed a confirmation. Restoring it removes those bookings (the guests are not mailed again).`;
}
