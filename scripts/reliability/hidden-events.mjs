// `npm run reliability`'s hidden-events row (issue 24): events staff hid are probed by guests
// (anonymous and a signed-up non-admin account) over REST (list, list filtered on the hidden state,
// view by id) and over realtime (collection subscribers), while staff make events hidden, hide
// shown ones and edit hidden ones. A leak is any answer or message carrying a hidden event's
// state; a lost hide is a guest subscriber not told (as a delete) that a shown event was hidden,
// whose open page would keep showing it.
import PocketBase from 'pocketbase';
import { subscribeRealtime } from '../../tests/support/realtime.mjs';
import { addDays, venueToday } from './dates.mjs';

const SUBSCRIBERS = 20;
const EVENTS = 20; // half made hidden, half made shown and then hidden

async function guestAccount(ctx) {
  const email = `reliability-guest-${Date.now()}@example.test`;
  await ctx.su.collection('users').create({ email, password: 'guest-password-123', passwordConfirm: 'guest-password-123' });
  const pb = new PocketBase(ctx.url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, 'guest-password-123');
  return pb;
}

/** How many REST answers to `pb` reveal one of `hidden` (ids), and how many requests that took. */
async function restProbes(pb, hidden) {
  let probes = 0;
  let leaks = 0;
  let fivexx = 0;
  const ids = new Set(hidden);
  for (const filter of ['', 'active = false', hidden.map((id) => `id = "${id}"`).join(' || ')]) {
    probes += 1;
    const items = await pb.collection('events').getFullList({ filter, batch: 500 });
    leaks += items.filter((e) => ids.has(e.id) || e.active === false).length;
  }
  for (const id of hidden) {
    probes += 1;
    await pb.collection('events').getOne(id).then(
      () => (leaks += 1),
      (error) => (error.status >= 500 ? (fivexx += 1) : undefined),
    );
  }
  return { probes, leaks, fivexx };
}

export async function hiddenEvents(ctx) {
  const guest = await guestAccount(ctx);
  const today = venueToday();
  const subscribers = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, (_, i) => subscribeRealtime(ctx.url, ['events/*'], i % 2 ? { token: guest.authStore.token } : {})),
  );
  const event = (i, active) => ({ kind: 'special', title: `Reliability Secret ${i}`, date: addDays(today, 40 + i), time: '8pm', description: 'Hidden.', active });
  try {
    const bornHidden = [];
    const thenHidden = [];
    for (let i = 0; i < EVENTS; i++) {
      if (i % 2 === 0) bornHidden.push((await ctx.su.collection('events').create(event(i, false))).id);
      else {
        const shown = await ctx.su.collection('events').create(event(i, true));
        await ctx.su.collection('events').update(shown.id, { active: false, title: `Reliability Secret ${i} (renamed while hidden)` });
        thenHidden.push(shown.id);
      }
    }
    for (const id of bornHidden) await ctx.su.collection('events').update(id, { description: 'Edited while hidden.' });
    // The last change is visible: each connection gets its messages in order, so all came before it.
    const barrier = await ctx.su.collection('events').create(event(EVENTS, true));
    await Promise.all(subscribers.map((s) => s.waitFor((m) => m.data.record?.id === barrier.id, 30_000)));

    const hidden = [...bornHidden, ...thenHidden];
    const anon = new PocketBase(ctx.url);
    anon.autoCancellation(false);
    const rest = [await restProbes(anon, hidden), await restProbes(guest, hidden)];
    let realtimeLeaks = 0;
    let lostHides = 0;
    let messages = 0;
    for (const s of subscribers) {
      messages += s.messages.length;
      realtimeLeaks += s.messages.filter(
        (m) => m.data.record?.active === false || bornHidden.includes(m.data.record?.id) || JSON.stringify(m.data).includes('renamed while hidden'),
      ).length;
      lostHides += thenHidden.filter((id) => !s.messages.some((m) => m.data.action === 'delete' && m.data.record?.id === id)).length;
    }
    const staffSees = (await ctx.su.collection('events').getFullList({ filter: 'active = false' })).filter((e) => hidden.includes(e.id)).length;
    const probes = rest.reduce((n, r) => n + r.probes, 0);
    const restLeaks = rest.reduce((n, r) => n + r.leaks, 0);
    return {
      scenario: `${hidden.length} hidden events, guest REST and realtime`,
      attempted: probes + messages,
      accepted: restLeaks + realtimeLeaks,
      stored: hidden.length,
      lost: lostHides,
      duplicated: 0,
      fivexx: rest.reduce((n, r) => n + r.fivexx, 0),
      invalid: restLeaks + realtimeLeaks,
      note:
        `${probes} REST probes (list, filtered list, view; anonymous and signed up): ${restLeaks} answered with a hidden event; ` +
        `${SUBSCRIBERS} guest subscribers got ${messages} messages, ${realtimeLeaks} carrying a hidden event; ` +
        `${thenHidden.length * SUBSCRIBERS - lostHides} of ${thenHidden.length * SUBSCRIBERS} hides arrived as deletes; staff list ${staffSees} of ${hidden.length}`,
    };
  } finally {
    subscribers.forEach((s) => s.close());
  }
}
