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
import { isoWeekday } from '../venueTime';
import {
  ATTRIBUTION_KEYS,
  BUDGET_OPTIONS,
  EVENT_TYPES,
  FIXED_WEEKLY_EVENTS,
  MESSAGES,
  RESERVATION_SOURCES,
} from './limits';
import { codedProblem, type CheckRefusalCode, type Problem } from './refusalCodes';
import { REQUEST_MESSAGES } from './requests';
import {
  checkAmount,
  checkBookingDate,
  checkDetails,
  checkEmail,
  checkEventName,
  checkInfluencerMessage,
  checkName,
  checkOptionalChoice,
  checkOptionalDate,
  checkOptionalGuests,
  checkOptionalPhone,
  checkOptionalTime,
  checkPartySize,
  checkPassDate,
  checkPassTime,
  checkPassTotal,
  checkPassword,
  checkRequiredPhone,
  checkTime,
  checkTimeSlot,
  numberField,
  textField,
  textTypeError,
  type FieldErrors,
  type Input,
} from './fieldChecks';

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

/**
 * Each refused field's message, and the code of the first refused field whose check gave one.
 * An indexed loop, no for-of or destructuring: the server runs these rules in goja
 * (server/rules.go), where both go through the iterator protocol, a tenth of a create's rules.
 */
function collect(checks: Array<[string, Problem]>, extra: Array<[string, Problem]> = []): Validated {
  const result: Validated = { errors: {} };
  const all = checks.concat(extra);
  for (let i = 0; i < all.length; i++) {
    const check = all[i]!;
    const field = check[0];
    const problem = check[1];
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
  ], extraFields(input)), input);
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
  ], extraFields(input)), input);
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
  ], extraFields(input));
}

/** Local influencer collab application. */
export function validateInfluencerApplication(input: Input): Validated {
  return collect([
    ['name', textField(input.name, checkName)],
    ['email', textField(input.email, checkEmail)],
    ['message', textField(input.message, checkInfluencerMessage, true)],
  ], extraFields(input));
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
  ], extraFields(input));
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
