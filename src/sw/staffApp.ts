/// <reference lib="webworker" />
/**
 * The staff app on a staff device (issue 25): once staff have signed in, the staff pages' code and
 * styles (sign-in and every dashboard view) and the app shell are kept in their own cache,
 * 'staff-app-<build version>', so /admin/dashboard reloads offline. Never in the guests' precache
 * (a guest's phone never downloads staff code: scripts/budget.mjs); filled when the signed-in
 * dashboard asks (STAFF_APP_MESSAGES.cache), deleted on sign-out (STAFF_APP_MESSAGES.forget).
 * A build that changes any staff file has a new version: the worker drops the old cache when it
 * takes over and fills the new one if this device had one, and every fill drops other versions.
 */
import { STAFF_APP } from 'virtual:staff-app';
import { STAFF_APP_CACHE_PREFIX, STAFF_APP_MESSAGES, type StaffAppReply } from '../lib/staffAppCache';

declare let self: ServiceWorkerGlobalScope;

export const STAFF_APP_CACHE = `${STAFF_APP_CACHE_PREFIX}${STAFF_APP.version}`;
const SHELL = '/shell.html';
const urls = STAFF_APP.files.map((file) => new URL(file, self.location.origin).href);
const staffUrls = new Set(urls);

/** Caches of other versions, or every staff cache (`all`). */
async function dropStaffCaches(all: boolean): Promise<number> {
  const names = (await caches.keys()).filter((name) => name.startsWith(STAFF_APP_CACHE_PREFIX) && (all || name !== STAFF_APP_CACHE));
  await Promise.all(names.map((name) => caches.delete(name)));
  return names.length;
}

/** Fetches what the cache lacks, all or nothing (Cache.addAll), and drops other versions. */
async function fill(): Promise<void> {
  const cache = await caches.open(STAFF_APP_CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const missing = urls.filter((url) => !have.has(url));
  if (missing.length > 0) await cache.addAll(missing.map((url) => new Request(url, { cache: 'no-cache' })));
  await dropStaffCaches(false);
}

// One operation at a time, in the order asked: a sign-out's delete never races a fill still
// fetching (which would create the cache again after it).
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** Handles the page's messages; answers on the port the page sent, when it sent one. */
export function handleStaffAppMessage(event: ExtendableMessageEvent): boolean {
  const type = (event.data as { type?: string } | null)?.type;
  const work: (() => Promise<unknown>) | null =
    type === STAFF_APP_MESSAGES.cache ? fill : type === STAFF_APP_MESSAGES.forget ? () => dropStaffCaches(true) : null;
  if (!work) return false;
  const done = inTurn(work).then(
    (): StaffAppReply => ({ ok: true, cache: type === STAFF_APP_MESSAGES.cache ? STAFF_APP_CACHE : null }),
    (error: unknown): StaffAppReply => ({ ok: false, cache: null, error: String(error) }),
  );
  event.waitUntil(done.then((reply) => event.ports[0]?.postMessage(reply)));
  return true;
}

/** On taking over: a device that kept an older staff app gets this build's instead. */
export function replaceOlderStaffApp(): Promise<void> {
  return inTurn(async () => {
    const hadOlder = (await dropStaffCaches(false)) > 0;
    if (hadOlder && !(await caches.has(STAFF_APP_CACHE))) await fill().catch(() => undefined);
  });
}

/** A staff file from the staff cache (the network while this device has none: not signed in). */
export function isStaffAppFile(url: URL): boolean {
  return staffUrls.has(url.href);
}

/**
 * ignoreVary: the server answers 'Vary: Origin, Accept-Encoding', and a module script's request
 * carries an Origin that the worker's own fetch (the fill) did not, so a plain match misses it.
 * The files are content-hashed: one URL, one body, whatever the encoding on the wire was.
 */
const MATCH = { cacheName: STAFF_APP_CACHE, ignoreVary: true };

export async function staffAppResponse(request: Request): Promise<Response> {
  return (await caches.match(request, MATCH)) ?? fetch(request);
}

/** The app shell for an /admin/* navigation, from the staff cache when this device has one. */
export function staffShell(): Promise<Response | undefined> {
  return caches.match(SHELL, MATCH);
}
