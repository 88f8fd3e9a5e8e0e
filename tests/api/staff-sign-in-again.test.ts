/**
 * Issue 24 on a real PocketBase with a loopback SMTP receiver: a staff account signs in again
 * and again (each sign-in its own code; only the newest code of a sign-in works; two tablets at
 * once), a session from before the admin grant gets nothing from it (nor its refresh), a revoked
 * admin's session ends, and no staff account reads a sign-in code through the API.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { STAFF_AUTH } from '../../src/lib/rules/staffAuth';
import { boardGameBody, client, dayFromToday, post, venuePerFile } from '../support/api-fixtures';
import { codeFromSubject, receiverInbox } from '../support/staff-sign-in.mjs';

const PASSWORD = 'password-123';
const v = venuePerFile({ relaxed: true });

function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => ({ status: 200, message: '' }),
    (e: ClientResponseError) => ({ status: e.status, message: String(e.response?.message ?? '') }),
  );
}

/** The password step on a new device: its client and the MFA id of this sign-in. */
async function passwordStep(email: string) {
  const pb = client(v.url);
  const error = await pb.collection('users').authWithPassword(email, PASSWORD).catch((e: unknown) => e);
  expect((error as ClientResponseError).status).toBe(401);
  return { pb, mfaId: (error as ClientResponseError).response.mfaId as string };
}

/** Asks for a code for that sign-in, as the login screen does (the mfaId names the sign-in). */
async function askCode(pb: PocketBase, email: string, mfaId: string) {
  const { otpId } = await pb.collection('users').requestOTP(email, { body: { email, mfaId } });
  return otpId;
}

/** The outbox job of the code `otpId` once queued (PocketBase queues it just after answering). */
async function jobFor(otpId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [job] = await v.su.collection('outbox').getFullList({ filter: `job_key = "${otpId}"` });
    if (job) return job;
    if (Date.now() > deadline) throw new Error(`no outbox job for OTP ${otpId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The code mailed for `otpId`: its outbox job (keyed by the OTP id) names the mail's Message-ID. */
async function codeFor(otpId: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const jobs = await v.su.collection('outbox').getFullList({ filter: `template = "staff_sign_in_code" && job_key = "${otpId}"` });
    const mail = jobs.length === 1 ? v.smtp!.mails.find((m) => (m.parsed.messageId ?? '').includes(jobs[0]!.id)) : undefined;
    if (mail) return codeFromSubject(mail.parsed.subject);
    if (Date.now() > deadline) throw new Error(`no code mailed for OTP ${otpId} (${jobs.length} jobs)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The next code mailed to `email` after `before` of them (one sign-in at a time). */
const nextCode = (email: string, before: number) => receiverInbox(v.smtp!).code(email, before);
const codesTo = (email: string) => receiverInbox(v.smtp!).count(email);

/** A whole sign-in on a new device, as the login screen does it; its client and code. */
async function signIn(email: string) {
  const { pb, mfaId } = await passwordStep(email);
  const before = codesTo(email);
  const otpId = await askCode(pb, email, mfaId);
  const code = await nextCode(email, before);
  await pb.collection('users').authWithOTP(otpId, code, { mfaId });
  return { pb, code };
}

describe('a staff account signs in again', () => {
  it('signs one admin account in 5 times in a row, each time with its own code', async () => {
    const email = 'five-times@example.test';
    await v.admin(email, PASSWORD);
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { pb, code } = await signIn(email);
      expect(pb.authStore.isValid).toBe(true);
      await expect(pb.collection('reservations').getList(1, 1)).resolves.toBeTruthy();
      codes.push(code);
    }
    const jobs = await v.su.collection('outbox').getFullList({ filter: `template = "staff_sign_in_code" && recipient = "${email}"` });
    expect(jobs.map((j) => j.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(new Set(jobs.map((j) => j.job_key)).size).toBe(5);
    expect(codes.every((c) => new RegExp(`^\\d{${STAFF_AUTH.codeLength}}$`).test(c))).toBe(true);
  });

  it('"Send a new code": the earlier code of the sign-in is refused, the new one signs in', async () => {
    const email = 'new-code@example.test';
    await v.admin(email, PASSWORD);
    const { pb, mfaId } = await passwordStep(email);
    const first = await askCode(pb, email, mfaId);
    const firstCode = await nextCode(email, 0);
    // Within the wait, the same sign-in gets no new code (the answer is a new code's, so as not to
    // tell that the account exists; the login screen keeps the wait itself and names it).
    await askCode(pb, email, mfaId);
    await v.settle('template = "staff_sign_in_code"');
    expect(v.smtp!.to(email)).toHaveLength(1);
    // The wait is the limit under test, not a race: after it, the new code is sent.
    await new Promise((r) => setTimeout(r, STAFF_AUTH.resendSeconds * 1000 + 500));
    const second = await askCode(pb, email, mfaId);
    expect(second).not.toBe(first);
    const secondCode = await nextCode(email, 1);

    expect(await refusal(pb.collection('users').authWithOTP(first, firstCode, { mfaId }))).toEqual({ status: 400, message: 'Invalid or expired OTP.' });
    await pb.collection('users').authWithOTP(second, secondCode, { mfaId });
    expect(pb.authStore.isValid).toBe(true);
  }, 60_000);

  it('signs one account in on two tablets at once: both get a code and both sign in', async () => {
    const email = 'two-tablets@example.test';
    await v.admin(email, PASSWORD);
    const [a, b] = await Promise.all([passwordStep(email), passwordStep(email)]);
    const [otpA, otpB] = await Promise.all([askCode(a.pb, email, a.mfaId), askCode(b.pb, email, b.mfaId)]);
    await nextCode(email, 1); // both codes arrived
    const [codeA, codeB] = await Promise.all([codeFor(otpA), codeFor(otpB)]);
    expect(codeA).not.toBe(codeB);
    await Promise.all([
      a.pb.collection('users').authWithOTP(otpA, codeA, { mfaId: a.mfaId }),
      b.pb.collection('users').authWithOTP(otpB, codeB, { mfaId: b.mfaId }),
    ]);
    for (const tablet of [a, b]) await expect(tablet.pb.collection('reservations').getList(1, 1)).resolves.toBeTruthy();
  });
});

describe('a code asked for by someone else', () => {
  it('leaves a staff member’s code working: an anonymous request, a made-up or another account’s sign-in', async () => {
    const email = 'targeted@example.test';
    const other = 'bystander@example.test';
    await v.admin(email, PASSWORD);
    await v.admin(other, PASSWORD);
    const { pb, mfaId } = await passwordStep(email);
    const otpId = await askCode(pb, email, mfaId);
    const code = await nextCode(email, 0);
    const bystander = await passwordStep(other);
    // Someone who knows only the email asks for codes, naming no sign-in, a made-up one, another account's.
    await client(v.url).collection('users').requestOTP(email);
    await client(v.url).collection('users').requestOTP(email, { body: { email, mfaId: 'x'.repeat(15) } }).catch(() => undefined);
    await client(v.url).collection('users').requestOTP(email, { body: { email, mfaId: bystander.mfaId } }).catch(() => undefined);
    await nextCode(email, 1);
    await pb.collection('users').authWithOTP(otpId, code, { mfaId });
    expect(pb.authStore.isValid).toBe(true);
  });
});

/** Every admin-only place a stale session must not reach: the routes and the collections' lists. */
async function adminReach(pb: PocketBase) {
  const routes = {
    stats: await refusal(pb.send('/api/admin/reservations/stats', {})),
    export: await refusal(pb.send('/api/admin/reservations/export', {})),
    search: await refusal(pb.send('/api/admin/reservations/search', { query: { q: 'guest' } })),
    signOut: await refusal(pb.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email: 'nobody@example.test' } })),
  };
  // Per collection whose rule names the admin role: how many more records this session lists than
  // a guest does (events are listed to guests too, the hidden ones only to staff).
  const lists: Record<string, number> = {};
  const guest = client(v.url);
  const count = async (from: PocketBase, name: string) => (await from.collection(name).getList(1, 1).catch(() => ({ totalItems: 0 }))).totalItems;
  for (const c of await v.su.collections.getFullList()) {
    if (!String(c.listRule ?? '').includes('user_roles.role')) continue;
    lists[c.name] = (await count(pb, c.name)) - (await count(guest, c.name));
  }
  return { routes, lists };
}

describe('the admin role and sessions', () => {
  it('refuses a session from before the grant on every admin route and collection, and its refresh', async () => {
    const email = 'pre-grant@example.test';
    expect((await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ email: 'guest-pre@example.test' }))).status).toBe(200);
    await v.su.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
    // A hidden event: listed to staff only, so a stale session listing it would be a door opened.
    const hiddenEvent = { kind: 'special', title: 'Unannounced Preview', date: dayFromToday(20), time: '8pm', price: '', description: 'Staff only.', active: false };
    await v.su.collection('events').create(hiddenEvent);
    const stale = client(v.url);
    await stale.collection('users').authWithPassword(email, PASSWORD); // no role yet: no second factor
    const staleLive = await follow(stale.authStore.token, 'reservations');
    const grant = await v.server.command(['admin:grant', email]);
    expect(grant.code, grant.stderr).toBe(0);

    const reach = await adminReach(stale);
    for (const [route, answer] of Object.entries(reach.routes)) expect(answer.status, route).toBe(403);
    expect(Object.keys(reach.lists)).toEqual(expect.arrayContaining(['reservations', 'outbox', 'waitlist', 'events']));
    for (const [name, count] of Object.entries(reach.lists)) expect(count, name).toBe(0);
    expect((await refusal(stale.collection('users').authRefresh())).status).toBe(401);

    // The same account signed in again passes the second factor and reaches all of it.
    const { pb } = await signIn(email);
    const fresh = await adminReach(pb);
    expect(fresh.routes.stats.status).toBe(200);
    expect(fresh.lists.reservations).toBeGreaterThan(0);
    expect(fresh.lists.outbox).toBeGreaterThan(0);
    expect(fresh.lists.events).toBe(1); // the hidden one

    // Realtime: the connection subscribed before the grant gets no guest's booking after it; the
    // new session's connection does (so the broadcast did happen).
    const freshLive = await follow(pb.authStore.token, 'reservations');
    const booking = boardGameBody({ email: 'guest-live@example.test' });
    expect((await post(`${v.url}/api/collections/reservations/records`, booking)).status).toBe(200);
    await expect.poll(() => freshLive.ids.includes(booking.id as string)).toBe(true);
    expect(staleLive.ids).toEqual([]);
    staleLive.close();
    freshLive.close();
  });

  it('ends a revoked admin’s sessions, through the dashboard’s API or straight in SQLite', async () => {
    for (const how of ['api', 'sql'] as const) {
      const email = `revoked-${how}@example.test`;
      const user = await v.admin(email, PASSWORD);
      const { pb } = await signIn(email);
      expect((await adminReach(pb)).routes.stats.status).toBe(200);
      const role = await v.su.collection('user_roles').getFirstListItem(`user_id = "${user.id}"`);
      if (how === 'api') await v.su.collection('user_roles').delete(role.id);
      else execFileSync('sqlite3', [path.join(v.server.dataDir, 'data.db'), `DELETE FROM user_roles WHERE id = '${role.id}'`]);
      const reach = await adminReach(pb);
      expect(reach.routes.stats.status, how).toBe(403);
      for (const [name, count] of Object.entries(reach.lists)) expect(count, `${how} ${name}`).toBe(0);
      expect((await refusal(pb.collection('users').authRefresh())).status, how).toBe(401);
    }
  });
});

/** PocketBase realtime over plain SSE (Node has no EventSource): a collection's events as this token sees them. */
async function follow(token: string, collection = 'outbox') {
  const abort = new AbortController();
  const res = await fetch(`${v.url}/api/realtime`, { signal: abort.signal });
  const reader = res.body!.getReader();
  const templates: string[] = [];
  const ids: string[] = [];
  let buffer = '';
  let connected: (clientId: string) => void = () => {};
  const clientId = new Promise<string>((resolve) => (connected = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event:(.*)$/m.exec(block)?.[1]?.trim();
        const data = JSON.parse(/^data:(.*)$/m.exec(block)?.[1] ?? '{}') as { clientId?: string; record?: { id?: string; template?: string } };
        if (event === 'PB_CONNECT') connected(String(data.clientId));
        else if (data.record) {
          templates.push(String(data.record.template));
          ids.push(String(data.record.id));
        }
      }
    }
  })();
  const subscribed = await fetch(`${v.url}/api/realtime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ clientId: await clientId, subscriptions: [`${collection}/*`] }),
  });
  expect(subscribed.status).toBe(204);
  return { templates, ids, close: () => abort.abort() };
}

describe('sign-in codes are secrets', () => {
  it('no admin reads another’s code, nor its own, by list, view, filter, requeue or realtime', async () => {
    const reader = 'code-reader@example.test';
    const other = 'code-owner@example.test';
    await v.admin(reader, PASSWORD);
    await v.admin(other, PASSWORD);
    const { pb } = await signIn(reader);
    const live = await follow(pb.authStore.token);

    // The other admin asks for a code: its job is created (holding the code until it is sent).
    const { pb: otherPb, mfaId } = await passwordStep(other);
    const otpId = await askCode(otherPb, other, mfaId);
    // PocketBase mails a code after its answer (fire and forget): wait for the job to be queued.
    const job = await jobFor(otpId);
    expect((await post(`${v.url}/api/collections/reservations/records`, boardGameBody({ email: 'guest-rt@example.test' }))).status).toBe(200);
    await v.settle();
    // The worker writes jobs in plain SQL; a requeue through the API is what realtime carries.
    // A superuser requeues the code's job, then a guest's mail, which the staff member does see.
    const [confirmation] = await v.su.collection('outbox').getFullList({ filter: 'recipient = "guest-rt@example.test"' });
    await v.su.collection('outbox').update(job!.id, { status: 'pending' });
    await v.su.collection('outbox').update(confirmation!.id, { status: 'pending' });

    const codesListed = await pb.collection('outbox').getList(1, 50, { filter: 'template = "staff_sign_in_code"' });
    expect(codesListed.totalItems).toBe(0);
    expect((await refusal(pb.collection('outbox').getOne(job!.id))).status).toBe(404);
    expect((await refusal(pb.collection('outbox').update(job!.id, { status: 'pending' }))).status).toBe(404);
    // No oracle through another collection's filter either (PocketBase keeps @collection to superusers).
    const oracle = pb.collection('reservations').getList(1, 1, { filter: '@collection.outbox.payload ?~ "code"' });
    expect((await refusal(oracle)).status).toBe(403);
    const all = await pb.collection('outbox').getFullList();
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((j) => j.template === 'staff_sign_in_code')).toBe(false);
    await expect.poll(() => live.templates.includes('reservation_confirmation')).toBe(true);
    expect(live.templates).not.toContain('staff_sign_in_code');
    live.close();
  });
});
