// A restore while guests book (issue 32 item 6), a scenario of `npm run reliability`: 10 guests'
// devices create reservations back to back, each sending a refused one again as the guests'
// outbox does (a 503 or no answer: the same body, the same record id, again shortly); a backup
// is taken in the middle of the crowd (so confirmations still pending are in it), and the owner
// restores it from the staff area's route (password + a fresh emailed code) while the crowd goes
// on, and after the server is back.
//
// Counted: a booking answered 200 after the server took the restore request that is not in the
// final data (lost); a guest mailed twice (duplicated: the sent ledger keeps the restored queue
// from mailing again what went out before); an acknowledged booking in the final data whose guest
// got no confirmation (lost too); a 5xx other than the restore's 503 (5xx). The bookings answered
// before the request but made after the backup are what the owner was told the restore takes
// away (the note compares the two).
import { signInStaff } from '../../tests/support/staff-sign-in.mjs';
import { addDays, venueToday } from './dates.mjs';
import { existingIds, newId } from './records.mjs';
import { client, inbox } from './staff.mjs';

const GUESTS = 10;
const PASSWORD = 'reliability-owner-123';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One guest's booking, on one of 40 nights (one seat each: no night fills up). */
function booking(i) {
  return {
    id: newId(),
    name: 'Restore Guest',
    email: `restore-${newId()}@example.test`,
    phone: '(347) 555-0100',
    party_size: 1,
    event_name: 'Board Game Night',
    event_date: addDays(venueToday(), 20 + (i % 40)),
    event_time: '7:30 PM',
    source: 'web',
  };
}

async function send(url, body) {
  try {
    const res = await fetch(`${url}/api/collections/reservations/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}

/**
 * A guest's device: books until `stop()`, each booking sent until the server takes it (a 503 or
 * no answer: again in 300 ms; the outbox waits 5 s and more, which only makes the run longer).
 */
function guest(url, n, log) {
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const body = booking(n * 1000 + i);
      for (;;) {
        const sent = Date.now();
        const r = await send(url, body);
        if (r.status === 200 || (r.status === 400 && r.json?.data?.id?.code === 'validation_not_unique')) {
          log.acked.push({ id: body.id, email: body.email, sent, at: Date.now() });
          break;
        }
        if (r.status === 503) log.restoring++;
        else if (r.status >= 500) log.fivexx++;
        else if (r.status !== 0) {
          log.refused.push({ status: r.status, message: r.json?.message });
          break;
        }
        await sleep(300);
      }
    }
  })();
  return { stop: () => ((running = false), done) };
}

async function ownerSignedIn(ctx, command, email) {
  await ctx.su.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
  command(ctx.dataDir, ['admin:grant', email, '--owner']);
  const pb = client(ctx.url);
  await signInStaff(pb, email, PASSWORD, inbox(ctx.smtp));
  return pb;
}

async function generation(url, pb) {
  try {
    return (await pb.send('/api/admin/sync', {})).generation ?? 0;
  } catch {
    return 0;
  }
}

/** `helpers`: command (console), superuserAgain (a signed-in superuser client once the server is up). */
export async function restoreWhileBooking(ctx, { command, superuserAgain }) {
  const email = `owner-${newId()}@example.test`;
  const owner = await ownerSignedIn(ctx, command, email);
  const startGeneration = await generation(ctx.url, owner);
  const log = { acked: [], refused: [], restoring: 0, fivexx: 0 };
  // Room on every night the crowd books (the most a night may have). With the default 40 seats a
  // fast server fills all 40 of its nights within the crowd's minute (1,592 stored, then 6,901
  // "fully booked" counted as invalid): a full night's refusal is right, and not what this counts.
  const nightly = await ctx.su.collection('capacity').getFirstListItem('date = "default"');
  await ctx.su.collection('capacity').update(nightly.id, { seats: 1000 });
  const guests = Array.from({ length: GUESTS }, (_, n) => guest(ctx.url, n, log));
  await sleep(3000);
  const name = `restore_while_booking_${Date.now()}.zip`;
  await ctx.su.backups.create(name);
  const backupAt = Date.now();
  await sleep(3000);
  const codesBefore = inbox(ctx.smtp).count(email);
  const { otpId } = await client(ctx.url).collection('users').requestOTP(email);
  const code = await inbox(ctx.smtp).code(email, codesBefore, 60_000);
  // What the panel tells the owner, just before the restore is asked for.
  const since = await owner.send(`/api/venue/backups/since?name=${encodeURIComponent(name)}`, {});
  const askedAt = Date.now();
  const answer = await owner.send('/api/venue/backups/restore', { method: 'POST', body: { name, password: PASSWORD, otpId, code } });
  const closedAt = answer.closedAt;
  const deadline = Date.now() + 120_000;
  while ((await generation(ctx.url, owner)) <= startGeneration) {
    if (Date.now() > deadline) throw new Error('the server did not come back from the restore');
    await sleep(200);
  }
  const backAt = Date.now();
  await sleep(3000);
  await Promise.all(guests.map((g) => g.stop()));
  ctx.su = await superuserAgain(ctx.url);

  // Every mail due goes out; then each acknowledged guest's confirmations are counted.
  for (let i = 0; i < 100; i++) {
    await ctx.su.send('/api/outbox/flush', { method: 'POST' });
    if ((await ctx.su.collection('outbox').getList(1, 1, { filter: "status = 'pending' || status = 'failed'" })).totalItems === 0) break;
    await sleep(300);
  }
  const stored = new Set(await existingIds(ctx.su, 'reservations', log.acked.map((a) => a.id)));
  // closedAt: the server wrote every 200 for the data being replaced before it (server/backups/gate.go),
  // so a booking sent after it and answered 200 was answered after the request. One sent before and
  // read after was on its way when the gate closed: answered before the request (and told of).
  const after = log.acked.filter((a) => a.sent > closedAt);
  const inFlight = log.acked.filter((a) => a.sent <= closedAt && a.at > askedAt);
  const warned = log.acked.filter((a) => a.sent <= closedAt && !stored.has(a.id));
  const unmailed = log.acked.filter((a) => stored.has(a.id) && ctx.smtp.to(a.email).length === 0);
  const twice = log.acked.filter((a) => ctx.smtp.to(a.email).length > 1);
  // The jobs pending in the backup that went out before the restore: the ledger's skips.
  const skipped = (ctx.server.output().match(/sent before a backup was restored, not sent again/g) || []).length;
  const ms = (t) => `${((t - askedAt) / 1000).toFixed(1)} s`;
  return {
    scenario: `restore while ${GUESTS} guests book`,
    attempted: log.acked.length + log.refused.length,
    accepted: log.acked.length,
    stored: stored.size,
    lost: after.filter((a) => !stored.has(a.id)).length + unmailed.length,
    duplicated: twice.length,
    fivexx: log.fivexx,
    invalid: log.refused.length,
    note:
      `${after.length} acknowledged after the server took the restore request, ${after.filter((a) => stored.has(a.id)).length} of them kept; ` +
      `${log.restoring} answers 503 "restoring" (sent again); writes refused ${ms(closedAt)} after the request was sent, server back at ${ms(backAt)}; ` +
      `${warned.length} made after the backup (${((askedAt - backupAt) / 1000).toFixed(0)} s before the request) are gone, as the owner was told just before (${since.bookings} bookings, ${since.mailed} of them mailed); ` +
      `${inFlight.length} answered 200 before the gate closed but read after the request was sent (${inFlight.filter((a) => !stored.has(a.id)).length} of them gone, among those told of); ${skipped} confirmations pending in the backup but sent before the restore were not sent again; ` +
      `${twice.length} guests mailed twice, ${unmailed.length} kept bookings never mailed`,
  };
}
