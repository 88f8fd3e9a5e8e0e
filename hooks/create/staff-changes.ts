/**
 * The staff tablet's queued changes (POST /api/admin/changes, issue 25, docs/staff-sync.md §2) for
 * Go (server/staffchanges.go, issue 33). Go reads the body, each change's stored record (by its
 * sync shape) and, when a plan asks, a night's seats; it writes what these plans decide, each
 * change in its own write turn with its settled id, and answers the results. Each call is JSON
 * text in and out.
 *
 * The rules per collection (README, staff section):
 *  - tasks and priorities: create, update and delete, checked with the shared rules
 *    (S.validateTaskFields, S.validatePriorityFields); a delete of a record already gone is applied;
 *  - the waitlist: staff take a party out of line (status left), as the guest's leave link does, and
 *    its held seats go to the next party;
 *  - reservations: status, party size and arrival time, and walk-ins. A change that needs seats (a
 *    bigger party, cancelled or no-show back to confirmed or arrived, a walk-in) passes the night's
 *    seats, refused in staff's words; a change of size, time or a cancellation on a night that has
 *    passed is too late; a size or time for a reservation cancelled meanwhile is refused unless the
 *    same change restores it. The guest hears about it as from the manage link (a cancellation, or
 *    the updated invitation); arrived and no-show mail nothing. Freed seats go to the waitlist.
 *  - every update: the overlap rule per field (S.settleFields): a field changed on the server since
 *    the change was made is a conflict, unless the change is forced.
 */
import * as S from '../rules';
import { actorOfAuth, madeAtOf, writeEntry, activityColumns, type AuthFacts, type Who } from '../lib/activity-entry';
import { nightOf, staffShortfall, type SeatsRow } from '../lib/capacity';
import { guestFields } from '../lib/guest-records';
import type { FieldErrors } from '../lib/http';
import * as Ids from '../lib/ids';
import { isLiveWaitlistStatus } from '../outbox/waitlist-position';
import { SHAPES, type SyncRecord } from '../lib/sync-records';

/** A change's outcome, as the tablet reads it (docs/staff-sync.md §2). */
interface Outcome {
  outcome: 'applied' | 'refused' | 'conflict';
  code?: string;
  message?: string;
  record?: SyncRecord;
  fields?: FieldErrors;
  conflicts?: S.FieldConflict[];
}

/** A change's result: its outcome with its id; replayed when answered from the stored result. */
type Result = { id: string; replayed: boolean } & Outcome;

type Change = S.SyncChange;
/** The stored record, by its collection's sync shape; null when there is none. */
type Stored = SyncRecord | null;

// ---- outcomes -------------------------------------------------------------------------------

const applied = (record: Stored): Outcome => (record ? { outcome: 'applied', record } : { outcome: 'applied' });

function refused(code: string, message: string, record?: Stored, fields?: FieldErrors): Outcome {
  const out: Outcome = { outcome: 'refused', code, message };
  if (record) out.record = record;
  if (fields) out.fields = fields;
  return out;
}

/** Refused as invalid: the message names the first bad field ("party_size: Maximum 20 people"). */
function invalid(errors: FieldErrors, record?: Stored): Outcome {
  const field = Object.keys(errors)[0] ?? '';
  return refused('invalid', `${field}: ${errors[field]}`, record, errors);
}

const notFound = (): Outcome => refused('not_found', S.SYNC_MESSAGES.notFound);

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The overlap rule on the stored record: { apply } the fields to write, or { outcome } when the change stops here. */
function settleOn(collection: string, r: SyncRecord, change: Change): { outcome: Outcome } | { apply: Record<string, unknown> } {
  const shape = SHAPES[collection] ?? {};
  const server: SyncRecord = {};
  Object.keys(change.fields).forEach((field) => {
    if (shape[field] && r[field] !== undefined) server[field] = r[field] as string | number | boolean;
  });
  const settled = S.settleFields(server, change.base, change.fields, change.force);
  if (settled.missingBase.length) {
    const errors: FieldErrors = {};
    settled.missingBase.forEach((f) => {
      errors[f] = S.SYNC_MESSAGES.baseMissing;
    });
    return { outcome: invalid(errors, r) };
  }
  if (settled.conflicts.length) {
    return { outcome: { outcome: 'conflict', code: 'conflict', message: S.SYNC_MESSAGES.conflict, record: r, conflicts: settled.conflicts } };
  }
  return { apply: settled.apply };
}

// ---- plans ----------------------------------------------------------------------------------

/** What the guest was last told of a reservation (server/reservationmails.go Told). */
interface Told {
  party_size: number;
  event_time: string;
  status: string;
}

/**
 * A write Go makes for a change, on the change's record_id: create (validate false: saved without
 * the collection's own checks, done here), update with `fields`, or delete. `save` saves a
 * reservation with what its guest hears (server/reservationmails.go: the cancellation, or the
 * updated invitation with `told`, what the guest knew); `offer` is the night whose freed seats
 * the waitlist is offered after it.
 */
interface Write {
  op: 'create' | 'update' | 'delete';
  fields?: Record<string, unknown>;
  validate?: boolean;
  save?: 'cancel' | 'change';
  told?: Told;
  offer?: string;
}

/** A plan: an outcome with nothing to write, the night whose seats it needs to decide, or a write. */
type Plan = { outcome: Outcome } | { seats: string } | { write: Write };

/** What a plan reads: the change, its stored record, the night's seats once asked for, the instant. */
interface Facts {
  change: Change;
  record: Stored;
  seats: SeatsRow | null;
  now: Date;
}

/** Stored text: trimmed, '' for null (the collections store text, blank as ''). */
function storedText(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.keys(fields).forEach((k) => {
    const v = fields[k];
    out[k] = v === null ? '' : typeof v === 'string' ? v.trim() : v;
  });
  return out;
}

type Validate = (fields: Record<string, unknown>, isCreate: boolean) => FieldErrors;

/** Tasks and priorities: create, update and delete with their collection's checks and defaults. */
function editable(collection: string, validate: Validate, defaults: Record<string, unknown>) {
  return ({ change, record: r }: Facts): Plan => {
    if (change.op === 'delete') return r ? { write: { op: 'delete' } } : { outcome: applied(null) };
    if (change.op === 'create') {
      if (r) return { outcome: invalid({ id: S.SYNC_MESSAGES.recordExists }) };
      const errors = validate(change.fields, true);
      if (hasErrors(errors)) return { outcome: invalid(errors) };
      return { write: { op: 'create', fields: Object.assign({}, defaults, storedText(change.fields)) } };
    }
    if (!r) return { outcome: notFound() };
    const errors = validate(change.fields, false);
    if (hasErrors(errors)) return { outcome: invalid(errors, r) };
    const settled = settleOn(collection, r, change);
    if ('outcome' in settled) return settled;
    if (Object.keys(settled.apply).length === 0) return { outcome: applied(r) };
    return { write: { op: 'update', fields: storedText(settled.apply) } };
  };
}

/** The waitlist: staff take a party out of line (status left); its seats go to the next party. */
function waitlist({ change, record: r }: Facts): Plan {
  if (change.op !== 'update') return { outcome: invalid({ op: S.SYNC_MESSAGES.waitlistLeaveOnly }) };
  if (!r) return { outcome: notFound() };
  const errors = S.validateWaitlistFields(change.fields);
  if (hasErrors(errors)) return { outcome: invalid(errors, r) };
  const settled = settleOn('waitlist', r, change);
  if ('outcome' in settled) return settled;
  if (Object.keys(settled.apply).length === 0) return { outcome: applied(r) };
  // Forced over a claim or an expiry: the entry is out of line already, nothing to take out.
  if (!isLiveWaitlistStatus(String(r.status))) return { outcome: refused('invalid', S.SYNC_MESSAGES.notInLine, r) };
  return { write: { op: 'update', fields: { status: 'left' }, offer: String(r.event_date) } };
}

/** A reservation's change of status, party size or time. */
function reservationUpdate({ change, record: r, seats, now }: Facts): Plan {
  if (!r) return { outcome: notFound() };
  const errors = S.validateReservationFields(change.fields, S.isBoardGameNight(String(r.event_name)));
  if (hasErrors(errors)) return { outcome: invalid(errors, r) };
  const settled = settleOn('reservations', r, change);
  if ('outcome' in settled) return settled;
  const apply = settled.apply;
  if (Object.keys(apply).length === 0) return { outcome: applied(r) };
  // Cancelled meanwhile (another tablet, the guest's link): a new size or time would be stored on a
  // cancelled booking and mailed as a second cancellation. Only a change that restores it may.
  const resizes = apply.party_size !== undefined || apply.event_time !== undefined;
  if (resizes && r.status === 'cancelled' && apply.status === undefined) return { outcome: refused('cancelled', S.SYNC_MESSAGES.cancelledMeanwhile, r) };
  const tonight = S.venueNight(now);
  const date = String(r.event_date);
  if (date < tonight && (resizes || apply.status === 'cancelled')) return { outcome: refused('too_late', S.SYNC_MESSAGES.tooLate, r) };
  const before = { status: String(r.status), party: Number(r.party_size), time: String(r.event_time), counts: S.takesSeats({ event_name: String(r.event_name), status: String(r.status) }) };
  const fields: Record<string, unknown> = {};
  if (apply.status !== undefined) fields.status = apply.status;
  if (apply.party_size !== undefined) fields.party_size = apply.party_size;
  if (apply.event_time !== undefined) fields.event_time = S.text(apply.event_time);
  const after = { status: String(fields.status ?? before.status), party: Number(fields.party_size ?? before.party), time: String(fields.event_time ?? before.time) };
  const countsAfter = S.takesSeats({ event_name: String(r.event_name), status: after.status });
  if (countsAfter && (!before.counts || after.party > before.party)) {
    if (!seats) return { seats: date };
    const refusal = staffShortfall(date, after.party, nightOf(seats), before.counts ? before.party : 0, tonight);
    if (refusal) return { outcome: refused('capacity', refusal.message, r, refusal.fields) };
  }
  // A cancellation is mailed once, when the status becomes cancelled (its seats are offered with it).
  if (after.status === 'cancelled' && before.status !== 'cancelled') return { write: { op: 'update', fields, save: 'cancel' } };
  const write: Write = { op: 'update', fields };
  if (after.party !== before.party || after.time !== before.time || (before.status === 'cancelled' && after.status === 'confirmed')) {
    write.save = 'change';
    write.told = { party_size: before.party, event_time: before.time, status: before.status };
  }
  // A no-show (or any change that stops counting) gives its seats back to the waitlist.
  if (before.counts && !countsAfter) write.offer = date;
  return { write };
}

/** A walk-in: a board game night party arrived tonight, added from the dashboard (no mail). */
function walkIn({ change, record: r, seats, now }: Facts): Plan {
  const f = change.fields;
  if (r) return { outcome: invalid({ id: S.SYNC_MESSAGES.recordExists }) };
  const tonight = S.venueNight(now);
  // Made offline before 4:00 and sent after: that night is over.
  if (S.isIsoDate(f.event_date) && f.event_date < tonight) return { outcome: refused('too_late', S.SYNC_MESSAGES.walkInTonight) };
  const errors = S.validateWalkIn(f, tonight);
  if (hasErrors(errors)) return { outcome: invalid(errors) };
  if (!seats) return { seats: tonight };
  // validateWalkIn accepted party_size as a whole number.
  const refusal = staffShortfall(tonight, f.party_size as number, nightOf(seats), 0, tonight);
  if (refusal) return { outcome: refused('capacity', refusal.message, null, refusal.fields) };
  const fields = Object.assign(guestFields(f), {
    event_name: S.BOARD_GAME_NIGHT,
    event_date: tonight,
    event_time: S.text(f.event_time),
    party_size: f.party_size,
    source: 'kiosk',
    status: 'arrived',
    cancel_token: Ids.randomToken(),
    ics_sequence: 0,
    reminded_at: '',
  });
  // Checked above with the shared rules; the collection's own check would refuse the empty email a walk-in may have.
  return { write: { op: 'create', fields, validate: false } };
}

function reservations(facts: Facts): Plan {
  if (facts.change.op === 'create') return walkIn(facts);
  if (facts.change.op === 'update') return reservationUpdate(facts);
  return { outcome: invalid({ op: S.SYNC_MESSAGES.reservationNotDeleted }) };
}

const PLANS: Record<S.SyncCollection, (facts: Facts) => Plan> = {
  reservations,
  waitlist,
  tasks: editable('tasks', S.validateTaskFields, { description: '', cadence: '', order_index: 0, is_completed: false, status: 'unchecked', notes: '' }),
  priorities: editable('priorities', S.validatePriorityFields, { is_completed: false, order_index: 0 }),
};

// ---- the calls ------------------------------------------------------------------------------

/** A 503's words: the database failed a change; the tablet keeps the batch and sends it again. */
export const STAFF_CHANGES_BUSY = S.SYNC_MESSAGES.serverBusy;

/** The request as Go read it: its type and text, the signed-in account and the tablet's name. */
interface ChangesRequest {
  contentType: string;
  body: string;
  auth: AuthFacts | null;
  device: string;
}

/**
 * The request's body: { error } (a 400's words: JSON only, { changes: [...] }, at most 200), or
 * the changes as sent with who sends them (the actor and device of their activity rows).
 */
export function readChangesJson(text: string): string {
  const req = JSON.parse(text) as ChangesRequest;
  const error = (message: string) => JSON.stringify({ error: message });
  if (req.contentType.toLowerCase().indexOf('application/json') !== 0) return error(S.SYNC_MESSAGES.bodyNotJson);
  let body: { changes?: unknown } | null;
  try {
    body = JSON.parse(req.body) as { changes?: unknown } | null;
  } catch (_) {
    return error(S.SYNC_MESSAGES.bodyNotJson);
  }
  if (!body || typeof body !== 'object' || !Array.isArray(body.changes)) return error(S.SYNC_MESSAGES.bodyNotJson);
  if (body.changes.length > S.SYNC_LIMITS.maxChanges) return error(S.SYNC_MESSAGES.tooMany);
  const who: Who = Object.assign(actorOfAuth(req.auth), { device: req.device });
  return JSON.stringify({ who, changes: body.changes });
}

/**
 * One change as sent: { result } refusing a malformed one (never stored: it has no usable id), or
 * the change read, with `taken`: the answer when its id is already settled for another account.
 */
export function readStaffChangeJson(text: string): string {
  const raw = JSON.parse(text) as unknown;
  const read = S.readChange(raw);
  if ('change' in read) {
    const taken: Result = { id: read.change.id, outcome: 'refused', replayed: false, code: 'change_id_taken', message: S.SYNC_MESSAGES.changeIdTaken };
    return JSON.stringify({ change: read.change, taken });
  }
  const given = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  const id = typeof given === 'string' ? given.slice(0, 40) : '';
  const message = S.SYNC_MESSAGES.badChange(read.field);
  const result: Result = { id, outcome: 'refused', replayed: false, code: 'invalid', message, fields: { [read.field]: message } };
  return JSON.stringify({ result });
}

/**
 * A read change on its stored record ({ change, record, seats?, now }): { result } to store and
 * answer with nothing written, { seats: date } to ask again with that night's seats, or { write }.
 */
export function planStaffChangeJson(text: string): string {
  const req = JSON.parse(text) as { change: Change; record: Stored; seats?: SeatsRow | null; now: string };
  const plan = PLANS[req.change.collection]({ change: req.change, record: req.record, seats: req.seats ?? null, now: new Date(req.now) });
  if ('outcome' in plan) return JSON.stringify({ result: Object.assign({ id: req.change.id, replayed: false }, plan.outcome) });
  return JSON.stringify(plan);
}

/** A record as the log keeps it: its shape's fields without id, created and updated. */
function snapshotOf(record: Stored): S.Snapshot | null {
  if (!record) return null;
  const out: S.Snapshot = {};
  Object.keys(record).forEach((k) => {
    if (k !== 'id' && k !== 'created' && k !== 'updated') out[k] = record[k] as string | number | boolean;
  });
  return out;
}

/**
 * A written change ({ change, before, after, who, now }: the stored record before and after the
 * write, null where there is none): its result, applied, and its activity row's columns, or null
 * when no field changed.
 */
export function settleStaffChangeJson(text: string): string {
  const req = JSON.parse(text) as { change: Change; before: Stored; after: Stored; who: Who; now: string };
  const { change, who } = req;
  const after = change.op === 'delete' ? null : req.after;
  const result: Result = Object.assign({ id: change.id, replayed: false }, applied(after));
  const before = change.op === 'create' ? null : snapshotOf(req.before);
  const entry = writeEntry(who, change.collection, change.record_id, change.op, before, snapshotOf(after), madeAtOf(change.made_at, new Date(req.now)));
  return JSON.stringify({ result, activity: entry ? activityColumns(entry) : null });
}
