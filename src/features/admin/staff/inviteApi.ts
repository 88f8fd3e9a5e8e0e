/**
 * The owners' invitations (issue 32; routes in hooks/lib/staff-invites.ts): invite, list the
 * pending ones, cancel one. Failures come back as the server's one sentence.
 */
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/api/client';

export interface PendingInvite {
  id: string;
  email: string;
  /** PocketBase datetime text (UTC): when the link stops working */
  expires: string;
  invited_by: string;
  created: string;
}

export async function listInvites(): Promise<PendingInvite[]> {
  const answer = await pb.send<{ items: PendingInvite[] }>('/api/admin/invites', { method: 'GET', requestKey: null });
  return answer.items;
}

export function sendInvite(email: string): Promise<PendingInvite> {
  return pb.send<PendingInvite>('/api/admin/invites', { method: 'POST', body: { email }, requestKey: null });
}

export function cancelInvite(id: string): Promise<unknown> {
  return pb.send(`/api/admin/invites/${encodeURIComponent(id)}`, { method: 'DELETE', requestKey: null });
}

/** The sentence to show for a failed call: a field's message, the server's, or the connection's. */
export function inviteFailure(error: unknown): string {
  if (!(error instanceof ClientResponseError) || error.status === 0) return 'Could not reach the server. Check the connection and try again.';
  const data = error.response?.data as Record<string, { message?: string }> | undefined;
  return data?.email?.message || String(error.response?.message || '') || 'Something went wrong. Please try again.';
}
