// The staff tablet's offline figures for the dashboard benchmark (issue 25); a helper of
// scripts/bench/dashboard.mjs, not a scenario. Per run, in one fresh browser context with the real
// service worker (as a staff tablet):
//   - initial fill: the first open of /admin/dashboard after sign-in, with an empty IndexedDB,
//     from navigation until the copy of the 15-night window is stored (the IndexedDB transaction
//     that writes the pull's cursor has committed) and tonight's list is painted with every row;
//   - offline open: the staff app cached by the service worker, the browser's HTTP cache cleared
//     and the network cut (context.setOffline), a reload: navigation → tonight's list painted;
//   - replay: 200 status changes made offline on tonight's list (clicks, unmeasured), then back
//     online until the tablet's queue is empty; the server's staff_changes then hold all 200.
// The measured phases run with the same CPU throttling as the online figure.
import { execFileSync } from 'node:child_process';

export const REPLAYED = 200;
const STAFF_APP_CACHE_PREFIX = 'staff-app-';
const TONIGHT_ROWS = '[data-testid="tonight-list"] li[data-status]';
/**
 * The statuses the offline clicks cycle through, with the button that sets each: Arrived, then
 * Arrived again, which puts the party back to expected (No-show and Cancelled ask first).
 */
const CYCLE = [
  ['arrived', 'Arrived'],
  ['confirmed', 'Arrived'],
];

const sql = (db, query) => JSON.parse(execFileSync('sqlite3', ['-json', db, query], { encoding: 'utf8' }) || '[]');

/**
 * Tonight's seats at the room's most (capacity rows are staff's to set), so that putting a guest
 * back to confirmed passes the capacity check whatever the seeded parties add up to; and the
 * counts the runs check against.
 */
export function prepareNight(db, tonight, windowTo) {
  execFileSync('sqlite3', [db], {
    input: `PRAGMA busy_timeout = 10000; INSERT OR REPLACE INTO capacity (id, date, seats, note, created, updated) VALUES ('benchcapacity01', '${tonight}', 1000, '', strftime('%Y-%m-%d %H:%M:%fZ'), strftime('%Y-%m-%d %H:%M:%fZ'));`,
  });
  const [{ rows }] = sql(db, `SELECT COUNT(*) AS rows FROM reservations WHERE event_date = '${tonight}'`);
  const [{ inWindow }] = sql(db, `SELECT COUNT(*) AS inWindow FROM reservations WHERE event_date BETWEEN '${tonight}' AND '${windowTo}'`);
  return { tonightRows: rows, windowRows: inWindow };
}

const appliedChanges = (db) => sql(db, `SELECT COUNT(*) AS n FROM staff_changes WHERE outcome = 'applied'`)[0].n;

/**
 * In the page, on every navigation: when tonight's list holds all `want` rows (in the DOM, then
 * painted: a task queued from that frame's animation callback runs after its paint), and when the
 * transaction that stores the pull's cursor commits (the copy is filled).
 */
function pageProbes(want) {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    if (this.name === 'meta' && value && value.key === 'cursor') this.transaction.addEventListener('complete', () => (window.__filledAt ??= performance.now()));
    return put.call(this, value, key);
  };
  const observer = new MutationObserver(() => {
    if (window.__listInDomAt || document.querySelectorAll('[data-testid="tonight-list"] li[data-status]').length !== want) return;
    window.__listInDomAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__listAt = performance.now();
        window.__benchTonightShown?.(String(window.__listAt));
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** Where the fill's time goes (ms from navigation), for BENCH_DEBUG. */
function fillPhases() {
  const nav = performance.getEntriesByType('navigation')[0];
  const api = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/'));
  const pull = api.find((e) => new URL(e.name).pathname === '/api/admin/sync');
  const scripts = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
  const f = (n) => (n === undefined ? '?' : n.toFixed(0));
  return `html ${f(nav?.responseEnd)} → last script ${f(Math.max(...scripts.map((e) => e.responseEnd)))} → first API ${f(Math.min(...api.map((e) => e.startTime)))} → pull sent ${f(pull?.startTime)} → answered ${f(pull?.responseEnd)} (${pull?.encodedBodySize} B) → copy stored ${f(window.__filledAt)} → list in DOM ${f(window.__listInDomAt)} → painted ${f(window.__listAt)}; API calls before it: ${api.filter((e) => e.startTime < window.__listAt).map((e) => `${new URL(e.name).pathname.replace('/api/', '')} ${f(e.startTime)}+${f(e.duration)}`).join(', ')}`;
}

/** Counts of the tablet's queue, read straight from IndexedDB (no Dexie in the bench). */
function queueCounts() {
  return new Promise((resolve) => {
    const open = indexedDB.open('staff-sync');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('changes')) return resolve({ pending: -1, notApplied: -1 }), db.close();
      const all = db.transaction('changes').objectStore('changes').getAll();
      all.onsuccess = () => {
        const rows = all.result;
        db.close();
        resolve({ pending: rows.filter((r) => r.state === 'pending').length, notApplied: rows.filter((r) => r.state === 'not_applied').length });
      };
    };
    open.onerror = () => resolve({ pending: -1, notApplied: -1 });
  });
}

/** Makes `count` status changes on tonight's list (offline, unthrottled): passes through CYCLE. */
async function changeStatuses(page, count) {
  let made = 0;
  for (let pass = 0; made < count; pass++) {
    const [status, label] = CYCLE[pass % CYCLE.length];
    const { clicked, atTarget } = await page.evaluate(
      ({ rowsSelector, status, label, max }) => {
        const rows = [...document.querySelectorAll(rowsSelector)];
        const atTarget = rows.filter((li) => li.dataset.status === status).length;
        let clicked = 0;
        for (const li of rows) {
          if (clicked >= max || li.dataset.status === status) continue;
          [...li.querySelectorAll('button')].find((b) => b.textContent.trim() === label).click();
          clicked++;
        }
        return { clicked, atTarget };
      },
      { rowsSelector: TONIGHT_ROWS, status, label, max: count - made },
    );
    made += clicked;
    // Each row shows its change before the next pass reads the row's status as the change's base.
    await page.waitForFunction(({ sel, status, want }) => document.querySelectorAll(`${sel}[data-status="${status}"]`).length >= want, { sel: TONIGHT_ROWS, status, want: atTarget + clicked }, { timeout: 60_000 });
    while ((await page.evaluate(queueCounts)).pending < made) await new Promise((r) => setTimeout(r, 100));
  }
  return made;
}

/** BENCH_PROFILE=1: a CPU profile of a measured phase, its top functions by self time. */
async function profiled(cdp, label, work) {
  if (!process.env.BENCH_PROFILE) return work();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  const byName = new Map();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`profile of ${label} (self ms):\n${top.map(([k, ms]) => `  ${ms.toFixed(0).padStart(6)} ${k}`).join('\n')}`);
  return result;
}

const network = (cdp, online) => cdp.send('Network.emulateNetworkConditions', { offline: !online, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

/** A list painted report through a DevTools binding (no script of Playwright's in the measured page). */
function listReports(cdp) {
  let reported = () => undefined;
  cdp.on('Runtime.bindingCalled', (e) => e.name === '__benchTonightShown' && reported(Number(e.payload)));
  return () => new Promise((resolve) => (reported = resolve));
}

/** One run: fill, offline open, replay. Returns the three figures in ms (Infinity on a timeout). */
export async function offlineRun({ browser, url, session, db, tonightRows, throttle, limit, timeoutMs }) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'allow', reducedMotion: 'reduce' });
  try {
    await context.addInitScript(pageProbes, tonightRows);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: '__benchTonightShown' });
    const listShown = listReports(cdp);

    // The tablet before sign-in: the site and its service worker installed, no staff data.
    await page.goto(`${url}/admin/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
    await page.evaluate((stored) => {
      localStorage.setItem('pocketbase_auth', stored);
      localStorage.setItem('staff-device-name', 'Bench tablet'); // named before: no "Name this device" dialog
    }, session);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const shown = listShown();
    const listAt = await profiled(cdp, 'the fill', async () => {
      await page.goto(`${url}/admin/dashboard`, { waitUntil: 'commit' });
      return limit(shown, timeoutMs, Infinity);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForFunction(() => window.__filledAt !== undefined, null, { timeout: timeoutMs });
    const fill = Math.max(listAt, await page.evaluate(() => window.__filledAt));
    if (process.env.BENCH_DEBUG) console.log('fill:', await page.evaluate(fillPhases));

    // The staff app is kept by the service worker after sign-in: wait until its cache is filled.
    await page.waitForFunction(
      async (prefix) => {
        for (const name of await caches.keys()) if (name.startsWith(prefix) && (await (await caches.open(name)).keys()).length > 0) return true;
        return false;
      },
      STAFF_APP_CACHE_PREFIX,
      { timeout: 60_000, polling: 250 },
    );
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const shownOffline = listShown();
    await page.goto(`${url}/admin/dashboard`, { waitUntil: 'commit' });
    const offlineOpen = await limit(shownOffline, timeoutMs, Infinity);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Playwright's offline emulation does not reach a document loaded while offline (its
    // navigator.onLine stays true, and no 'online' event would come): the tablet's own network
    // state, as a real one sees its wifi drop and return, is set on the page's target directly.
    await network(cdp, false);
    if (process.env.BENCH_DEBUG) console.log('navigator.onLine after the offline reload:', await page.evaluate(() => navigator.onLine));
    const made = await changeStatuses(page, REPLAYED);
    const before = appliedChanges(db);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const onlineAt = process.env.BENCH_DEBUG ? await page.evaluate(() => performance.now()) : 0;
    const t0 = Date.now();
    await context.setOffline(false);
    await network(cdp, true);
    const counts = await profiled(cdp, 'the replay', async () => {
      let now;
      do {
        await new Promise((r) => setTimeout(r, 100));
        now = await page.evaluate(queueCounts);
      } while (now.pending > 0 && Date.now() - t0 < timeoutMs);
      return now;
    });
    const replay = counts.pending === 0 ? Date.now() - t0 : Infinity;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const applied = appliedChanges(db) - before;
    if (process.env.BENCH_DEBUG) {
      const entries = await page.evaluate(
        (from) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/') && e.startTime >= from)
            .map((e) => `${(e.startTime - from).toFixed(0).padStart(7)} +${e.duration.toFixed(0).padStart(5)} ms ${String(e.transferSize).padStart(8)} B ${e.name.replace(location.origin, '').slice(0, 80)}`),
        onlineAt,
      );
      console.log(`replay, ms from back online:\n${entries.join('\n')}\n  queue empty seen at ${Date.now() - t0} ms`);
    }
    return { fill, offlineOpen, replay, made, applied, notApplied: counts.notApplied };
  } finally {
    await limit(context.close(), 30_000, undefined);
  }
}
