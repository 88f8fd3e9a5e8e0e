import { client, type Venue } from './api-fixtures';
import { receiverInbox } from './staff-sign-in.mjs';

/**
 * The owner asks for a code and restores `name` through the staff area's route, as the Restore
 * panel does (both factors again); resolves on the 202, when the restore's gate is already closed.
 */
export async function ownerRestores(v: Venue, owner: { email: string; password: string }, name: string): Promise<void> {
  const signedIn = await v.signIn(owner.email, owner.password);
  const inbox = receiverInbox(v.smtp!);
  const before = inbox.count(owner.email);
  const { otpId } = await client(v.url).collection('users').requestOTP(owner.email);
  const code = await inbox.code(owner.email, before);
  await signedIn.send('/api/venue/backups/restore', { method: 'POST', body: { name, password: owner.password, otpId, code } });
}
