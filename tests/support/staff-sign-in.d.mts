import type PocketBase from 'pocketbase';
import type { RecordAuthResponse, RecordModel } from 'pocketbase';
import type { SmtpReceiver } from './smtp-receiver';

export interface CodeInbox {
  count(email: string): number;
  code(email: string, index: number, timeoutMs?: number): Promise<string>;
}
export function codeFromSubject(subject: string | undefined): string;
export function signInStaff(pb: PocketBase, email: string, password: string, inbox: CodeInbox): Promise<RecordAuthResponse<RecordModel>>;
export function receiverInbox(receiver: SmtpReceiver): CodeInbox;
export function startCodeInbox(port?: number): Promise<CodeInbox & { port: number; stop: () => Promise<void> }>;
