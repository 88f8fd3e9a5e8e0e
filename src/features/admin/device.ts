/**
 * This tablet as the staff tools know it (issue 32 item 2): its own device id (15 chars [a-z0-9],
 * chosen here once and kept in localStorage) and its name ("Door tablet", asked once).
 *
 * Every request the staff pages send carries X-Staff-Device: the sign-in binds the session to this
 * tablet (server/staffsession.go signs that session into the token, so the header itself is not
 * what keeps a thief out). Guest pages never send it, though they share the SDK client: the header
 * goes only from /admin pages. When the server answers that this device's session was ended (401,
 * SESSION_ENDED_CODE) the tablet forgets the session and wipes its copy, at that very request.
 * Signing out here ends this tablet's session on the server too (signOutOnServer).
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import type { SendOptions } from 'pocketbase';
import { isRecordId, newRecordId } from '../../lib/recordId';
import { retrySoon } from '../../lib/retrySoon';
import { isOnline } from '../outbox';
import { SESSION_ENDED_CODE, STAFF_DEVICE_HEADER } from '../../lib/rules/staffAccounts';

export const DEVICE_ID_KEY = 'staff-device-id';
export const DEVICE_NAME_KEY = 'staff-device-name';
export const STAFF_PATH_PREFIX = '/admin';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: the tablet sends no id, and its sign-in binds a server-made one
  }
}

/** This tablet's device id, made and kept on first use. '' when the browser keeps no storage. */
export function deviceId(): string {
  const store = storage();
  if (!store) return '';
  const kept = store.getItem(DEVICE_ID_KEY);
  if (isRecordId(kept)) return kept;
  const made = newRecordId();
  store.setItem(DEVICE_ID_KEY, made);
  return made;
}

/** The name this tablet was given, '' until it was named. */
export function localDeviceName(): string {
  return storage()?.getItem(DEVICE_NAME_KEY) ?? '';
}

export function rememberDeviceName(name: string): void {
  storage()?.setItem(DEVICE_NAME_KEY, name);
}

/** The server's sign-out of this tablet (hooks/lib/devices.ts signOutThisDevice). */
export const SIGN_OUT_PATH = '/api/staff/accounts/this-device/sign-out';
/** Tokens signed out here while the server could not be reached: told at the next chance. */
export const PENDING_SIGN_OUTS_KEY = 'staff-sign-outs-pending';
const PENDING_MAX = 5;

function pendingSignOuts(): string[] {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function keepPending(tokens: string[]): void {
  const store = storage();
  if (!store) return;
  if (tokens.length) store.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(tokens.slice(-PENDING_MAX)));
  else store.removeItem(PENDING_SIGN_OUTS_KEY);
}

/**
 * Ends the session of `token` on the server, so the Staff view stops listing this tablet and the
 * token is refused from now on. Any answer settles it (a 401: it had ended already); without an
 * answer (offline) the token is kept and told again by sendPendingSignOuts. Never throws.
 */
export async function endSessionOnServer(url: string, token: string, send: typeof fetch = fetch): Promise<boolean> {
  try {
    await send(url, { method: 'POST', headers: { Authorization: token }, keepalive: true, credentials: 'omit' });
    keepPending(pendingSignOuts().filter((t) => t !== token));
    return true;
  } catch {
    const pending = pendingSignOuts();
    if (!pending.includes(token)) keepPending([...pending, token]);
    return false;
  }
}

/** Tells the server of the sign-outs it missed. True once none is left to tell. */
export async function sendPendingSignOuts(url: string, send: typeof fetch = fetch): Promise<boolean> {
  for (const token of pendingSignOuts()) {
    if (!(await endSessionOnServer(url, token, send))) return false;
  }
  return true;
}

/** Set by installStaffDevice: tells the pending sign-outs now, and again until they are told. */
let tellPending: () => void = () => undefined;

/**
 * Signing out here: ends `token`'s session on the server now or, with no answer, at start, when the
 * browser is back online, and on its own every few seconds meanwhile (lib/retrySoon): a tablet
 * whose wifi is up but whose way out is down never gets an 'online' event.
 */
export function signOutOnServer(url: string, token: string): void {
  void endSessionOnServer(url, token).then((told) => {
    if (!told) tellPending();
  });
}

function watchPendingSignOuts(url: string): void {
  const retry = retrySoon(() => tellPending());
  tellPending = () =>
    void sendPendingSignOuts(url).then((done) => {
      // Offline as the browser knows it: the 'online' event comes back here, no need to spin.
      if (done || !isOnline()) retry.cancel();
      else retry.later();
    });
  if (pendingSignOuts().length) tellPending();
  window.addEventListener('online', () => tellPending());
}

/** True for the server's answer that this device's staff session is over. */
export function isSessionEndedAnswer(status: number, data: unknown): boolean {
  const code = (data as { data?: { code?: unknown } } | null)?.data?.code;
  return status === 401 && code === SESSION_ENDED_CODE;
}

export function isDeviceSignedOut(error: unknown): boolean {
  return error instanceof ClientResponseError && isSessionEndedAnswer(error.status, error.response);
}

const isStaffPage = () => typeof window !== 'undefined' && window.location.pathname.startsWith(STAFF_PATH_PREFIX);

let installed = false;

/**
 * Adds the device header to the SDK's requests from staff pages, and ends the session here when
 * the server says it was ended (`onEnded`: forget the session, wipe the copy). Once per client.
 */
export function installStaffDevice(client: PocketBase, onEnded: () => void): void {
  if (installed) return;
  installed = true;
  if (typeof window !== 'undefined') watchPendingSignOuts(client.buildURL(SIGN_OUT_PATH));
  const before = client.beforeSend;
  const after = client.afterSend;
  client.beforeSend = async (url, options) => {
    const sent = before ? await before(url, options) : { url, options };
    const id = isStaffPage() ? deviceId() : '';
    if (id) sent.options = { ...sent.options, headers: { ...(sent.options?.headers as Record<string, string> | undefined), [STAFF_DEVICE_HEADER]: id } };
    return sent;
  };
  client.afterSend = ((response: Response, data: unknown, options?: SendOptions) => {
    if (isSessionEndedAnswer(response.status, data) && client.authStore.token) onEnded();
    return after ? after(response, data, options as SendOptions) : data;
  }) as PocketBase['afterSend'];
}
