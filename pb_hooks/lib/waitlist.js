/// <reference path="../../pb_data/types.d.ts" />
/**
 * The board game night waitlist (issue 12): the public create's rules (CREATE_SPEC, used by
 * lib/public-create.js), the offer pass that hands freed seats to the line (offerFreedSeats), a
 * pass over every night with a live line (offerAllNights, the every-minute cron), and what a
 * guest's link shows of an entry (summary). The decision itself is S.planOffers (a pure function
 * of the records and `now`, unit-tested); this module reads the records and applies it, inside
 * the caller's transaction, with the seats left from the one definition in lib/capacity.js.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const C = require(`${__hooks}/lib/capacity.js`);
const O = require(`${__hooks}/lib/outbox.js`);

/** Statuses still in line: waiting for seats, or holding an offer. */
const LIVE_SQL = "status IN ('waiting', 'offered')";

/** The venue's night at `now` (after midnight it is still the evening before). */
function tonightAt(now) {
  return S.venueNight(now);
}

function facts(r) {
  return {
    id: r.id,
    party_size: r.getInt('party_size'),
    status: r.getString('status'),
    offer_expires: r.getString('offer_expires'),
    created: r.getString('created'),
  };
}

/**
 * One change of an entry (saved as a record: the staff dashboard follows the line in realtime) and
 * its mail, keyed by `key` when the entry may get that mail again (an offer: its round's instant).
 */
function settle(app, r, values, template, key) {
  r.load(values);
  app.save(r);
  O.enqueue(app, 'waitlist', r.id, [Object.assign(U.mailJob(template, r.getString('email')), { key: key || '' })]);
}

/**
 * The offer pass for one night at `now` (default: the real time), inside the caller's
 * transaction `app`: holds that ran out expire (the guest is mailed and leaves the line), then
 * the earliest waiting parties that fit the seats left are offered a hold and mailed. Returns
 * { expired, offered } (entry ids).
 */
function offerFreedSeats(app, date, now) {
  const at = now || new Date();
  const entries = app.findRecordsByFilter('waitlist', "event_date = {:date} && (status = 'waiting' || status = 'offered')", 'created,id', 0, 0, { date });
  if (entries.length === 0) return { expired: [], offered: [] };
  const tonight = tonightAt(at);
  const plan = S.planOffers({
    entries: entries.map(facts),
    seatsLeft: C.seatsLeftOn(app, date, at),
    now: at,
    date,
    tonight,
    offersOpen: date >= tonight,
  });
  const byId = {};
  entries.forEach((r) => {
    byId[r.id] = r;
  });
  plan.expire.forEach((id) => settle(app, byId[id], { status: 'expired' }, 'waitlist_expired'));
  const offer = { status: 'offered', offered_at: at.toISOString(), offer_expires: plan.offerExpires };
  plan.offer.forEach((id) => settle(app, byId[id], offer, 'waitlist_offer', offer.offered_at));
  return { expired: plan.expire, offered: plan.offer };
}

/**
 * The pass for every night whose line is live at `now`: the waiting lines of tonight and later,
 * and any hold still marked offered (a past night's hold expires too). Catches seats freed by a
 * path that does not call the pass itself (a staff delete) within the cron's minute.
 */
function offerAllNights(app, now) {
  const at = now || new Date();
  const rows = arrayOf(new DynamicModel({ event_date: '' }));
  app
    .db()
    .newQuery("SELECT DISTINCT event_date FROM waitlist WHERE status = 'offered' OR (status = 'waiting' AND event_date >= {:tonight}) ORDER BY event_date")
    .bind({ tonight: tonightAt(at) })
    .all(rows);
  const summary = { nights: rows.length, expired: [], offered: [] };
  rows.forEach((row) => {
    const done = offerFreedSeats(app, row.event_date, at);
    summary.expired = summary.expired.concat(done.expired);
    summary.offered = summary.offered.concat(done.offered);
  });
  return summary;
}

/** Runs `fn(tx)` in its own write transaction, in turn with the guests' creates (U.inWriteTurn). */
function inTransaction(fn) {
  let result;
  U.inWriteTurn(() =>
    $app.runInTransaction((tx) => {
      result = fn(tx);
    }),
  );
  return result;
}

/** After a capacity record is written: its night (or, for the default, every night) may have room. */
function afterCapacityChange(record) {
  const date = record.getString('date');
  return inTransaction((tx) => (date === 'default' ? offerAllNights(tx) : offerFreedSeats(tx, date)));
}

/**
 * 1-based place in line of a live entry (holds count as ahead of the waiting); 0 when out of line.
 * The query is written once (hooks/outbox/waitlist-position.ts): the Go outbox runs it too, for
 * the "you're on the waitlist" mail.
 */
function position(app, r) {
  const status = r.getString('status');
  if (status !== 'waiting' && status !== 'offered') return 0;
  const row = new DynamicModel({ ahead: 0 });
  app
    .db()
    .newQuery(require(`${__hooks}/lib/outbox-mail.js`).WAITLIST_POSITION_SQL)
    .bind({ date: r.getString('event_date'), created: r.getString('created'), id: r.id })
    .one(row);
  return row.ahead + 1;
}

/** What an entry's links show: no personal data (the token's page adds the name). */
function summary(app, r, withName) {
  const out = {
    status: r.getString('status'),
    event_date: r.getString('event_date'),
    night: S.formatNight(r.getString('event_date')),
    party_size: r.getInt('party_size'),
    event_time: r.getString('event_time'),
    position: position(app, r),
    offer_expires: r.getString('offer_expires'),
  };
  if (withName) out.name = r.getString('name');
  return out;
}

/** The entry behind a mail link, or null (a malformed token is never looked up). */
function findByToken(app, token) {
  return U.recordByToken(app, 'waitlist', 'token', token);
}

/** The public create's rules (see lib/public-create.js SPECS): a board game night form, one live entry per guest and night. */
const CREATE_SPEC = {
  validate(input, today) {
    return S.validateWaitlistJoin(input, today);
  },
  apply(record, input, e, body) {
    record.load(U.guestFields(input));
    record.load({
      party_size: input.party_size,
      event_date: S.text(input.event_date),
      event_time: S.text(input.event_time),
      source: U.str(body.source).trim() || 'web',
      status: 'waiting',
      token: U.randomToken(),
      offered_at: '',
      offer_expires: '',
      reservation: '',
    });
  },
  /** Inside the insert's transaction: a second live entry of the same guest for the night is refused. */
  beforeInsert(tx, record) {
    const date = record.getString('event_date');
    const rows = arrayOf(new DynamicModel({ id: '' }));
    tx.db()
      .newQuery(`SELECT id FROM waitlist WHERE event_date = {:date} AND ${LIVE_SQL} AND lower(email) = lower({:email}) LIMIT 1`)
      .bind({ date, email: record.getString('email') })
      .all(rows);
    if (rows.length === 0) return null;
    const message = S.WAITLIST_MESSAGES.alreadyWaiting(S.formatNight(date));
    return { message, fields: { email: message } };
  },
  /** A night that has room offers at once, in the same transaction. */
  afterInsert(tx, record) {
    offerFreedSeats(tx, record.getString('event_date'));
  },
  jobs(record) {
    return [U.mailJob('waitlist_joined', record.getString('email'))];
  },
};

module.exports = { tonightAt, CREATE_SPEC, offerFreedSeats, offerAllNights, afterCapacityChange, inTransaction, summary, position, findByToken };
