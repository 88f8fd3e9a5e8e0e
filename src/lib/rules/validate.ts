/**
 * Pure validators the server hooks run on every create (bundled into pb_hooks/lib/backend.js).
 * Each returns `{ errors, code }`: `errors` is `{ [field]: message }` with the first failing
 * message per field, in the spec's field order (an empty object means valid; field names are the
 * collection field names), and `code` the refusal code a refused field's check gave (refusalCodes.ts).
 *
 * The browser's zod schemas in schemas.ts run these same checks (they add only the type rules and
 * what a form keeps); parity.test.ts proves both accept and reject the same table of inputs with
 * the same message.
 */
import { addDays, isIsoDate, isoWeekday } from '../venueTime';
import {
  ATTRIBUTION_KEYS,
  BUDGET_OPTIONS,
  DATE_PATTERN,
  EMAIL_PATTERN,
  EVENT_TYPES,
  FIXED_WEEKLY_EVENTS,
  LIMITS,
  MESSAGES,
  RESERVATION_SOURCES,
  TIME_SLOTS,
} from './limits';
import { codedProblem, type CheckRefusalCode, type Problem } from './refusalCodes';
import { REQUEST_MESSAGES } from './requests';
import { isWalkInTime } from './walkIns';

export type FieldErrors = Record<string, string>;

/**
 * A whole form's answer: the message per field, and the refusal code of the first refused field
 * (in field order) whose check gave one; the hooks answer it as the refusal's `code`.
 */
export interface Validated {
  errors: FieldErrors;
  code?: CheckRefusalCode;
}

/** A pass_confirmations record as the browser sends it (dollars, two decimals). */
export interface PassConfirmationBody {
  name: string;
  email: string;
  date: string;
  time: string;
  people: number;
  cost: number;
  tax: number;
  total: number;
}
export type Input = Record<string, unknown>;

// ---- types and characters: checked first, so a wrong type is refused, never coerced ----

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/**
 * C0 controls, DEL and the C1 controls (U+0080–U+009F: NEL, U+0085, breaks a line in some
 * readers), the line and paragraph separators (U+2028, U+2029: line breaks too, so a one-line
 * field such as a name would print over two lines on the host stand) and the Unicode bidi
 * embeddings, overrides and isolates.
 */
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/**
 * The same, but tab, line feed, carriage return and the line and paragraph separators are
 * allowed (multi-line messages: line breaks there are wanted). The C1 controls are not.
 */
const CONTROL_OR_BIDI_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/* eslint-enable no-control-regex */

/** True when text holds characters no form field needs (`multiline` allows tab and newlines). */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(value);
}

/** A text field given something else (number, boolean, list, object), or with control characters. */
export function textTypeError(value: unknown, multiline = false): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return MESSAGES.textExpected;
  return hasControlCharacters(value, multiline) ? MESSAGES.controlCharacters : '';
}

/** A number field given something else; `numericText` also allows a string (checked later). */
export function numberTypeError(value: unknown, numericText = false): string {
  if (value === undefined || value === null || typeof value === 'number') return '';
  return numericText && typeof value === 'string' ? '' : MESSAGES.numberExpected;
}

/**
 * A letter of any script: a cased letter (Latin, Greek, Cyrillic, …) or a character of the
 * common uncased scripts. Written without \p{L}, which the hooks' JavaScript engine lacks.
 */
const UNCASED_LETTER = /[\u05D0-\u05EA\u0620-\u064A\u0671-\u06D3\u0904-\u0939\u0E01-\u0E30\u3041-\u3096\u30A1-\u30FA\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7A3]/;
export function hasLetter(value: string): boolean {
  for (const ch of value) {
    if (ch.toLowerCase() !== ch.toUpperCase() || UNCASED_LETTER.test(ch)) return true;
  }
  return false;
}

/** Trimmed text of a string input; anything else counts as empty. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** True when an optional input was left out: undefined, null, '' or whitespace, or NaN. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** Optional numeric input: blank → undefined, numeric string → number, other → as is. */
export function optionalNumber(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return value;
}

/** Optional text as stored: trimmed, or null when blank (SPEC §5: a task's description and cadence). */
export function nullIfBlank(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Counts the digits of a phone number. */
export function phoneDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** Rounds dollars to cents. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

// ---- single-field checks: the first failing message, or '' ----

export function checkName(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.nameRequired;
  if (v.length > LIMITS.nameMax) return MESSAGES.nameTooLong;
  if (!hasLetter(v)) return MESSAGES.nameNeedsLetter;
  return '';
}

export function checkEmail(value: unknown): string {
  const v = text(value);
  if (!EMAIL_PATTERN.test(v)) return MESSAGES.emailInvalid;
  if (v.length > LIMITS.emailMax) return MESSAGES.emailTooLong;
  return '';
}

export function checkOptionalPhone(value: unknown): string {
  const v = text(value);
  if (v === '') return '';
  if (v.length > LIMITS.phoneMax) return MESSAGES.phoneTooLong;
  if (phoneDigits(v) < LIMITS.phoneMinDigits) return MESSAGES.phoneInvalid;
  return '';
}

export function checkRequiredPhone(value: unknown): string {
  if (text(value) === '') return MESSAGES.phoneRequired;
  return checkOptionalPhone(value);
}

export function checkPartySize(value: unknown): string {
  // A JSON number too large for a double (1e400) reaches the rules as Infinity (server/bodies.go).
  if (value === Infinity) return MESSAGES.partySizeMax;
  if (typeof value !== 'number' || !Number.isFinite(value)) return MESSAGES.partySizeMin;
  if (!Number.isInteger(value)) return MESSAGES.partySizeWhole;
  if (value < LIMITS.partySizeMin) return MESSAGES.partySizeMin;
  if (value > LIMITS.partySizeMax) return MESSAGES.partySizeMax;
  return '';
}

/** A venue date: blank → `emptyMessage`, malformed → 'Invalid date format', past → date_in_past. */
export function checkDate(value: unknown, todayIso: string, emptyMessage: string): Problem {
  const v = text(value);
  if (v === '') return emptyMessage;
  if (!DATE_PATTERN.test(v) || !isIsoDate(v)) return MESSAGES.dateInvalid;
  if (v < todayIso) return codedProblem('date_in_past');
  return '';
}

/** The last bookable night: today plus the booking horizon (the date pickers stop there too). */
export function lastBookableDate(todayIso: string): string {
  return addDays(todayIso, LIMITS.bookingHorizonDays);
}

/** A reservation date: a date, today or later, within the booking horizon. */
export function checkBookingDate(value: unknown, todayIso: string, emptyMessage: string): Problem {
  const basic = checkDate(value, todayIso, emptyMessage);
  if (basic) return basic;
  return text(value) > lastBookableDate(todayIso) ? codedProblem('date_beyond_horizon') : '';
}

export function checkTime(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.timeRequired;
  if (v.length > LIMITS.timeMax) return MESSAGES.timeTooLong;
  return '';
}

/**
 * A board game night's arrival: one of the listed slots; from the door kiosk (`source` 'kiosk')
 * also the time the walk-in is there ('11:45 PM'), which the server then checks against the
 * night's open tables (walkIns.ts).
 */
export function checkTimeSlot(value: unknown, source?: unknown): string {
  const basic = checkTime(value);
  if (basic) return basic;
  if ((TIME_SLOTS as readonly string[]).includes(text(value))) return '';
  return source === 'kiosk' && isWalkInTime(text(value)) ? '' : MESSAGES.timeNotSlot;
}

export function checkEventName(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.eventNameRequired;
  if (v.length > LIMITS.eventNameMax) return MESSAGES.eventNameTooLong;
  return '';
}

export function checkInfluencerMessage(value: unknown): string {
  const v = text(value);
  if (v.length < LIMITS.messageMin) return MESSAGES.messageTooShort;
  if (v.length > LIMITS.messageMax) return MESSAGES.messageTooLong;
  return '';
}

export function checkDetails(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.detailsRequired;
  if (v.length > LIMITS.detailsMax) return MESSAGES.detailsTooLong;
  return '';
}

export function checkOptionalChoice(value: unknown, ids: readonly string[], message: string): string {
  if (isBlank(value)) return '';
  return typeof value === 'string' && ids.includes(value.trim()) ? '' : message;
}

export function checkOptionalGuests(value: unknown): string {
  const v = optionalNumber(value);
  if (v === undefined) return '';
  if (v === Infinity) return MESSAGES.guestsMax;
  if (v === -Infinity) return MESSAGES.guestsMin;
  if (typeof v !== 'number' || !Number.isFinite(v) || !Number.isInteger(v)) return MESSAGES.guestsWhole;
  if (v < 1) return MESSAGES.guestsMin;
  if (v > LIMITS.inquiryGuestsSanityMax) return MESSAGES.guestsMax;
  return '';
}

export function checkOptionalDate(value: unknown, todayIso: string): Problem {
  if (isBlank(value)) return '';
  const basic = checkDate(value, todayIso, MESSAGES.dateInvalid);
  if (basic) return basic;
  return text(value) > addDays(todayIso, LIMITS.inquiryHorizonDays) ? MESSAGES.inquiryDateTooFar : '';
}

export function checkOptionalTime(value: unknown): string {
  if (isBlank(value)) return '';
  return text(value).length > LIMITS.timeMax ? MESSAGES.timeTooLong : '';
}

export function checkPassText(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.passTextRequired;
  if (v.length > LIMITS.passTextMax) return MESSAGES.passTextTooLong;
  return '';
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const LONG_DATE = /^(?:([A-Za-z]+),\s*)?([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/;

/** A pass date as the pass page writes it ('Saturday, December 5, 2026', 'December 5, 2026' or 2026-12-05), or null. */
export function parsePassDate(value: string): string | null {
  const v = value.trim();
  if (DATE_PATTERN.test(v)) return isIsoDate(v) ? v : null;
  const m = LONG_DATE.exec(v);
  if (!m) return null;
  const month = MONTH_NAMES.indexOf((m[2] ?? '').toLowerCase()) + 1;
  if (month < 1) return null;
  const iso = `${m[4]}-${String(month).padStart(2, '0')}-${String(Number(m[3])).padStart(2, '0')}`;
  if (!isIsoDate(iso)) return null;
  if (m[1] && DAY_NAMES.indexOf(m[1].toLowerCase()) + 1 !== isoWeekday(iso)) return null;
  return iso;
}

/** A clock time and nothing else: '7:00 PM', '7pm', '10PM' or 24-hour '19:00'. */
const CLOCK_TIME = /^(?:(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*[AaPp]\.?\s*[Mm]\.?|(?:[01]?\d|2[0-3]):[0-5]\d)$/;

/** The pass's date: a real date within the 30 days a pass is valid, counted from today either way. */
export function checkPassDate(value: unknown, todayIso: string): Problem {
  const basic = checkPassText(value);
  if (basic) return basic;
  const iso = parsePassDate(text(value));
  if (!iso) return MESSAGES.passDateInvalid;
  const valid = iso >= addDays(todayIso, -LIMITS.passValidDays) && iso <= addDays(todayIso, LIMITS.passValidDays);
  return valid ? '' : codedProblem('pass_date_outside_validity');
}

export function checkPassTime(value: unknown): string {
  const basic = checkPassText(value);
  if (basic) return basic;
  return CLOCK_TIME.test(text(value)) ? '' : MESSAGES.passTimeInvalid;
}

/** The pass's total against its cost and tax (each already a valid amount), to the cent. */
export function checkPassTotal(cost: number, tax: number, total: number): string {
  return Math.abs(cents(cost + tax) - cents(total)) > 0.001 ? MESSAGES.totalMismatch : '';
}

export function checkAmount(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return MESSAGES.amountInvalid;
  return '';
}

/** A staff task's title (SPEC §5 "New task"). */
export function checkTaskTitle(value: unknown): string {
  return text(value) === '' ? MESSAGES.taskTitleRequired : '';
}

export function checkPassword(value: unknown): string {
  const v = typeof value === 'string' ? value : '';
  return v.length < LIMITS.passwordMin ? MESSAGES.passwordTooShort : '';
}

/** Each refused field's message, and the code of the first refused field whose check gave one. */
function collect(checks: Array<[string, Problem]>): Validated {
  const result: Validated = { errors: {} };
  for (const [field, problem] of checks) {
    if (typeof problem !== 'string') {
      result.errors[field] = problem.message;
      if (!result.code) result.code = problem.code;
    } else if (problem) result.errors[field] = problem;
  }
  return result;
}

const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id) as readonly string[];
const BUDGET_IDS = BUDGET_OPTIONS.map((b) => b.id) as readonly string[];

// ---- whole-form validators ----

/** Text field: its type and characters first, then its own rule. */
const textField = (value: unknown, check: (v: unknown) => Problem, multiline = false): Problem => textTypeError(value, multiline) || check(value);
/** Number field: its type first, then its own rule. */
const numberField = (value: unknown, check: (v: unknown) => string, numericText = false) => numberTypeError(value, numericText) || check(value);
const none = () => '';
/** A number field with no rule of its own still refuses ±Infinity (a JSON 1e400, see server/bodies.go). */
const finite = (value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? REQUEST_MESSAGES.numberOutOfRange : '');

/**
 * Fields the public forms send besides the visible ones (attribution, source page): optional
 * text, so a wrong type or control characters are refused like anywhere else.
 */
export const EXTRA_TEXT_FIELDS = ['source', 'event_source_url', ...ATTRIBUTION_KEYS] as const;

function extraFields(input: Input): Array<[string, string]> {
  return EXTRA_TEXT_FIELDS.map((f) => [f, textTypeError(input[f])]);
}

/** A reservation's source is one of its select field's values (else PocketBase said only "Failed to create record."). */
function withReservationSource(validated: Validated, input: Input): Validated {
  if (!validated.errors.source) {
    const problem = checkOptionalChoice(input.source, RESERVATION_SOURCES, REQUEST_MESSAGES.reservationSourceInvalid);
    if (problem) validated.errors.source = problem;
  }
  return validated;
}

// ---- whole-form validators ----

/** Board game night table: SPEC §5 plus the past-date, horizon and time-slot rules. */
export function validateBoardGameReservation(input: Input, todayIso: string): Validated {
  return withReservationSource(collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['phone', textField(input.phone, checkOptionalPhone)],
    ['party_size', numberField(input.party_size, checkPartySize)],
    ['event_name', textField(input.event_name, none)],
    ['event_date', textField(input.event_date, (v) => checkBookingDate(v, todayIso, MESSAGES.dateInvalid))],
    ['event_time', textField(input.event_time, (v) => checkTimeSlot(v, input.source))],
    ...extraFields(input),
  ]), input);
}

/**
 * A spot at a listed event (meetups, weekly nights, trivia); party_size is always 1. Whether
 * the event exists and runs on that date is checked against the events (checkScheduledEvent).
 */
export function validateEventReservation(input: Input, todayIso: string): Validated {
  return withReservationSource(collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['phone', textField(input.phone, checkOptionalPhone)],
    ['party_size', numberField(input.party_size, finite)],
    ['event_name', textField(input.event_name, checkEventName)],
    ['event_date', textField(input.event_date, (v) => checkBookingDate(v, todayIso, MESSAGES.dateRequired))],
    ['event_time', textField(input.event_time, checkTime)],
    ...extraFields(input),
  ]), input);
}

/** An event a guest can reserve: an events record or one of FIXED_WEEKLY_EVENTS. */
export interface ScheduledEvent {
  title: string;
  time: string;
  kind: 'weekly' | 'special';
  weekday?: number;
  date?: string;
}

/** Why no scheduled event fits: its message and its code (event_unknown is about the name, event_not_on_date the date). */
export interface UnscheduledEvent {
  event: null;
  error: string;
  code: 'event_unknown' | 'event_not_on_date';
}

/** The active events of a title plus the fixed ones; the first that runs on `dateIso`, or the refusal. */
export function checkScheduledEvent(events: ScheduledEvent[], name: string, dateIso: string): { event: ScheduledEvent; error: '' } | UnscheduledEvent {
  const fixed: ScheduledEvent[] = FIXED_WEEKLY_EVENTS.map((e) => ({ title: e.title, time: e.time, kind: 'weekly', weekday: e.weekday }));
  const named = events.concat(fixed).filter((e) => e.title === name.trim());
  const refused = (code: UnscheduledEvent['code']): UnscheduledEvent => ({ event: null, error: codedProblem(code).message, code });
  if (named.length === 0) return refused('event_unknown');
  const runs = named.find((e) => (e.kind === 'weekly' ? e.weekday === isoWeekday(dateIso) : e.date === dateIso));
  return runs ? { event: runs, error: '' } : refused('event_not_on_date');
}

/** Private event inquiry ('Plan Your Event'). */
export function validateInquiry(input: Input, todayIso: string): Validated {
  return collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['phone', textField(input.phone, checkRequiredPhone)],
    ['event_type', textField(input.event_type, (v) => checkOptionalChoice(v, EVENT_TYPE_IDS, MESSAGES.eventTypeInvalid))],
    ['number_of_people', numberField(input.number_of_people, checkOptionalGuests, true)],
    ['budget', textField(input.budget, (v) => checkOptionalChoice(v, BUDGET_IDS, MESSAGES.budgetInvalid))],
    ['preferred_date', textField(input.preferred_date, (v) => checkOptionalDate(v, todayIso))],
    ['preferred_time', textField(input.preferred_time, checkOptionalTime)],
    ['message', textField(input.message, checkDetails, true)],
    ...extraFields(input),
  ]);
}

/** Local influencer collab application. */
export function validateInfluencerApplication(input: Input): Validated {
  return collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['message', textField(input.message, checkInfluencerMessage, true)],
    ...extraFields(input),
  ]);
}

/** Monthly pass receipt (from the /thank-you page's query parameters). */
export function validatePassConfirmation(input: Input, todayIso: string): Validated {
  const validated = collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['date', textField(input.date, (v) => checkPassDate(v, todayIso))],
    ['time', textField(input.time, checkPassTime)],
    ['people', numberField(input.people, checkPartySize)],
    ['cost', numberField(input.cost, checkAmount)],
    ['tax', numberField(input.tax, checkAmount)],
    ['total', numberField(input.total, checkAmount)],
    ...extraFields(input),
  ]);
  const { errors } = validated;
  if (!errors.cost && !errors.tax && !errors.total) {
    const mismatch = checkPassTotal(input.cost as number, input.tax as number, input.total as number);
    if (mismatch) errors.total = mismatch;
  }
  return validated;
}

/** Admin sign-in and sign-up. */
export function validateLogin(input: Input): Validated {
  return collect([
    ['email', textField(input.email, checkEmail)],
    ['password', checkPassword(input.password)],
  ]);
}
