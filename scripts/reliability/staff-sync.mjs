// The staff tablets' offline sync under a crash (issue 25), a scenario of `npm run reliability`:
// two tablets each queue 100 changes offline, reconnect in turn, the server is killed with
// kill -9 while the first replays, restarts, and both tablets send everything again. Counted:
// a change answered applied whose effect is not in the final state (lost), a change id applied
// twice or a guest mail queued twice (duplicated), an answer or final state other than the rules
// say (invalid). The tablets sign in as the superuser (the admin routes' check passes it).

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newId = () => Array.from({ length: 15 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const BATCH = 10;

function change(collection, op, record_id, fields, base = {}) {
  return { id: newId(), collection, op, record_id, fields, base, force: false, made_at: new Date().toISOString() };
}

/** One POST /api/admin/changes: { status, results } (status 0: the server is gone). */
async function send(url, token, changes) {
  try {
    const res = await fetch(`${url}/api/admin/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ changes }),
    });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, results: json.results || [] };
  } catch {
    return { status: 0, results: [] };
  }
}

/**
 * The queues, made on a night with room for everyone, against 60 booked parties of 2 and 20
 * tasks. Tablet A: 50 arrivals, 25 parties of 2 → 3, 25 new tasks. Tablet B, offline at the same
 * time: the same 50 arrivals (already so: applied, no conflict), 10 no-shows, the same 25 parties
 * of 2 → 4 (A's 3 is newer: conflict, the newer value stays) and 15 tasks done.
 */
function queues(reservations, tasks) {
  const a = [];
  const b = [];
  reservations.slice(0, 50).forEach((id) => {
    a.push(change('reservations', 'update', id, { status: 'arrived' }, { status: 'confirmed' }));
    b.push(change('reservations', 'update', id, { status: 'arrived' }, { status: 'confirmed' }));
  });
  reservations.slice(0, 25).forEach((id) => {
    a.push(change('reservations', 'update', id, { party_size: 3 }, { party_size: 2 }));
    b.push(change('reservations', 'update', id, { party_size: 4 }, { party_size: 2 }));
  });
  reservations.slice(50, 60).forEach((id) => b.push(change('reservations', 'update', id, { status: 'no_show' }, { status: 'confirmed' })));
  for (let i = 0; i < 25; i++) a.push(change('tasks', 'create', newId(), { title: `Offline task ${i}`, category: 'staff_hr', order_index: i, is_completed: false, status: 'unchecked' }));
  tasks.slice(0, 15).forEach((id) => b.push(change('tasks', 'update', id, { status: 'complete' }, { status: 'unchecked' })));
  return { a, b };
}

/** What the rules say each change's outcome is. */
function expectedOutcome(c) {
  return c.fields.party_size === 4 ? 'conflict' : 'applied';
}

/** Sends a queue in batches of 10, keeping every answer; `onBatch(i)` may kill the server mid-way. */
async function replay(ctx, queue, answers, onBatch) {
  let fivexx = 0;
  for (let i = 0; i < queue.length; i += BATCH) {
    const pending = send(ctx.url, ctx.su.authStore.token, queue.slice(i, i + BATCH));
    if (onBatch) await onBatch(i / BATCH);
    const res = await pending;
    if (res.status >= 500) fivexx += 1;
    answers.push(...res.results);
  }
  return fivexx;
}

async function finalState(su, night, reservations, tasks, newTaskIds) {
  const rows = await su.collection('reservations').getFullList({ filter: `event_date = "${night}"`, fields: 'id,status,party_size' });
  const byId = new Map(rows.map((r) => [r.id, r]));
  let wrong = 0;
  reservations.forEach((id, i) => {
    const r = byId.get(id);
    const status = i < 50 ? 'arrived' : 'no_show';
    const party = i < 25 ? 3 : 2;
    if (!r || r.status !== status || r.party_size !== party) wrong += 1;
  });
  const done = (await su.collection('tasks').getFullList({ fields: 'id,status' })).filter((t) => tasks.includes(t.id));
  wrong += done.filter((t) => t.status !== (tasks.indexOf(t.id) < 15 ? 'complete' : 'unchecked')).length + (tasks.length - done.length);
  const all = new Set((await su.collection('tasks').getFullList({ fields: 'id' })).map((t) => t.id));
  return { wrong, missingTasks: newTaskIds.filter((id) => !all.has(id)).length };
}

/**
 * The scenario. `ctx` is the reliability script's: url, su, smtp, and `restart()` (kill -9 then a
 * new server on the same data dir); `book(overrides)` posts a reservation as a guest.
 */
export async function tabletsReplayThroughKill(ctx, { night, book, waitFor }) {
  await ctx.su.collection('capacity').create({ date: night, seats: 1000 });
  const bodies = [];
  for (let i = 0; i < 60; i++) bodies.push(await book({ event_date: night, party_size: 2 }));
  const reservations = bodies.map((b) => b.id);
  const tasks = [];
  for (let i = 0; i < 20; i++) tasks.push((await ctx.su.collection('tasks').create({ title: `Night task ${i}`, category: 'staff_hr', order_index: i, is_completed: false, status: 'unchecked' })).id);
  await waitFor(() => bodies.every((b) => ctx.smtp.to(b.email).length >= 1), 60_000);
  const { a, b } = queues(reservations, tasks);

  // Tablet A reconnects first; the server dies during its 4th batch of 10.
  const answers = [];
  let committedInFlight = 0;
  let fivexx = await replay(ctx, a, answers, async (batch) => {
    if (batch !== 3) return;
    await sleep(5);
    await ctx.restart();
    const filter = a.slice(batch * BATCH, (batch + 1) * BATCH).map((c) => `id = "${c.id}"`).join(' || ');
    committedInFlight = (await ctx.su.collection('staff_changes').getList(1, 1, { filter })).totalItems;
  });
  const unanswered = a.length - answers.length;
  // After the restart both tablets send everything again, in turn, and B once more.
  fivexx += await replay(ctx, a, answers);
  fivexx += await replay(ctx, b, answers);
  fivexx += await replay(ctx, b, answers);

  const all = a.concat(b);
  const last = new Map();
  const firstTimes = new Map();
  for (const r of answers) {
    last.set(r.id, r);
    if (!r.replayed) firstTimes.set(r.id, (firstTimes.get(r.id) || 0) + 1);
  }
  const appliedTwice = [...firstTimes.values()].filter((n) => n > 1).length;
  const wrongOutcome = all.filter((c) => !last.has(c.id) || last.get(c.id).outcome !== expectedOutcome(c)).length;
  let stored = 0;
  for (let i = 0; i < all.length; i += 40) {
    const filter = all.slice(i, i + 40).map((c) => `id = "${c.id}"`).join(' || ');
    stored += (await ctx.su.collection('staff_changes').getList(1, 1, { filter })).totalItems;
  }
  const jobs = await ctx.su.collection('outbox').getFullList({ filter: "template = 'reservation_updated'", fields: 'record_id' });
  const jobsPer = new Map();
  jobs.forEach((j) => jobsPer.set(j.record_id, (jobsPer.get(j.record_id) || 0) + 1));
  const mailTwice = [...jobsPer.values()].filter((n) => n > 1).length;
  const { wrong, missingTasks } = await finalState(ctx.su, night, reservations, tasks, a.filter((c) => c.op === 'create').map((c) => c.record_id));
  const resized = bodies.slice(0, 25).map((x) => x.email);
  await waitFor(() => resized.every((e) => ctx.smtp.to(e).length >= 2), 60_000);
  const delivered = resized.filter((e) => ctx.smtp.to(e).length >= 2).length;
  const extra = bodies.reduce((n, x, i) => n + Math.max(0, ctx.smtp.to(x.email).length - (i < 25 ? 2 : 1)), 0);
  const outcomes = (list) => `${list.filter((c) => last.get(c.id)?.outcome === 'applied').length} applied, ${list.filter((c) => last.get(c.id)?.outcome === 'conflict').length} conflict`;
  return {
    scenario: '2 tablets × 100 offline changes, kill -9 mid-replay',
    attempted: all.length,
    accepted: all.filter((c) => last.has(c.id)).length,
    stored,
    lost: wrong + missingTasks + (resized.length - delivered),
    duplicated: appliedTwice + mailTwice,
    fivexx,
    invalid: wrongOutcome,
    note: `killed during A's 4th batch: ${unanswered} changes unanswered, ${committedInFlight} of them committed (replayed on resend); A ${outcomes(a)}, B ${outcomes(b)} (the rules: A 100 applied; B 75 applied, 25 conflict); ${jobs.length} updated invitations queued for 25 resized parties, ${delivered} delivered, ${extra} mails beyond one per change (in flight at the kill)`,
  };
}
