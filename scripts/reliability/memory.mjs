// The server's memory through a venue's evening (issue 33 item 2), a scenario of `npm run
// reliability`: on a fresh server, 50 guests book back to back, 2 staff tablets pull and send
// their changes, and 200 guests' pages hold a realtime subscription, for 60 s; then everyone
// leaves. The server's resident memory (VmRSS in /proc/<pid>/status) is sampled every 250 ms:
// idle before the evening, its peak, at the end, 60 s and 180 s after it.
//
// The budget (MEMORY): a peak within 256 MB (a small VPS), and back within 30 MB of idle 60 s
// after the load ends. Counted as for the other scenarios: a booking answered 200 that is not
// stored or whose guest got no confirmation (lost), a guest mailed twice or a staff change
// applied twice (duplicated), a 5xx, a staff change answered other than applied (invalid).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/support/pocketbase.mjs';
import { subscribeRealtime } from '../../tests/support/realtime.mjs';
import { addDays, venueToday } from './dates.mjs';
import { existingIds, newId } from './records.mjs';

export const MEMORY = { peakMb: 256, backWithinMb: 30, settleSeconds: 60, laterSeconds: 180 };
const EVENING = { seconds: 60, guests: 50, tablets: 2, subscribers: 200, sampleMs: 250 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The process's resident set in MB (Linux /proc), or NaN where there is none. */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples `pid`'s RSS every EVENING.sampleMs; `peak()` is the highest since start. */
function sampler(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), EVENING.sampleMs);
  return { peak: () => Math.max(peak, rssMb(pid)), stop: () => clearInterval(timer) };
}

async function call(url, method, route, body, token = '') {
  try {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) };
    const res = await fetch(`${url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: await res.json().catch(() => ({})) };
  } catch {
    return { status: 0, json: {} };
  }
}

function booking(night) {
  const id = newId();
  return { id, name: 'Evening Guest', email: `evening-${id}@example.test`, phone: '(347) 555-0100', party_size: 1, event_name: 'Board Game Night', event_date: night, event_time: '7:30 PM', source: 'web' };
}

/** A guest's device: books until `running()` is false, each booking sent again until the server takes it (as the outbox does). */
async function guest(url, n, running, log) {
  for (let i = 0; running(); i++) {
    const body = booking(addDays(venueToday(), 20 + ((n + i) % 40)));
    for (let tries = 0; ; tries++) {
      const r = await call(url, 'POST', '/api/collections/reservations/records', body);
      if (r.status === 200 || (r.status === 400 && r.json?.data?.id?.code === 'validation_not_unique')) {
        log.acked.push(body);
        break;
      }
      if (r.status >= 500) log.fivexx++;
      if (r.status >= 400 && r.status < 500) {
        log.refused.push(`${r.status} ${r.json?.message}`);
        break;
      }
      if (tries > 50) break;
      await sleep(300);
    }
  }
}

function change(collection, op, recordId, fields, base = {}) {
  return { id: newId(), collection, op, record_id: recordId, fields, base, force: false, made_at: new Date().toISOString() };
}

/**
 * A staff tablet, once a second: a delta pull, then a batch of changes (an arrival of one of
 * tonight's parties, a new task, a task done; every fifth round an event's description, which
 * reaches every guest's subscription). Tablet 1 marks the same parties arrived that tablet 0 did (applied, no conflict).
 */
async function tablet(url, token, n, running, tonight, eventId, log) {
  let since = '';
  for (let round = 0; running(); round++) {
    const pull = await call(url, 'GET', `/api/admin/sync${since ? `?since=${encodeURIComponent(since)}` : ''}`, undefined, token);
    if (pull.status >= 500) log.fivexx++;
    if (pull.status === 200) {
      since = pull.json.cursor;
      log.pulls++;
    }
    const task = newId();
    const batch = [
      change('reservations', 'update', tonight[round % tonight.length], { status: 'arrived' }, { status: 'confirmed' }),
      change('tasks', 'create', task, { title: `Tablet ${n} task ${round}`, category: 'staff_hr', order_index: round, is_completed: false, status: 'unchecked' }),
    ];
    // The events editor writes through the records API: every guest's page hears it.
    if (round % 5 === n) {
      const edited = await call(url, 'PATCH', `/api/collections/events/records/${eventId}`, { description: `Tonight, round ${round} of tablet ${n}.` }, token);
      if (edited.status >= 500) log.fivexx++;
      else if (edited.status !== 200) log.refused.push(`event edit ${edited.status} ${edited.json?.message}`);
      else log.eventEdits++;
    }
    const sent = await call(url, 'POST', '/api/admin/changes', { changes: batch }, token);
    if (sent.status >= 500) log.fivexx++;
    for (const r of sent.json.results || []) log.changes.push(r);
    log.sent += batch.length;
    await call(url, 'POST', '/api/admin/changes', { changes: [change('tasks', 'update', task, { status: 'complete' }, { status: 'unchecked' })] }, token).then((r) => {
      for (const x of r.json.results || []) log.changes.push(x);
      log.sent += 1;
    });
    await sleep(1000);
  }
}

/**
 * Each guest's mails, counted once over everything received: how many in all, and the most copies
 * of any one mail (by its subject). A guest may rightly get two different mails (tonight's
 * parties get the day-of reminder once its hour comes), never the same one twice.
 */
function mailsPerGuest(smtp) {
  const count = new Map();
  const copies = new Map(); // "to\nsubject" → how many
  const mostCopies = new Map();
  for (const m of smtp.mails) {
    count.set(m.to, (count.get(m.to) || 0) + 1);
    const key = `${m.to}\n${m.subject}`;
    copies.set(key, (copies.get(key) || 0) + 1);
    mostCopies.set(m.to, Math.max(mostCopies.get(m.to) || 0, copies.get(key)));
  }
  return { count, mostCopies };
}

/** A fresh server on its own data dir: room on every night, 40 of tonight's parties for the tablets. */
async function freshServer(ctx, { launch, command, superuser, credentials }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'venue-memory-'));
  const port = await freePort();
  const server = await launch(dataDir, port, { ...ctx.env, SITE_URL: `http://127.0.0.1:${port}` });
  server.startedMb = rssMb(server.pid);
  try {
    return { dataDir, server, ...(await prepare(server, dataDir, { command, superuser, credentials })) };
  } catch (error) {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function prepare(server, dataDir, { command, superuser, credentials }) {
  command(dataDir, ['superuser', 'upsert', credentials.email, credentials.password]);
  const su = await superuser(server.url);
  await su.settings.update({ rateLimits: { excludedIPs: ['127.0.0.1'] } });
  const cap = await su.collection('capacity').getFirstListItem('date = "default"');
  await su.collection('capacity').update(cap.id, { seats: 1000 });
  const tonight = [];
  for (let i = 0; i < 40; i++) {
    const body = booking(venueToday());
    const r = await call(server.url, 'POST', '/api/collections/reservations/records', body);
    if (r.status !== 200) throw new Error(`seeding tonight failed: ${JSON.stringify(r.json)}`);
    tonight.push(body);
  }
  const [event] = (await su.collection('events').getList(1, 1, { filter: 'active = true' })).items;
  return { su, tonight, eventId: event.id };
}

/** The evening: guests, tablets and subscribers together for EVENING.seconds, then everyone leaves. */
async function evening(url, token, tonight, eventId, log) {
  let open = true;
  const running = () => open;
  const subscribers = await Promise.all(Array.from({ length: EVENING.subscribers }, () => subscribeRealtime(url, ['events/*'])));
  const staffStreams = await Promise.all(Array.from({ length: EVENING.tablets }, () => subscribeRealtime(url, ['reservations/*', 'tasks/*'], { token })));
  const work = [
    ...Array.from({ length: EVENING.guests }, (_, n) => guest(url, n, running, log)),
    ...Array.from({ length: EVENING.tablets }, (_, n) => tablet(url, token, n, running, tonight, eventId, log)),
  ];
  await sleep(EVENING.seconds * 1000);
  open = false;
  await Promise.all(work);
  const heard = subscribers.reduce((n, s) => n + s.messages.length, 0);
  [...subscribers, ...staffStreams].forEach((s) => s.close());
  return heard;
}

/**
 * `helpers` from scripts/reliability.mjs: launch(dataDir, port, env), command(dataDir, args),
 * superuser(url) (signed in with `credentials`, which the command makes).
 */
export async function memoryThroughAnEvening(ctx, helpers) {
  const fresh = await freshServer(ctx, helpers);
  const { server, su, tonight } = fresh;
  const pid = server.pid;
  try {
    await sleep(5000);
    const idle = rssMb(pid);
    const log = { acked: [], refused: [], fivexx: 0, changes: [], sent: 0, pulls: 0, eventEdits: 0 };
    const samples = sampler(pid);
    const heard = await evening(server.url, su.authStore.token, tonight.map((b) => b.id), fresh.eventId, log);
    const endedAt = Date.now();
    const atEnd = rssMb(pid);
    const at = async (seconds) => (await sleep(endedAt + seconds * 1000 - Date.now()), rssMb(pid));
    const settled = await at(MEMORY.settleSeconds);
    const later = await at(MEMORY.laterSeconds);
    const peak = samples.peak();
    samples.stop();

    // By now (3 minutes on) every confirmation has had its time; then the counts.
    const { count: mails, mostCopies } = mailsPerGuest(ctx.smtp);
    const stored = new Set(await existingIds(su, 'reservations', log.acked.map((b) => b.id)));
    const unmailed = log.acked.filter((b) => stored.has(b.id) && !mails.get(b.email)).length;
    const lastMail = Math.max(...ctx.smtp.mails.filter((m) => m.at >= endedAt - EVENING.seconds * 1000).map((m) => m.at));
    const twice = [...log.acked, ...tonight].filter((b) => (mostCopies.get(b.email) || 0) > 1).length;
    const firstTimes = new Map();
    log.changes.filter((r) => !r.replayed).forEach((r) => firstTimes.set(r.id, (firstTimes.get(r.id) || 0) + 1));
    const notApplied = log.changes.filter((r) => r.outcome !== 'applied');
    const mb = (n) => `${Math.round(n)} MB`;
    return {
      failed: !(peak <= MEMORY.peakMb) || !(settled <= idle + MEMORY.backWithinMb),
      scenario: `memory: ${EVENING.guests} guests, ${EVENING.tablets} tablets, ${EVENING.subscribers} subscribers, ${EVENING.seconds} s`,
      attempted: log.acked.length + log.refused.length + log.sent,
      accepted: log.acked.length + log.changes.length,
      stored: stored.size,
      lost: log.acked.length - stored.size + unmailed + (log.sent - log.changes.length),
      duplicated: twice + [...firstTimes.values()].filter((n) => n > 1).length,
      fivexx: log.fivexx,
      invalid: notApplied.length + log.refused.length,
      note:
        `RSS at start ${mb(server.startedMb)}, idle ${mb(idle)}, peak ${mb(peak)}, at the end ${mb(atEnd)}, +${MEMORY.settleSeconds} s ${mb(settled)}, +${MEMORY.laterSeconds} s ${mb(later)} ` +
        `(budget: peak ≤ ${MEMORY.peakMb} MB, +${MEMORY.settleSeconds} s within ${MEMORY.backWithinMb} MB of idle); ` +
        `${log.acked.length} bookings (${(log.acked.length / EVENING.seconds).toFixed(0)}/s), ${log.changes.length} of ${log.sent} staff changes answered, ${log.pulls} pulls, ` +
        `${heard} realtime messages heard by the guests' pages (${log.eventEdits} event edits); the last mail sent ${((lastMail - endedAt) / 1000).toFixed(0)} s after the end; ${unmailed} kept bookings never mailed, ${twice} guests mailed twice` +
        (notApplied.length ? `; not applied: ${JSON.stringify(notApplied.slice(0, 2))}` : '') +
        (log.refused.length ? `; refused: ${log.refused.slice(0, 2).join(', ')}` : ''),
    };
  } finally {
    await server.stop();
    await rm(fresh.dataDir, { recursive: true, force: true });
  }
}
