/**
 * The manage link's rules for Go (server/managelink.go, issue 33): what the cancel and manage links
 * show of a reservation, whether a change or a cancellation is taken, and the guest's mail about
 * it (queued, or folded into the update still waiting). Go reads the reservation, the night's
 * seats and the waiting update mail, and writes what these decide; each call is JSON text in and out.
 */
import * as S from '../rules';
import { nightOf, seatsShortfall, type SeatsRow } from '../lib/capacity';
import { failBody, refusalBody } from '../lib/http';
import { jobRow, type JobRow } from '../lib/jobs';
import type { Body } from '../lib/request-body';
import type { ReservationSummary } from '../../src/lib/rules/reservationSummary';

/** A link to no reservation (a malformed token is never looked up). */
export const MANAGE_NOT_FOUND = failBody(404, S.MESSAGES.cancelNotFound);

/** The update mail's template: Go looks for the one still waiting to fold a change into. */
export const UPDATE_MAIL_TEMPLATE = 'reservation_updated';

/** How long an update mail waits for more changes by default (UPDATE_MAIL_DELAY_SECONDS overrides it). */
export const UPDATE_MAIL_DELAY_DEFAULT = S.UPDATE_MAIL_DELAY_SECONDS;

/** A reservation as Go read it: what its links show, and who its mails go to with their SEQUENCE. */
type ReservationFacts = Omit<ReservationSummary, 'is_board_game_night' | 'can_change'> & { email: string; ics_sequence: number };

/** An answer Go sends as it is. */
interface Answer {
  status: number;
  body: unknown;
}

/**
 * What the manage link shows of its reservation: the look-up, the change and the cancel all answer
 * with it. can_change: still confirmed and its venue night not passed.
 */
function summaryOf(r: ReservationFacts, tonight: string): ReservationSummary {
  const facts = { event_name: r.event_name, event_date: r.event_date, event_time: r.event_time, party_size: r.party_size, status: r.status, name: r.name };
  return { ...facts, is_board_game_night: S.isBoardGameNight(facts.event_name), can_change: S.canChangeReservation(facts, tonight) };
}

/** The summary of a reservation at `now` ({ reservation, now } as JSON). */
export function reservationSummaryJson(text: string): string {
  const req = JSON.parse(text) as { reservation: ReservationFacts; now: string };
  return JSON.stringify(summaryOf(req.reservation, S.venueNight(new Date(req.now))));
}

/** A body sent to the manage link as Go read it: its type, its text, and the numbers server/bodies.go marked. */
interface SentBody {
  contentType: string;
  body: string;
  outOfRange: Record<string, number> | null;
}

/** The body as one JSON object, with a number no double holds as ±Infinity (its field's rule refuses it), or the answer refusing it. */
function readBody(sent: SentBody): { body: Body } | { answer: Answer } {
  // Like the public creates: a form body would turn "6" into 6 before the rules read it.
  if (sent.contentType.toLowerCase().indexOf('application/json') !== 0) {
    return { answer: { status: 415, body: failBody(415, S.REQUEST_MESSAGES.jsonOnly) } };
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(sent.body);
  } catch (_) {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { answer: { status: 400, body: failBody(400, S.REQUEST_MESSAGES.manageObjectExpected) } };
  }
  const body = parsed as Body;
  Object.keys(sent.outOfRange || {}).forEach((field) => {
    body[field] = ((sent.outOfRange || {})[field] ?? 0) < 0 ? -Infinity : Infinity;
  });
  return { body };
}

/**
 * A change sent to the manage link. Without `reservation` only the body is read (Go asks before it
 * takes a write turn, so a malformed body never waits for one); `row` is the night's seats.
 */
interface ChangeRequest {
  sent: SentBody;
  reservation?: ReservationFacts | null;
  row?: SeatsRow | null;
  now: string;
}

type ChangeReply = { answer: Answer } | { bodyOk: true } | { change: { party_size: number; event_time: string }; summary: ReservationSummary };

function planChange(req: ChangeRequest): ChangeReply {
  const read = readBody(req.sent);
  if ('answer' in read) return read;
  const r = req.reservation;
  if (!r) return { bodyOk: true };
  const tonight = S.venueNight(new Date(req.now));
  const summary = summaryOf(r, tonight);
  const check = S.checkReservationChange(summary, read.body, tonight);
  if (check.kind === 'tooLate') {
    return { answer: { status: 409, body: Object.assign(failBody(409, S.REFUSALS.change_too_late, 'change_too_late'), { reservation: summary }) } };
  }
  if (check.kind === 'nothing') return { answer: { status: 400, body: failBody(400, S.MANAGE_MESSAGES.nothingChanged) } };
  if (check.kind === 'invalid') return { answer: { status: 400, body: refusalBody(check.errors) } };
  if (check.party_size > r.party_size) {
    if (!req.row) throw new Error("planChangeJson: a bigger party is checked against its night's seats, and no row was given");
    // The reservation's own seats are already counted on its night.
    const refused = seatsShortfall(r.event_date, check.party_size, nightOf(req.row), r.party_size);
    if (refused) return { answer: { status: 400, body: refusalBody(refused.fields, refused.message, refused.code) } };
  }
  const changed = Object.assign({}, r, { party_size: check.party_size, event_time: check.event_time });
  return { change: { party_size: check.party_size, event_time: check.event_time }, summary: summaryOf(changed, tonight) };
}

/**
 * POST /api/reservations/manage/{token}: the answer to send (415, 400 with the field's words or
 * nothingChanged, 409 changeTooLate with the summary, 400 seats), or the change to write with the
 * summary to answer once it is written. A bigger party needs `row`.
 */
export function planChangeJson(text: string): string {
  return JSON.stringify(planChange(JSON.parse(text) as ChangeRequest));
}

/**
 * POST /api/reservations/cancel/{token} ({ reservation, now }): idempotent, so a cancelled
 * reservation answers its summary; one whose night has passed is 409 cancelTooLate with it; else
 * `cancel`, with the summary to answer once it is written.
 */
export function planCancelJson(text: string): string {
  const req = JSON.parse(text) as { reservation: ReservationFacts; now: string };
  const r = req.reservation;
  const tonight = S.venueNight(new Date(req.now));
  const summary = summaryOf(r, tonight);
  if (r.status === 'cancelled') return JSON.stringify({ answer: { status: 200, body: summary } });
  if (!summary.can_change) {
    return JSON.stringify({ answer: { status: 409, body: Object.assign(failBody(409, S.MESSAGES.cancelTooLate), { reservation: summary }) } });
  }
  return JSON.stringify({ cancel: true, summary: summaryOf(Object.assign({}, r, { status: 'cancelled' }), tonight) });
}

/** What the guest was last told of a reservation: the fields an update mail shows, and its status. */
interface Told {
  party_size: number;
  event_time: string;
  status: string;
}

const sameTold = (a: Told, b: Told) => a.party_size === b.party_size && a.event_time === b.event_time && a.status === b.status;

/** Why a waiting update mail is not sent: its changes were undone before it went. */
const UNDONE = 'Changed back before the update went: the guest already has these details.';
const CANCELLED = 'Cancelled before the update went: the cancellation says it.';

/**
 * A saved change or cancellation, as Go wrote it: the reservation after it (its SEQUENCE already
 * raised), what the guest was told before (a change), the update mail still waiting to fold into
 * (found by Go: pending, template UPDATE_MAIL_TEMPLATE, due within the fold's delay) and the delay.
 */
interface MailRequest {
  change: 'updated' | 'cancelled';
  reservation: ReservationFacts;
  before?: Told | null;
  waiting: { payload: string } | null;
  delay: number;
}

/** The jobs to queue, and what becomes of the waiting update mail (its new payload; `skip`: settled as skipped, with why). */
interface MailReply {
  jobs: JobRow[];
  waiting?: { payload: string; skip?: string };
}

function planMails(req: MailRequest): MailReply {
  const r = req.reservation;
  const recipient = r.email;
  const sequence = r.ics_sequence;
  if (req.change === 'cancelled') {
    // A restore starts a fold of its own, which compares with the cancelled booking.
    const waiting = req.waiting ? { payload: req.waiting.payload, skip: CANCELLED } : undefined;
    // Keyed by its SEQUENCE: staff can restore and cancel again, and each cancellation is mailed.
    const jobs = recipient ? [jobRow({ kind: 'mail', template: 'reservation_cancelled', key: String(sequence), recipient, payload: '{}' })] : [];
    return waiting ? { jobs, waiting } : { jobs };
  }
  // A reservation without an email (a walk-in staff added) gets no mail.
  if (!recipient) return { jobs: [] };
  if (!req.waiting) {
    const payload = { sequence, from: req.before || undefined };
    return { jobs: [jobRow({ kind: 'mail', template: UPDATE_MAIL_TEMPLATE, key: String(sequence), dueIn: req.delay, recipient, payload })] };
  }
  // A job queued before `from` was kept folds as before.
  const from = (JSON.parse(req.waiting.payload || '{}') as { from?: Told }).from;
  const payload = JSON.stringify({ sequence, from });
  if (from && sameTold(from, r)) return { jobs: [], waiting: { payload, skip: UNDONE } };
  return { jobs: [], waiting: { payload } };
}

/**
 * The guest's mail about a change or a cancellation (issues 24 and 31). A change queues the
 * 'reservation_updated' mail, or folds into the one still waiting: changes close together send
 * one mail, rendered from the record at send time, and a fold that ends where it began (a party
 * of 2 made 4, then 2 again) sends nothing. The job's key is the SEQUENCE of its first change
 * (idx_outbox_job); its payload carries the latest, which the renderer checks (an older SEQUENCE
 * than the record's renders nothing), and `from`, what the guest was told before its first change.
 * A cancellation queues its own mail and settles the waiting update as skipped.
 */
export function planReservationMailJson(text: string): string {
  return JSON.stringify(planMails(JSON.parse(text) as MailRequest));
}
