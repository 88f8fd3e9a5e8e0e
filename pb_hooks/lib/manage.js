/// <reference path="../../pb_data/types.d.ts" />
/**
 * POST /api/reservations/manage/{token} { party_size?, event_time? } (issue 12): a guest changes
 * a confirmed reservation from the link in their mails. The change is checked with the shared
 * rules as sent (S.checkReservationChange: strict types, the spec's limits, board game night only
 * for the party size), a bigger party against the night's seats in the same transaction that
 * writes it (capacity.js checkSeats, the usual messages), and every change raises ics_sequence
 * and queues a 'reservation_updated' mail whose invitation keeps the UID with a higher SEQUENCE.
 * Answers: 200 summary; 400 field messages or nothingChanged; 409 changeTooLate; 404.
 */
const S = require(`${__hooks}/lib/shared.js`);
const U = require(`${__hooks}/lib/util.js`);
const C = require(`${__hooks}/lib/capacity.js`);
const O = require(`${__hooks}/lib/outbox.js`);

const findByToken = (app, token) => U.recordByToken(app, 'reservations', 'cancel_token', token);

/**
 * Queues the 'reservation_updated' mail of this change. The outbox holds one job per record and
 * template (idx_outbox_job), so each change has its own, named after its SEQUENCE
 * ('reservation_updated:3'); the worker renders it from the record when it sends it, and skips it
 * when a later change or the cancellation has superseded it (mail-renderers.js MAIL_RENDERERS).
 */
function queueUpdatedMail(tx, r) {
  const sequence = r.getInt('ics_sequence');
  const job = { kind: 'mail', template: `reservation_updated:${sequence}`, recipient: r.getString('email'), payload: JSON.stringify({ sequence }) };
  O.enqueue(tx, 'reservations', r.id, [job]);
}

/** Checks and writes the change inside `tx`; returns { outcome, summary, errors?, message? }. */
function applyChange(tx, token, body) {
  const r = findByToken(tx, token);
  if (!r) return { outcome: 'notFound' };
  const summary = U.cancelSummary(r);
  const check = S.checkReservationChange(summary, body, S.venueNight());
  if (check.kind !== 'change') return { outcome: check.kind, summary, errors: check.errors };
  const before = r.getInt('party_size');
  if (check.party_size > before) {
    // The reservation's own seats are already counted on its night.
    const refused = C.checkSeats(tx, r.getString('event_date'), check.party_size, before);
    if (refused) return { outcome: 'invalid', summary, errors: refused.fields, message: refused.message };
  }
  r.set('party_size', check.party_size);
  r.set('event_time', check.event_time);
  r.set('ics_sequence', r.getInt('ics_sequence') + 1);
  tx.save(r);
  queueUpdatedMail(tx, r);
  // A smaller party frees seats: the waitlist's earliest parties that fit are offered them, in this
  // transaction. Required here: lib/waitlist.js reaches the public create, which this module need not load.
  if (check.party_size < before) require(`${__hooks}/lib/waitlist.js`).offerFreedSeats(tx, r.getString('event_date'));
  return { outcome: 'changed', summary: U.cancelSummary(r) };
}

function handleManage(e) {
  e.response.header().set('Cache-Control', 'no-store');
  // Like the public creates: a form body would turn "6" into 6 before the rules read it.
  if (!U.isJson(e)) return U.refuseNotJson(e);
  const token = e.request.pathValue('token');
  const body = U.rawBody(e);
  let result = { outcome: 'notFound' };
  if (S.CANCEL_TOKEN_PATTERN.test(token)) {
    // In turn with guests' creates (U.inWriteTurn); the count and the write share the transaction.
    U.inWriteTurn(() =>
      $app.runInTransaction((tx) => {
        result = applyChange(tx, token, body);
      }),
    );
  }
  switch (result.outcome) {
    case 'changed':
      return e.json(200, result.summary);
    case 'invalid':
      return U.rejectFields(e, result.errors, result.message);
    case 'nothing':
      return e.json(400, { status: 400, message: S.MANAGE_MESSAGES.nothingChanged, data: {} });
    case 'tooLate':
      return e.json(409, { status: 409, message: S.MANAGE_MESSAGES.changeTooLate, data: {}, reservation: result.summary });
    default:
      return e.json(404, { status: 404, message: S.MESSAGES.cancelNotFound, data: {} });
  }
}

module.exports = { handleManage };
