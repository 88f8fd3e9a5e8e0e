/**
 * Applying a deploy that the service worker has installed and is holding back (the 'waiting'
 * worker). Used by the update prompt ("Update now") and by the door kiosk, which updates itself
 * between guests.
 */

/** If control has not changed this long after asking, reload anyway (see applyUpdate). */
export const UPDATE_FALLBACK_MS = 4000;
const REQUESTED_KEY = 'tiny-cupboard-update-requested';

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** Whether a new version is installed and waiting to take over. */
export async function isUpdateWaiting(): Promise<boolean> {
  return !!(await registration())?.waiting;
}

/** Asks the server for a newer service worker now (the browser also checks on navigations). */
export async function checkForUpdate(): Promise<void> {
  await (await registration())?.update().catch(() => undefined);
}

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * Activates the waiting version and reloads into it as soon as it controls the page. Should the old
 * worker not let go within UPDATE_FALLBACK_MS, the page reloads anyway and remembers the request,
 * so the reloaded page reloads once more the moment the new worker takes over (resumeUpdate).
 * Either way the guest ends up on the new version; the button never just sits there.
 */
export async function applyUpdate(): Promise<void> {
  const waiting = (await registration())?.waiting;
  if (!waiting) {
    reloadOnce();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
  window.setTimeout(() => {
    try {
      sessionStorage.setItem(REQUESTED_KEY, String(Date.now()));
    } catch {
      // No session storage: the fallback reload alone still lands on the new version soon after.
    }
    reloadOnce();
  }, UPDATE_FALLBACK_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** On start: if the previous page asked for an update and fell back to a reload, finish the job. */
export function resumeUpdate(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let requestedAt = 0;
  try {
    requestedAt = Number(sessionStorage.getItem(REQUESTED_KEY) ?? 0);
    sessionStorage.removeItem(REQUESTED_KEY);
  } catch {
    return;
  }
  if (Date.now() - requestedAt > 60_000) return;
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
}
