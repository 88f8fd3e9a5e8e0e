/**
 * The waitlist's public routes (hooks/register/waitlist.pb.ts): the on-screen acknowledgement by
 * entry id, the page behind every mail link (by token), claiming a held table and leaving the
 * line. Answers are never cached; errors are shaped like PocketBase's ({status, message, data}).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Ids from './ids';
import type * as Jobs from './jobs';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as C from './capacity';
import * as O from './outbox';
import * as W from './waitlist';
import * as L from './waitlist-line';
import * as P from './create-plan';

/** `code`: the refusal's stable code (S.REFUSALS), when it has one. */
const fail = Http.fail;

/** GET /api/waitlist/entry/{id}: status and place in line by the client-chosen id (no personal data). */
export function entry(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  const id = Http.pathValue(e, 'id');
  const r = S.RECORD_ID_PATTERN.test(id) ? Rows.findRecord($app, 'waitlist', id) : null;
  if (!r) return fail(e, 404, S.WAITLIST_MESSAGES.notFound);
  return e.json(200, L.summary($app, r, false));
}

/** GET /api/waitlist/{token}: the same, with the guest's name. */
export function view(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  const r = L.findByToken($app, Http.pathValue(e, 'token'));
  if (!r) return fail(e, 404, S.WAITLIST_MESSAGES.notFound);
  return e.json(200, L.summary($app, r, true));
}

/** The text fields `names` of a record, and its party size. */
function pick(r: core.Record, names: string[]): Record<string, string | number> {
  const out: Record<string, string | number> = { party_size: r.getInt('party_size') };
  names.forEach((f) => {
    out[f] = r.getString(f);
  });
  return out;
}

const GUEST_NIGHT = ['name', 'email', 'phone', 'event_date', 'event_time'];

function reservationAnswer(r: core.Record): Record<string, string | number> {
  return Object.assign({ id: r.id }, pick(r, GUEST_NIGHT.concat(['event_name', 'source'])));
}

/** A claimed entry's reservation: a board game night booked from the entry's own fields. */
function bookFromEntry(tx: CoreApp, w: core.Record, ctx: Jobs.RequestContext): core.Record {
  const r = new Record(tx.findCollectionByNameOrId('reservations'));
  r.set('id', $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET));
  r.load(pick(w, GUEST_NIGHT));
  r.load({ event_name: S.BOARD_GAME_NIGHT, source: w.getString('source') || 'web', status: 'confirmed', cancel_token: Ids.randomToken() });
  tx.save(r);
  // The public create's jobs (confirmation with .ics and manage link, the conversion event).
  O.enqueue(tx, 'reservations', r.id, P.plannedJobs('reservations', { id: r.id, email: r.getString('email'), event_source_url: r.getString('event_source_url') }, ctx));
  w.load({ status: 'claimed', reservation: r.id });
  tx.save(w);
  return r;
}

/**
 * POST /api/waitlist/{token}/claim: in one write transaction (in turn with the creates) the
 * night's pass runs first (a hold that ran out expires now, not at the next cron), then a live
 * hold becomes a reservation, checked against the seats with the hold's own seats counted as
 * its own. Exactly once: a claimed entry answers the reservation it made.
 */
type ClaimOutcome = { reservation: core.Record } | { status: number; message: string; code?: string };

export function claim(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  const token = Http.pathValue(e, 'token');
  const ctx: Jobs.RequestContext = { ip: e.realIP(), ua: Req.header(e, 'User-Agent').slice(0, 500) };
  const now = new Date();
  const out = Tx.inWriteTransaction((tx): ClaimOutcome => {
    let w = L.findByToken(tx, token);
    if (!w) return { status: 404, message: S.WAITLIST_MESSAGES.notFound };
    W.offerFreedSeats(tx, w.getString('event_date'), now);
    w = tx.findRecordById('waitlist', w.id);
    const status = w.getString('status');
    if (status === 'claimed') return { reservation: tx.findRecordById('reservations', w.getString('reservation')) };
    if (status === 'expired') return { status: 409, message: S.WAITLIST_MESSAGES.offerExpired };
    if (status === 'left') return { status: 409, message: S.WAITLIST_MESSAGES.left };
    if (status !== 'offered') return { status: 409, message: S.WAITLIST_MESSAGES.notOffered };
    if (w.getString('event_date') < W.tonightAt(now)) return { status: 409, message: S.WAITLIST_MESSAGES.nightPassed };
    const party = w.getInt('party_size');
    const refused = C.checkSeats(tx, w.getString('event_date'), party, party, now);
    if (refused) return { status: 409, message: refused.message, code: refused.code };
    return { reservation: bookFromEntry(tx, w, ctx) };
  });
  if (!('reservation' in out)) return fail(e, out.status, out.message, out.code);
  return e.json(200, { reservation: reservationAnswer(out.reservation) });
}

/** POST /api/waitlist/{token}/leave: out of line (idempotent); a held table goes to the next party. */
export function leave(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store');
  const token = Http.pathValue(e, 'token');
  const answer = Tx.inWriteTransaction((tx) => {
    const w = L.findByToken(tx, token);
    if (!w) return null;
    const status = w.getString('status');
    if (status === 'waiting' || status === 'offered') {
      w.set('status', 'left');
      tx.save(w);
      W.offerFreedSeats(tx, w.getString('event_date'));
    }
    return L.summary(tx, w, true);
  });
  if (!answer) return fail(e, 404, S.WAITLIST_MESSAGES.notFound);
  return e.json(200, answer);
}

/**
 * POST /api/waitlist/offers/run[?at=ISO instant] (superusers): the cron's pass over every night,
 * as of `at`, so tests step past a hold's end without waiting for it.
 */
export function runOffers(e: core.RequestEvent): void {
  const at = Http.queryValue(e, 'at');
  const now = at ? new Date(at) : new Date();
  if (at && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(at) || isNaN(now.getTime()))) {
    return fail(e, 400, 'at must be an instant written YYYY-MM-DDTHH:MM:SS.sssZ.');
  }
  return e.json(200, Tx.inWriteTransaction((tx) => W.offerAllNights(tx, now)));
}


/** A reservation staff delete gives its seats back too (the cron would find them within the minute). */
export function afterReservationDelete(record: core.Record): void {
  const date = record.getString('event_date');
  Tx.inWriteTransaction((tx) => W.offerFreedSeats(tx, date));
}
