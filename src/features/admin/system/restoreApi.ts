/**
 * The owner's backup routes (server/backups/routes.go) over the signed-in staff session, and the
 * emailed code (PocketBase's request-otp, mailed through the outbox like the sign-in code).
 * RestorePanel takes these as a prop so its test can answer for the server.
 */
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/api/client';
import { BACKUP_MESSAGES } from '../../../lib/rules/backups';

export interface BackupFile {
  name: string;
  size: number;
  /** ISO time the backup was written. */
  modified: string;
}

export interface BackupList {
  backups: BackupFile[];
  restoring: boolean;
  schedule: { zone: string; hour: number; minute: number; keep: number };
}

export interface SinceBackup {
  bookings: number;
  mailed: number;
}

export interface RestoreRequest {
  name: string;
  password: string;
  otpId: string;
  code: string;
}

export interface RestoreApi {
  list(): Promise<BackupList>;
  since(name: string): Promise<SinceBackup>;
  /** Mails a fresh code to the owner; resolves with its id. */
  requestCode(email: string): Promise<string>;
  restore(request: RestoreRequest): Promise<void>;
}

export const restoreApi: RestoreApi = {
  list: () => pb.send<BackupList>('/api/venue/backups', { requestKey: null }),
  since: (name) => pb.send<SinceBackup>('/api/venue/backups/since', { query: { name }, requestKey: null }),
  requestCode: async (email) => (await pb.collection('users').requestOTP(email, { requestKey: null })).otpId,
  restore: async (request) => {
    await pb.send('/api/venue/backups/restore', { method: 'POST', body: request, requestKey: null });
  },
};

/** The server's sentence for a refused call (its rules' words), or '' when it gave none. */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ClientResponseError)) return '';
  const message = error.response?.message;
  return typeof message === 'string' ? message : '';
}

/** Which field a refusal of the restore is about, so its message shows under that field. */
export function refusalField(error: unknown): 'password' | 'code' | 'form' {
  const message = serverMessage(error);
  if (message === BACKUP_MESSAGES.wrongPassword) return 'password';
  if (message === BACKUP_MESSAGES.wrongCode) return 'code';
  return 'form';
}
