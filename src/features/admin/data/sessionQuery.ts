/**
 * The dashboard's first requests: the session (refreshed when close to expiry) and the admin
 * role, and for the reservations view the counts and the list's first page, asked for while the
 * role is checked. The check is a query of the staff client: started as soon as the dashboard's
 * code has loaded (startDashboard), taken over by the dashboard's first mount.
 */
import { queryOptions } from '@tanstack/react-query';
import { currentUser, hasAdminRole, refreshSession, refreshSessionIfNeeded, type StaffUser } from '../session';
import { hasCopyFor, isNoAnswer } from '../sync';
import { isDeviceSignedOut } from '../device';
import { SESSION_KEY, staffQueryClient } from './queryClient';
import { KEPT_MS, prefetchFirstScreen } from './reservationQueries';

export const DASHBOARD_PATH = '/admin/dashboard';
/** How long the first screen waits for the prefetched counts and list before it renders without them. */
const FIRST_SCREEN_WAIT_MS = 1000;

export type SessionCheck = { kind: 'signed-out' } | { kind: 'not-admin' } | { kind: 'admin'; user: StaffUser };

/**
 * The admin role, asked of the server; offline (no answer at all), a session that exists keeps
 * working until it expires when this tablet holds that account's synced copy: the role was
 * checked when the copy was filled, and the server checks it again on every change it receives.
 */
export async function adminRole(userId: string): Promise<boolean> {
  try {
    return await hasAdminRole(userId);
  } catch (error) {
    if (isNoAnswer(error) && (await hasCopyFor(userId))) return true;
    throw error;
  }
}

/**
 * Resolves once the role is known and, for an admin, once the first screen's data is in or
 * FIRST_SCREEN_WAIT_MS have passed: the data is usually a moment behind, and the first screen
 * then renders, lays out and paints once, complete, instead of empty first and again after.
 */
async function checkSession(): Promise<SessionCheck> {
  const firstScreen = new URLSearchParams(window.location.search).has('view') ? null : prefetchFirstScreen(staffQueryClient, FIRST_SCREEN_WAIT_MS);
  await refreshSessionIfNeeded();
  const user = currentUser();
  if (!user) return { kind: 'signed-out' };
  let admin: boolean;
  try {
    admin = await adminRole(user.id);
  } catch (error) {
    // This device's session was ended (by an owner): the answer has signed it out and wiped the copy.
    if (isDeviceSignedOut(error)) return { kind: 'signed-out' };
    throw error;
  }
  if (!admin) {
    // A token ended elsewhere (a password reset, "sign out everywhere") reads no role either: that
    // tablet is signed out and goes to the login, not told it lacks the admin role.
    await refreshSession();
    return currentUser() ? { kind: 'not-admin' } : { kind: 'signed-out' };
  }
  await firstScreen;
  return { kind: 'admin', user };
}

/** The check for the account signed in now; an answer is reused for KEPT_MS by the first mount. */
export const sessionQuery = (userId: string) =>
  queryOptions({ queryKey: [...SESSION_KEY, userId] as const, queryFn: checkSession, staleTime: KEPT_MS, gcTime: KEPT_MS });

/**
 * Starts the session check (and the first data) as soon as the dashboard's code has loaded on a
 * visit to the dashboard, before React renders it: the route waits in a Suspense fallback while
 * its code loads, and React holds the page after a fallback for up to 300 ms. The route module
 * calls it; the dashboard's first mount takes the check over (a later mount checks again), and
 * renders the dashboard at once when the check has already answered.
 */
export function startDashboard(): void {
  const user = typeof window === 'undefined' || window.location.pathname !== DASHBOARD_PATH ? null : currentUser();
  if (user) void staffQueryClient.prefetchQuery(sessionQuery(user.id));
}
