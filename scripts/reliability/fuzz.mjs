// Malformed payloads for every public create: each valid body with one field (or two) replaced
// by a value a person would call wrong. Deterministic (a fixed seed), more than 1,000 of them.
import { addDays, longDate, nextWeekday } from './dates.mjs';

const SPAM = 'You won $500, claim it at http://evil.example/claim';
const LONG = 'x'.repeat(5000);
/** Wrong for every field: wrong JSON types, control characters, absurd length. */
const ANY_FIELD = [true, false, [], [1, 2], {}, { a: 1 }, '\u0000', 'A\u0000B', '\u202E\u202E', '\u0007\u0008', LONG];
const EXTRA_FIELD = [true, 12, [], {}, '\u0000', '\u202Egnp.exe'];

function bases(today) {
  const wednesday = nextWeekday(today, 3, 3);
  const all = [
    {
      collection: 'reservations',
      kind: 'board game night',
      body: { name: 'Ada Lovelace', email: 'ada@example.test', phone: '(347) 555-0100', party_size: 4, event_name: 'Board Game Night', event_date: addDays(today, 30), event_time: '7:30 PM', source: 'web' },
      specific: {
        name: ['', '   ', '12345', '!!!', '\n'],
        email: ['not-an-email', 'a@b', '', 'a..b@example.test'],
        phone: ['call me', '12'],
        party_size: [0, 21, 2.5, -1, '4', 1e6],
        event_date: ['9999-12-31', addDays(today, -1), '2026-02-30', 'tomorrow', '', addDays(today, 121), '0'],
        event_time: ['', '6pm', '12:00 AM', '<script>alert(1)</script>'],
      },
    },
    {
      collection: 'reservations',
      kind: 'event',
      body: { name: 'Grace Hopper', email: 'grace@example.test', event_name: 'Magic Commander Night', event_date: wednesday, event_time: '6pm', source: 'event' },
      specific: {
        name: ['', '12345'],
        email: ['grace', ''],
        event_name: ['0', '<script>alert(1)</script>', "'; DROP TABLE x;--", SPAM, '', 'Open tables 2', 'magic commander night!'],
        event_date: ['9999-12-31', addDays(wednesday, 1), addDays(wednesday, -7 * 20), '', 'next wednesday'],
        event_time: ['', LONG.slice(0, 51)],
        party_size: [true, '1', [1]],
      },
    },
    {
      collection: 'private_event_inquiries',
      kind: 'inquiry',
      body: { name: 'Katherine Johnson', email: 'katherine@example.test', phone: '(718) 555-0199', event_type: 'birthday', number_of_people: 25, budget: '1000-2500', preferred_date: addDays(today, 30), preferred_time: '8pm', message: 'A 30th birthday with board games.' },
      specific: {
        name: ['', '0'],
        phone: ['', '555'],
        event_type: ['rave', 'Birthday Party', ' '.repeat(3) + 'x'],
        number_of_people: [0, -3, 2.5, 10001, 'xxxx', '<script>alert(1)</script>', '1e3'],
        budget: ['lots', '$1,000'],
        preferred_date: ['9999-12-31', addDays(today, -1), 'soon', addDays(today, 366)],
        preferred_time: [LONG.slice(0, 51)],
        message: ['', '   '],
      },
    },
    {
      collection: 'influencer_applications',
      kind: 'application',
      body: { name: 'Hedy Lamarr', email: 'hedy@example.test', message: 'I post weekly board game reels to 20k followers.' },
      specific: {
        name: ['', '...'],
        email: ['hedy@', 'hedy'],
        message: ['short', '', LONG.slice(0, 2001)],
      },
    },
    {
      collection: 'pass_confirmations',
      kind: 'pass',
      body: { name: 'Alan Turing', email: 'alan@example.test', date: longDate(addDays(today, 3)), time: '7:00 PM', people: 2, cost: 40, tax: 3.55, total: 43.55 },
      specific: {
        date: ['NaN', '0', '<script>alert(1)</script>', '2026-02-30', longDate(addDays(today, -45)), longDate(addDays(today, 45)), 'Friday, February 30, 2026'],
        time: ['NaN', '0', '<script>', '25:00', '7:61 PM'],
        people: [0, 21, 1.5, '2'],
        cost: [-1, '40'],
        tax: [-0.01, '3.55'],
        total: [999, '43.55'],
      },
    },
  ];
  // The board game night waitlist takes the same guest fields as its reservation (no event name,
  // no attribution), so it is fuzzed with the same mistakes.
  const board = all[0];
  const guest = Object.fromEntries(Object.entries(board.body).filter(([field]) => field !== 'event_name'));
  all.push({ collection: 'waitlist', kind: 'waitlist', body: guest, specific: board.specific, extras: false });
  return all;
}

/** A small deterministic generator (mulberry32), so every run sends the same payloads. */
function random(seed) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const describe = (v) => (typeof v === 'string' ? JSON.stringify(v.length > 20 ? `${v.slice(0, 12)}…(${v.length})` : v) : JSON.stringify(v));

export function malformedPayloads({ today, newId, total = 1200 }) {
  const out = [];
  const mutations = [];
  for (const base of bases(today)) {
    const fields = Object.keys(base.body);
    for (const field of fields) for (const value of ANY_FIELD) mutations.push({ base, field, value });
    for (const [field, values] of Object.entries(base.specific)) for (const value of values) mutations.push({ base, field, value });
    if (base.extras !== false) for (const field of ['utm_source', 'gclid', 'event_source_url']) for (const value of EXTRA_FIELD) mutations.push({ base, field, value });
  }
  for (const m of mutations) {
    out.push({ collection: m.base.collection, single: true, label: `${m.base.kind}: ${m.field} = ${describe(m.value)}`, body: { ...m.base.body, [m.field]: m.value, id: newId() } });
  }
  // Two mistakes at once, until there are `total` payloads.
  const rand = random(13);
  while (out.length < total) {
    const a = mutations[Math.floor(rand() * mutations.length)];
    const same = mutations.filter((m) => m.base === a.base && m.field !== a.field);
    const b = same[Math.floor(rand() * same.length)];
    out.push({
      collection: a.base.collection,
      label: `${a.base.kind}: ${a.field} and ${b.field}`,
      body: { ...a.base.body, [a.field]: a.value, [b.field]: b.value, id: newId() },
    });
  }
  return out;
}
