/**
 * The board game night waitlist (issue 12): the public create's rules (CREATE_SPEC, used by
 * lib/public-create.ts), the offer pass that hands freed seats to the line (offerFreedSeats), a
 * pass over every night with a live line (offerAllNights, the every-minute cron). The decision
 * itself is S.planOffers (a pure function of the records and `now`, unit-tested); this module
 * reads the records and applies it, inside the caller's transaction, with the seats left from
 * the one definition in lib/capacity.ts. What a guest's link shows: lib/waitlist-line.ts.
 */
import * as S from '../rules';
import * as Guests from './guest-records';
import * as Ids from './ids';
import * as Jobs from './jobs';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as C from './capacity';
import * as O from './outbox';
import { LIVE_SQL } from './waitlist-line';
import type { CreateSpec } from './create-spec';

/** Entry ids a pass expired and offered. */
export interface PassResult {
  expired: string[];
  offered: string[];
}

/** The venue's night at `now` (after midnight it is still the evening before). */
export function tonightAt(now?: Date): string {
  return S.venueNight(now);
}

function facts(r: core.Record): S.WaitlistEntryFacts {
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
function settle(app: CoreApp, r: core.Record, values: Record<string, string>, template: string, key?: string): void {
  r.load(values);
  app.save(r);
  O.enqueue(app, 'waitlist', r.id, [Object.assign(Jobs.mailJob(template, r.getString('email')), { key: key || '' })]);
}

/**
 * The offer pass for one night at `now` (default: the real time), inside the caller's
 * transaction `app`: holds that ran out expire (the guest is mailed and leaves the line), then
 * the earliest waiting parties that fit the seats left are offered a hold and mailed. Returns
 * { expired, offered } (entry ids).
 */
export function offerFreedSeats(app: CoreApp, date: string, now?: Date): PassResult {
  const at = now || new Date();
  const entries = app
    .findRecordsByFilter('waitlist', "event_date = {:date} && (status = 'waiting' || status = 'offered')", 'created,id', 0, 0, { date })
    .filter((r): r is core.Record => !!r);
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
  const byId: Record<string, core.Record> = {};
  entries.forEach((r) => {
    byId[r.id] = r;
  });
  const entry = (id: string): core.Record => byId[id] as core.Record; // the plan names only entries it was given
  plan.expire.forEach((id) => settle(app, entry(id), { status: 'expired' }, 'waitlist_expired'));
  const offer = { status: 'offered', offered_at: at.toISOString(), offer_expires: plan.offerExpires };
  plan.offer.forEach((id) => settle(app, entry(id), offer, 'waitlist_offer', offer.offered_at));
  return { expired: plan.expire, offered: plan.offer };
}

/**
 * The pass for every night whose line is live at `now`: the waiting lines of tonight and later,
 * and any hold still marked offered (a past night's hold expires too). Catches seats freed by a
 * path that does not call the pass itself (a staff delete) within the cron's minute.
 */
export function offerAllNights(app: CoreApp, now?: Date): PassResult & { nights: number } {
  const at = now || new Date();
  const rows = Rows.rowsOf({ event_date: '' });
  app
    .db()
    .newQuery("SELECT DISTINCT event_date FROM waitlist WHERE status = 'offered' OR (status = 'waiting' AND event_date >= {:tonight}) ORDER BY event_date")
    .bind({ tonight: tonightAt(at) })
    .all(rows);
  const summary = { nights: rows.length, expired: [] as string[], offered: [] as string[] };
  rows.forEach((row) => {
    const done = offerFreedSeats(app, row.event_date, at);
    summary.expired = summary.expired.concat(done.expired);
    summary.offered = summary.offered.concat(done.offered);
  });
  return summary;
}

/** After a capacity record is written: its night (or, for the default, every night) may have room. */
export function afterCapacityChange(record: core.Record): PassResult {
  const date = record.getString('date');
  return Tx.inWriteTransaction((tx) => (date === 'default' ? offerAllNights(tx) : offerFreedSeats(tx, date)));
}

/** The public create's rules (see lib/public-create.ts SPECS): a board game night form, one live entry per guest and night. */
export const CREATE_SPEC: CreateSpec = {
  validate(input, today) {
    return S.validateWaitlistJoin(input, today);
  },
  apply(record, input, _e, body) {
    record.load(Guests.guestFields(input));
    record.load({
      party_size: input.party_size,
      event_date: S.text(input.event_date),
      event_time: S.text(input.event_time),
      source: Req.str(body.source).trim() || 'web',
      status: 'waiting',
      token: Ids.randomToken(),
      offered_at: '',
      offer_expires: '',
      reservation: '',
    });
  },
  /** Inside the insert's transaction: a second live entry of the same guest for the night is refused. */
  beforeInsert(tx, record) {
    const date = record.getString('event_date');
    const rows = Rows.rowsOf({ id: '' });
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
    return [Jobs.mailJob('waitlist_joined', record.getString('email'))];
  },
};
