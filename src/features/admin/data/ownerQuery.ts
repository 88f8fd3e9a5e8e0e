/**
 * Whether the signed-in admin is also an owner (issue 32): owners manage staff and see the
 * activity log and the system's health. Asked of the server (user_roles, readable by its own
 * account) and kept a minute; offline it stays unknown, so owner-only views hide: they read the
 * server live anyway. The server checks the role again on every owner route (hooks/lib/access.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasRole } from '../session';

const OWNER_KEPT_MS = 60_000;

export const ownerQuery = (userId: string) =>
  queryOptions({ queryKey: ['staff', 'owner', userId] as const, queryFn: () => hasRole(userId, 'owner'), staleTime: OWNER_KEPT_MS });

/** True once the server has said this account is an owner. */
export function useIsOwner(userId: string): boolean {
  return useQuery(ownerQuery(userId)).data === true;
}
