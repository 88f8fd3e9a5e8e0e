/**
 * Staff sign-in (SPEC §4 "Admin sign-in", §6, §7 "Admin data").
 *
 * The PocketBase SDK keeps the session (token + user) in localStorage ('pocketbase_auth') and
 * shares it between tabs. Tokens last 7 days (PocketBase's default for `users`); while the
 * dashboard is open the session is refreshed when it gets within a day of expiry, so a staff
 * tablet that is used every few days stays signed in. Sign-out clears it everywhere.
 */
import { useEffect } from 'react';
import { ClientResponseError, getTokenPayload } from 'pocketbase';
import { pb } from '../../lib/api/client';
import { FAILURE_MESSAGES } from '../../lib/rules/limits';
import { forgetStaffApp, keepStaffApp } from '../../lib/staffAppCache';
import { installStaffDevice, signOutOnServer, SIGN_OUT_PATH } from './device';

/** How often the open dashboard checks the session's expiry. */
export const SESSION_TICK_MS = 60_000;
/** Refresh when the token expires within this many seconds. */
export const REFRESH_THRESHOLD_S = 24 * 60 * 60;

export interface StaffUser {
  id: string;
  email: string;
}

/** The signed-in `users` account with an unexpired token, or null. */
export function currentUser(): StaffUser | null {
  const record = pb.authStore.record;
  if (!pb.authStore.isValid || !record || record.collectionName !== 'users') return null;
  return { id: record.id, email: String(record.email ?? '') };
}

export type StaffRole = 'admin' | 'owner';

/** True when the account has a user_roles row with that role (readable only by its owner). */
export async function hasRole(userId: string, role: StaffRole): Promise<boolean> {
  try {
    await pb
      .collection('user_roles')
      .getFirstListItem(pb.filter('user_id = {:id} && role = {:role}', { id: userId, role }), { requestKey: null });
    return true;
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 404) return false;
    throw error;
  }
}

/** True when the account has a user_roles row with role admin. */
export const hasAdminRole = (userId: string): Promise<boolean> => hasRole(userId, 'admin');

/** Creates an account only: admin rights are granted separately (npm run admin:grant -- EMAIL). */
export async function signUp(email: string, password: string): Promise<void> {
  await pb.collection('users').create({ email, password, passwordConfirm: password }, { requestKey: null });
}

/**
 * Signs out and deletes what this device kept for staff: the copy of the nights (guests' personal
 * data, the change queue) and the staff app's files (useStaffAppOnDevice). The server ends this
 * tablet's session too (told later when offline), unless it is the one that ended it (`ended`).
 */
export function signOut({ ended = false }: { ended?: boolean } = {}): void {
  const token = pb.authStore.token;
  pb.authStore.clear();
  if (token && !ended) signOutOnServer(pb.buildURL(SIGN_OUT_PATH), token);
  void forgetStaffApp();
  // Loaded on demand (no Dexie on the login page). Offline that load can fail (its chunk is not in
  // memory and the staff app's files are being forgotten): the dashboard's wipeOnSignOut wipes the
  // copy as the session clears all the same, so a failure here is no page error.
  void import('./sync/wipe')
    .then((m) => m.wipeStaffCopy())
    .catch((error: unknown) => console.warn('[staff] sign-out: the wipe code could not load; the dashboard wipes the copy', error));
}

// Staff requests name this tablet; a session the server ended here signs out and wipes (issue 32).
installStaffDevice(pb, () => signOut({ ended: true }));

/** Seconds until the current token expires (negative when expired, null without a token). */
export function secondsToExpiry(token: string, nowMs: number = Date.now()): number | null {
  if (!token) return null;
  const exp = Number(getTokenPayload(token).exp);
  if (!Number.isFinite(exp) || exp <= 0) return null;
  return exp - Math.floor(nowMs / 1000);
}

export function needsRefresh(token: string, nowMs: number = Date.now(), thresholdS = REFRESH_THRESHOLD_S): boolean {
  const left = secondsToExpiry(token, nowMs);
  return left !== null && left > 0 && left < thresholdS;
}

let refreshing: Promise<void> | null = null;

/**
 * Refreshes the session when it is close to expiry (one refresh at a time). A rejected token
 * (401/403/404: account deleted, password changed) signs out; network errors are transient.
 */
export function refreshSessionIfNeeded(nowMs: number = Date.now()): Promise<void> {
  if (!currentUser() || !needsRefresh(pb.authStore.token, nowMs)) return Promise.resolve();
  return refreshSession();
}

/**
 * Refreshes the session now (one refresh at a time): a token ended elsewhere (a password reset,
 * "sign out everywhere") signs this tablet out, as refreshSessionIfNeeded does near expiry.
 */
export function refreshSession(): Promise<void> {
  if (!currentUser()) return Promise.resolve();
  refreshing ??= pb
    .collection('users')
    .authRefresh({ requestKey: null })
    .then(() => undefined)
    .catch((error: unknown) => {
      if (error instanceof ClientResponseError && [401, 403, 404].includes(error.status)) {
        pb.authStore.clear();
      } else {
        console.warn('Session refresh failed (transient, will retry)', error);
      }
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Keeps the session fresh while mounted: on mount, every tick and when the tablet wakes up. */
export function useSessionRefresh(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => void refreshSessionIfNeeded();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = window.setInterval(check, SESSION_TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
}

/**
 * How long to wait before asking the worker again after a fill that failed, by attempt (the last
 * repeats): a flaky venue wifi can fail one of the files, and the tablet must still end up able to
 * reload offline without waiting for the connection to drop and return.
 */
export const STAFF_APP_RETRY_MS = [2_000, 5_000, 15_000, 60_000] as const;

/**
 * Keeps the staff app (every dashboard view's code and the app shell) on this device while staff
 * are signed in, so the dashboard reloads offline: asks the service worker to cache it, again
 * after a while if it could not (STAFF_APP_RETRY_MS) and at once when the connection returns.
 * Deletes it when the session is cleared in any way (sign out here or in another tab, "sign out
 * everywhere" reaching this device, a rejected refresh).
 */
export function useStaffAppOnDevice(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let kept = false;
    let ended = false;
    let failures = 0;
    let retry: number | undefined;
    const keep = () => {
      window.clearTimeout(retry);
      if (kept || ended || !pb.authStore.isValid) return;
      void keepStaffApp().then((ok) => {
        kept ||= ok;
        if (kept || ended) return;
        window.clearTimeout(retry);
        retry = window.setTimeout(keep, STAFF_APP_RETRY_MS[Math.min(failures++, STAFF_APP_RETRY_MS.length - 1)]);
      });
    };
    keep();
    window.addEventListener('online', keep);
    const stop = pb.authStore.onChange((token) => {
      if (!token) void forgetStaffApp();
    });
    return () => {
      ended = true;
      window.clearTimeout(retry);
      window.removeEventListener('online', keep);
      stop();
    };
  }, [signedIn]);
}

/** Calls back when the session is cleared (sign-out here or in another tab, or a rejected refresh). */
export function useSignedOutListener(onSignedOut: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    return pb.authStore.onChange((token) => {
      if (!token) onSignedOut();
    });
  }, [enabled, onSignedOut]);
}

/**
 * The message for a failed auth call (SPEC §8): the provider's own message for answers from the
 * server (with the field it concerns, e.g. "Password: Must be at least 8 character(s)."), else
 * 'An unexpected error occurred'.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ClientResponseError && error.status > 0 && !error.isAbort) {
    const data = (error.response?.data ?? {}) as Record<string, { message?: unknown } | undefined>;
    for (const [field, value] of Object.entries(data)) {
      if (value && typeof value.message === 'string' && value.message) {
        return `${field.charAt(0).toUpperCase()}${field.slice(1).replace(/_/g, ' ')}: ${value.message}`;
      }
    }
    const message = typeof error.response?.message === 'string' ? error.response.message : error.message;
    if (message) return message;
  }
  return FAILURE_MESSAGES.unexpected;
}
