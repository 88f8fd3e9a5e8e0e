// `npm run reliability`'s staff rows (issue 24): one admin account signed in 5 times in a row,
// two tablets signing one account in at once (each sign-in its own emailed code), and a session
// signed in with the password before the admin grant tried on every admin door after it, with its
// refresh, and a revoked admin's session on the same doors. Same columns as the other rows:
// attempted / accepted (signed in; for the doors: opened) / stored (codes mailed) / lost (a
// sign-in that never completed) / duplicated (a code mailed twice) / 5xx / invalid (a door a
// stale session opened).
import PocketBase from 'pocketbase';
import { codeFromSubject, signInStaff } from '../../tests/support/staff-sign-in.mjs';
import { subjectOf } from '../../tests/support/smtp-server.mjs';

const PASSWORD = 'reliability-staff-123';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A received mail's sign-in code and Message-ID (codes only; other mails keep neither). */
export function codeOf(raw) {
  const code = codeFromSubject(subjectOf(raw));
  return code ? { code, messageId: /^Message-ID: (.*)$/im.exec(raw.toString('utf8'))?.[1]?.trim() ?? '' } : {};
}

export function client(url) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

/** The codes mailed to an address, as signInStaff reads them (tests/support/staff-sign-in.mjs). */
export function inbox(smtp) {
  const codes = (email) => smtp.to(email).filter((m) => m.code).map((m) => m.code);
  return {
    count: (email) => codes(email).length,
    code: async (email, index, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (codes(email).length <= index) {
        if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${email}`);
        await sleep(50);
      }
      return codes(email)[index];
    },
  };
}

async function newAdmin(ctx, command, email) {
  await ctx.su.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
  command(ctx.dataDir, ['admin:grant', email]);
}

const status = (promise) => promise.then(() => 200, (e) => e?.status ?? 0);

function signInRow(scenario, attempted, results, smtp, email) {
  const mailed = smtp.to(email).filter((m) => m.code);
  const ok = results.filter((r) => r.ok);
  const times = ok.map((r) => r.ms).sort((a, b) => a - b);
  return {
    scenario,
    attempted,
    accepted: ok.length,
    stored: mailed.length,
    lost: attempted - ok.length,
    duplicated: mailed.length - new Set(mailed.map((m) => m.messageId)).size,
    fivexx: results.filter((r) => r.status >= 500).length,
    invalid: 0,
    note: `${new Set(mailed.map((m) => m.code)).size} different codes; signed in within ${times.length ? (times.at(-1) / 1000).toFixed(1) : '-'} s each${results.find((r) => r.error) ? `; ${results.find((r) => r.error).error}` : ''}`,
  };
}

async function timedSignIn(ctx, email, signIn) {
  const started = Date.now();
  try {
    await signIn();
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, status: error?.status ?? 0, error: String(error?.message ?? error).slice(0, 120) };
  }
}

/** Every admin-only door: the routes, and the list of every collection whose rule asks for the role. */
async function openDoors(ctx, pb) {
  const doors = [
    status(pb.send('/api/admin/reservations/stats', {})),
    status(pb.send('/api/admin/reservations/export', {})),
    status(pb.send('/api/admin/reservations/search', { query: { q: 'guest' } })),
    status(pb.send('/api/admin/sign-out-everywhere', { method: 'POST', body: { email: 'nobody@example.test' } })),
  ];
  const answers = await Promise.all(doors);
  let opened = answers.filter((s) => s === 200).length;
  let tried = answers.length;
  // A collection is a door opened when this session lists more of it than a guest does (events are
  // listed to guests too; the hidden ones only to staff).
  const guest = new PocketBase(ctx.url);
  const count = async (client, name) => (await client.collection(name).getList(1, 1).catch(() => ({ totalItems: 0 }))).totalItems;
  for (const c of await ctx.su.collections.getFullList()) {
    if (!String(c.listRule ?? '').includes('user_roles.role')) continue;
    tried += 1;
    if ((await count(pb, c.name)) > (await count(guest, c.name))) opened += 1;
  }
  return { tried, opened, fivexx: answers.filter((s) => s >= 500).length };
}

export function staffScenarios(command) {
  async function staffSignInFiveTimes(ctx) {
    const email = 'five-sign-ins@example.test';
    await newAdmin(ctx, command, email);
    const results = [];
    for (let i = 0; i < 5; i += 1) {
      results.push(await timedSignIn(ctx, email, () => signInStaff(client(ctx.url), email, PASSWORD, inbox(ctx.smtp))));
    }
    return signInRow('5 sign-ins in a row, one admin', 5, results, ctx.smtp, email);
  }

  async function staffTwoTabletsAtOnce(ctx) {
    const email = 'two-tablets@example.test';
    await newAdmin(ctx, command, email);
    const tablet = async () => {
      const pb = client(ctx.url);
      const mfaId = await pb.collection('users').authWithPassword(email, PASSWORD).then(() => '', (e) => e?.response?.mfaId ?? '');
      const { otpId } = await pb.collection('users').requestOTP(email, { body: { email, mfaId } });
      // This tablet's code: the mail whose Message-ID names the job keyed by its OTP id.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const [job] = await ctx.su.collection('outbox').getFullList({ filter: `job_key = "${otpId}"` });
        const mail = job && ctx.smtp.to(email).find((m) => m.messageId?.includes(job.id));
        if (mail) return pb.collection('users').authWithOTP(otpId, mail.code, { mfaId });
        if (Date.now() > deadline) throw new Error('its code never came');
        await sleep(50);
      }
    };
    const results = await Promise.all([0, 1].map(() => timedSignIn(ctx, email, tablet)));
    return signInRow('two tablets sign one admin in at once', 2, results, ctx.smtp, email);
  }

  async function staffStaleSessions(ctx) {
    const email = 'pre-grant@example.test';
    await ctx.su.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
    const preGrant = client(ctx.url);
    await preGrant.collection('users').authWithPassword(email, PASSWORD); // no role yet: no second factor
    command(ctx.dataDir, ['admin:grant', email]);
    const stale = await openDoors(ctx, preGrant);
    const refresh = await status(preGrant.collection('users').authRefresh());

    const revokedEmail = 'revoked@example.test';
    await newAdmin(ctx, command, revokedEmail);
    const revoked = client(ctx.url);
    const auth = await signInStaff(revoked, revokedEmail, PASSWORD, inbox(ctx.smtp));
    const before = await openDoors(ctx, revoked);
    const role = await ctx.su.collection('user_roles').getFirstListItem(`user_id = "${auth.record.id}"`);
    await ctx.su.collection('user_roles').delete(role.id);
    const after = await openDoors(ctx, revoked);
    const revokedRefresh = await status(revoked.collection('users').authRefresh());
    const opened = stale.opened + after.opened + (refresh === 200 ? 1 : 0) + (revokedRefresh === 200 ? 1 : 0);
    return {
      scenario: 'pre-grant and revoked sessions on admin doors',
      attempted: stale.tried + after.tried + 2,
      accepted: opened,
      stored: 0,
      lost: 0,
      duplicated: 0,
      fivexx: stale.fivexx + after.fivexx,
      invalid: opened,
      note: `pre-grant: ${stale.opened} of ${stale.tried} doors, refresh ${refresh}; revoked: ${after.opened} of ${after.tried} (${before.opened} before the revoke), refresh ${revokedRefresh}`,
    };
  }

  return [staffSignInFiveTimes, staffTwoTabletsAtOnce, staffStaleSessions];
}
