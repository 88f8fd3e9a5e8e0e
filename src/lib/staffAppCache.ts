/**
 * The page's side of the staff app cache (the worker's side: src/sw/staffApp.ts). The signed-in
 * dashboard asks the service worker to keep the staff app on this device; sign-out deletes it.
 */
export const STAFF_APP_CACHE_PREFIX = 'staff-app-';
export const STAFF_APP_MESSAGES = { cache: 'STAFF_APP_CACHE', forget: 'STAFF_APP_FORGET' } as const;

/** The worker's answer: the cache it filled (null for a delete), or why it failed. */
export interface StaffAppReply {
  ok: boolean;
  cache: string | null;
  error?: string;
}

/**
 * How long the page waits for the worker's answer: a worker stopped or replaced mid-fill never
 * answers on the port, and the caller asks again rather than wait forever.
 */
export const STAFF_APP_ANSWER_MS = 30_000;

/** Sends `type` to the active worker and resolves with its answer (null without a worker, or without an answer in time). */
async function ask(type: string): Promise<StaffAppReply | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  // On the first visit the worker may still be installing: wait until one is active.
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const silent = setTimeout(() => resolve(null), STAFF_APP_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<StaffAppReply>) => {
      clearTimeout(silent);
      resolve(event.data);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

/** Asks the worker to cache the staff app (after a staff sign-in); false when it could not. */
export async function keepStaffApp(): Promise<boolean> {
  const reply = await ask(STAFF_APP_MESSAGES.cache).catch(() => null);
  return !!reply?.ok;
}

/**
 * Deletes the staff app from this device. The worker is told first, in the same task as the tap
 * (a message already posted is handled even if the page is closed or reloaded at once after
 * sign-out, when this page's own deletes may never run), then the caches are deleted here too,
 * which also covers a device with no worker. The worker deletes after any fill still running.
 */
export async function forgetStaffApp(): Promise<void> {
  const told = tellWorkerToForget();
  if (typeof caches !== 'undefined') {
    const names = (await caches.keys()).filter((name) => name.startsWith(STAFF_APP_CACHE_PREFIX));
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  await told;
}

function tellWorkerToForget(): Promise<unknown> {
  const controller = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!controller) return ask(STAFF_APP_MESSAGES.forget).catch(() => null);
  controller.postMessage({ type: STAFF_APP_MESSAGES.forget });
  return Promise.resolve();
}
