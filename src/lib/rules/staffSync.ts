/**
 * Staff offline sync (issue 25, the contract in docs/staff-sync.md): the limits, the messages staff
 * read under "Not applied", the checks of a queued change's fields, and the per-field overlap
 * rule. Pure functions, bundled into pb_hooks/lib/backend.js (the server decides) and importable
 * by the tablet (it shows the same words).
 */
import { LIMITS, MESSAGES, RECORD_ID_PATTERN, RESERVATION_STATUSES, TASK_CATEGORIES, TASK_STATUSES } from './limits';
import {
  checkEmail,
  checkName,
  checkOptionalPhone,
  checkPartySize,
  checkTaskTitle,
  checkTimeSlot,
  numberField,
  textField,
  textTypeError,
  type FieldErrors,
  type Input,
} from './fieldChecks';
import { MANAGE_MESSAGES } from './waitlist';
import { REQUEST_LIMITS } from './requests';
import { isIsoDate } from '../venueTime';

export const SYNC_LIMITS = {
  /** Changes per POST /api/admin/changes. */
  maxChanges: 200,
  /** The window: the venue night and this many nights after it. */
  windowNights: 14,
  /** Tombstones and settled change ids are kept this long; an older cursor gets the full window. */
  keepDays: 30,
  /** The cursor lies this far behind the server clock, so a write still committing is not skipped. */
  cursorOverlapSeconds: 5,
} as const;

export const SYNC_COLLECTIONS = ['reservations', 'waitlist', 'tasks', 'priorities'] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];
export const SYNC_OPS = ['create', 'update', 'delete'] as const;
export type SyncOutcome = 'applied' | 'conflict' | 'refused';
export type SyncCode = 'capacity' | 'conflict' | 'cancelled' | 'not_found' | 'invalid' | 'too_late' | 'change_id_taken';

export const SYNC_MESSAGES = {
  notAdmin: 'Only staff can sync the dashboard.',
  bodyNotJson: 'Send the changes as JSON: {"changes": [ … ]}.',
  tooMany: `Send at most ${SYNC_LIMITS.maxChanges} changes at a time.`,
  badCursor: 'since must be the cursor of an earlier answer (YYYY-MM-DD HH:MM:SS.sssZ).',
  /** A cursor written right whose date or time does not exist (2026-02-30, month 13, hour 25). */
  cursorNoSuchMoment: 'since names a date or time that does not exist; send the cursor of an earlier answer (YYYY-MM-DD HH:MM:SS.sssZ).',
  /**
   * A change id already settled for another staff account (docs/staff-sync.md §2): ids are made
   * at random on each tablet, so only a faulty or hostile tablet reuses one. Nothing is applied.
   */
  changeIdTaken: "This change's id was already used by another staff account's change, so it was not applied. Make the change again.",
  badGeneration: 'generation must be the whole number of an earlier answer (1, 2, 3 …).',
  /** A change whose own shape is wrong (the contract's fields). */
  badChange: (field: string) => `This change has no valid ${field}.`,
  conflict: 'Changed on another device since this change was made. The newer value was kept; apply yours anyway if it is right.',
  notFound: 'This record no longer exists on the server.',
  tooLate: "This reservation's night has passed, so its party size, time or cancellation can no longer be changed.",
  /**
   * A party size or time sent for a reservation that is cancelled by then (another tablet, the
   * guest's link): nothing is changed and the guest is not mailed again.
   */
  cancelledMeanwhile:
    'This reservation was cancelled before this change arrived, so its party size and time were not changed. If the party is still coming, set it back to Confirmed first, then change it again.',
  notEditable: 'This field cannot be changed from the staff tablet.',
  baseMissing: 'The change does not say what this field was when it was made.',
  statusInvalid: 'Please choose a status from the list.',
  categoryInvalid: 'Please choose a category from the list.',
  booleanExpected: 'Please send true or false.',
  wholeNumber: 'Please enter a whole number.',
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  priorityRequired: 'Please write the priority.',
  waitlistLeaveOnly: 'Staff can take a party off the waitlist (status left); nothing else of an entry changes here.',
  notInLine: 'This party is no longer in line (claimed, expired or left).',
  walkInTonight: "A walk-in is for tonight's venue night.",
  reservationNotDeleted: 'Reservations are cancelled, not deleted.',
  recordExists: 'A record with this id already exists.',
  serverBusy: 'The server could not apply the changes just now; they stay queued and are sent again.',
  /**
   * The tablet's own refusal: one change whose encoded JSON alone is over the request cap
   * (REQUEST_LIMITS.bodyMaxBytes; the server would answer 413 and the queue would stall on it).
   */
  changeTooLarge: `This change is too large to send: it is over the ${REQUEST_LIMITS.bodyMaxBytes / 1024} KB a request may be. Shorten its text and make the change again, or drop it.`,
} as const;

export interface SyncChange {
  id: string;
  collection: SyncCollection;
  op: (typeof SYNC_OPS)[number];
  record_id: string;
  fields: Input;
  base: Input;
  force: boolean;
  made_at: string;
}

const isObject = (v: unknown): v is Input => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A change as sent, checked against the contract: the change, or the name of its first bad field. */
export function readChange(raw: unknown): { change: SyncChange } | { field: string } {
  if (!isObject(raw)) return { field: 'id' };
  const c = raw;
  if (typeof c.id !== 'string' || !RECORD_ID_PATTERN.test(c.id)) return { field: 'id' };
  if (!(SYNC_COLLECTIONS as readonly unknown[]).includes(c.collection)) return { field: 'collection' };
  if (!(SYNC_OPS as readonly unknown[]).includes(c.op)) return { field: 'op' };
  if (typeof c.record_id !== 'string' || !RECORD_ID_PATTERN.test(c.record_id)) return { field: 'record_id' };
  if (!isObject(c.fields)) return { field: 'fields' };
  if (c.base !== undefined && !isObject(c.base)) return { field: 'base' };
  if (c.force !== undefined && typeof c.force !== 'boolean') return { field: 'force' };
  if (c.made_at !== undefined && (typeof c.made_at !== 'string' || c.made_at.length > 40)) return { field: 'made_at' };
  const change = { ...c, base: c.base ?? {}, force: c.force === true, made_at: c.made_at ?? '' } as SyncChange;
  return { change };
}

/** Values that mean the same stored value: null, undefined and '' are one empty text. */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  return a === b;
}

export interface FieldConflict {
  field: string;
  yours: unknown;
  theirs: unknown;
}

/**
 * The overlap rule for an update, per field: the server's value equals `base` → the new value
 * applies; it already equals the new value → nothing to do (two tablets, one arrival); otherwise
 * a newer change overlaps. `force` applies the overlapping fields too. A field without a base
 * value is an error of the change (its name in `missingBase`).
 */
export function settleFields(server: Input, base: Input, fields: Input, force: boolean) {
  const apply: Input = {};
  const conflicts: FieldConflict[] = [];
  const missingBase: string[] = [];
  for (const field of Object.keys(fields)) {
    const yours = fields[field];
    if (sameValue(server[field], yours)) continue;
    if (!Object.prototype.hasOwnProperty.call(base, field)) missingBase.push(field);
    else if (sameValue(server[field], base[field]) || force) apply[field] = yours;
    else conflicts.push({ field, yours, theirs: server[field] });
  }
  return { apply, conflicts: force ? [] : conflicts, missingBase };
}

// ---- the fields of each kind of change ----

type Check = (value: unknown) => string;

const textOf = (max: number, multiline = false, required = ''): Check => (v) => {
  if (v === null && !required) return '';
  if (v === undefined && required) return required;
  const typed = v === null || v === undefined ? MESSAGES.textExpected : textTypeError(v, multiline);
  if (typed) return typed;
  if (required && (v as string).trim() === '') return required;
  return (v as string).trim().length > max ? SYNC_MESSAGES.tooLong(max) : '';
};
const oneOf = (values: readonly string[], message: string): Check => (v) => (typeof v === 'string' && values.includes(v) ? '' : message);
const bool: Check = (v) => (typeof v === 'boolean' ? '' : SYNC_MESSAGES.booleanExpected);
const wholeNumber: Check = (v) => numberField(v, (n) => (typeof n === 'number' && Number.isInteger(n) ? '' : SYNC_MESSAGES.wholeNumber));
const partySize: Check = (v) => numberField(v, checkPartySize);

const TASK_FIELDS: Record<string, Check> = {
  title: (v) => (v === undefined ? checkTaskTitle(v) : textOf(LIMITS.taskTitleMax)(v) || checkTaskTitle(v)),
  description: textOf(LIMITS.taskTextMax, true),
  cadence: textOf(LIMITS.taskCadenceMax),
  category: oneOf(
    TASK_CATEGORIES.map((c) => c.id),
    SYNC_MESSAGES.categoryInvalid,
  ),
  order_index: wholeNumber,
  is_completed: bool,
  status: oneOf(TASK_STATUSES, SYNC_MESSAGES.statusInvalid),
  notes: textOf(LIMITS.taskTextMax, true),
};

const PRIORITY_FIELDS: Record<string, Check> = {
  priority_text: textOf(LIMITS.priorityTextMax, true, SYNC_MESSAGES.priorityRequired),
  priority_date: (v) => (isIsoDate(v) ? '' : MESSAGES.dateInvalid),
  is_completed: bool,
  order_index: wholeNumber,
};

/** Each field by its check; unknown fields are refused by name; `required` must be present. */
function checkFields(fields: Input, checks: Record<string, Check>, required: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(fields)) {
    const check = checks[field];
    const problem = check ? check(fields[field]) : SYNC_MESSAGES.notEditable;
    if (problem) errors[field] = problem;
  }
  for (const field of required) {
    const check = checks[field];
    if (!(field in fields) && !errors[field] && check) errors[field] = check(undefined) || SYNC_MESSAGES.notEditable;
  }
  return errors;
}

export function validateTaskFields(fields: Input, isCreate: boolean): FieldErrors {
  return checkFields(fields, TASK_FIELDS, isCreate ? ['title', 'category'] : []);
}

export function validatePriorityFields(fields: Input, isCreate: boolean): FieldErrors {
  return checkFields(fields, PRIORITY_FIELDS, isCreate ? ['priority_text', 'priority_date'] : []);
}

/** A waitlist update: staff take a party out of line, and that is all. */
export function validateWaitlistFields(fields: Input): FieldErrors {
  const keys = Object.keys(fields);
  if (keys.length === 1 && fields.status === 'left') return {};
  const errors: FieldErrors = {};
  for (const key of keys.length ? keys : ['status']) errors[key] = SYNC_MESSAGES.waitlistLeaveOnly;
  return errors;
}

/**
 * A reservation update: status, party size, arrival time. Only a board game night changes its
 * party size or time (a slot); an event reservation keeps one guest and the event's time.
 */
export function validateReservationFields(fields: Input, board: boolean): FieldErrors {
  const checks: Record<string, Check> = {
    status: oneOf(RESERVATION_STATUSES, SYNC_MESSAGES.statusInvalid),
    party_size: (v) => partySize(v) || (board ? '' : MANAGE_MESSAGES.partySizeFixed),
    event_time: (v) => textField(v, (t) => (board ? checkTimeSlot(t) : MANAGE_MESSAGES.timeFixed)),
  };
  return checkFields(fields, checks, []);
}

/** A walk-in added from the dashboard: a board game night party on tonight's venue night. */
export function validateWalkIn(fields: Input, tonight: string): FieldErrors {
  const checks: Record<string, Check> = {
    name: (v) => textField(v, checkName),
    email: (v) => textField(v, (t) => (t === '' || t === null ? '' : checkEmail(t))),
    phone: (v) => textField(v, checkOptionalPhone),
    party_size: partySize,
    event_date: (v) => (v === tonight ? '' : SYNC_MESSAGES.walkInTonight),
    event_time: (v) => textField(v, checkTimeSlot),
  };
  return checkFields(fields, checks, ['name', 'party_size', 'event_date', 'event_time']);
}
