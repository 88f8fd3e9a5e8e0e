/**
 * The two calls of the sync contract (docs/staff-sync.md), over the signed-in staff
 * session. A 401 or 403 means the session is over or no longer an admin's: the caller wipes the
 * copy and signs out. Status 0 is no network: try again later.
 */
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/api/client';
import type { ChangeResult, ChangeWire, PullAnswer } from './types';

export const PUSH_BATCH_MAX = 200;

/** `generation`: the data generation the copy was pulled under (a restore on the server changes it). */
export function pullFromServer(since: string | undefined, generation?: number): Promise<PullAnswer> {
  const query: Record<string, string> = {};
  if (since) query.since = since;
  if (since && generation !== undefined) query.generation = String(generation);
  return pb.send<PullAnswer>('/api/admin/sync', { query, requestKey: null });
}

export async function pushToServer(changes: ChangeWire[]): Promise<ChangeResult[]> {
  const answer = await pb.send<{ results?: ChangeResult[] }>('/api/admin/changes', {
    method: 'POST',
    body: { changes },
    requestKey: null,
  });
  return Array.isArray(answer?.results) ? answer.results : [];
}

/**
 * The server refused the session: 401, its token no longer counts ("sign out everywhere", a
 * changed password); 403, it is no admin session (the role was taken away, or it did not pass
 * two-factor sign-in). Either way this tablet must not keep the guests' data.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ClientResponseError && (error.status === 401 || error.status === 403);
}
