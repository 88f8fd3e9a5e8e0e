/**
 * Pure validators the server hooks run on every create (bundled into pb_hooks/lib/shared.js).
 * Each returns `{ [field]: message }` with the first failing message per field, in the spec's
 * field order; an empty object means valid. Field names are the collection field names.
 *
 * The browser's zod schemas in schemas.ts enforce the same rules in the same order;
 * parity.test.ts proves both accept and reject the same table of inputs with the same message.
 */
import { isIsoDate } from '../venueTime';
import {
  BUDGET_OPTIONS,
  DATE_PATTERN,
  EMAIL_PATTERN,
  EVENT_TYPES,
  LIMITS,
  MESSAGES,
  TIME_SLOTS,
} from './limits';

export type FieldErrors = Record<string, string>;
export type Input = Record<string, unknown>;

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
  if (typeof value !== 'number' || !Number.isFinite(value)) return MESSAGES.partySizeMin;
  if (!Number.isInteger(value)) return MESSAGES.partySizeWhole;
  if (value < LIMITS.partySizeMin) return MESSAGES.partySizeMin;
  if (value > LIMITS.partySizeMax) return MESSAGES.partySizeMax;
  return '';
}

/** A venue date: blank → `emptyMessage`, malformed → 'Invalid date format', past → dateInPast. */
export function checkDate(value: unknown, todayIso: string, emptyMessage: string): string {
  const v = text(value);
  if (v === '') return emptyMessage;
  if (!DATE_PATTERN.test(v) || !isIsoDate(v)) return MESSAGES.dateInvalid;
  if (v < todayIso) return MESSAGES.dateInPast;
  return '';
}

export function checkTime(value: unknown): string {
  const v = text(value);
  if (v.length < 1) return MESSAGES.timeRequired;
  if (v.length > LIMITS.timeMax) return MESSAGES.timeTooLong;
  return '';
}

export function checkTimeSlot(value: unknown): string {
  const basic = checkTime(value);
  if (basic) return basic;
  return (TIME_SLOTS as readonly string[]).includes(text(value)) ? '' : MESSAGES.timeNotSlot;
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
  if (typeof v !== 'number' || !Number.isFinite(v) || !Number.isInteger(v)) return MESSAGES.guestsWhole;
  if (v < 1) return MESSAGES.guestsMin;
  if (v > LIMITS.inquiryGuestsSanityMax) return MESSAGES.guestsMax;
  return '';
}

export function checkOptionalDate(value: unknown, todayIso: string): string {
  if (isBlank(value)) return '';
  return checkDate(value, todayIso, MESSAGES.dateInvalid);
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

export function checkAmount(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return MESSAGES.amountInvalid;
  return '';
}

export function checkPassword(value: unknown): string {
  const v = typeof value === 'string' ? value : '';
  return v.length < LIMITS.passwordMin ? MESSAGES.passwordTooShort : '';
}

function collect(checks: Array<[string, string]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of checks) {
    if (message) errors[field] = message;
  }
  return errors;
}

const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id) as readonly string[];
const BUDGET_IDS = BUDGET_OPTIONS.map((b) => b.id) as readonly string[];

// ---- whole-form validators ----

/** Board game night table: SPEC §5 plus the past-date and time-slot rules. */
export function validateBoardGameReservation(input: Input, todayIso: string): FieldErrors {
  return collect([
    ['name', checkName(input.name)],
    ['email', checkEmail(input.email)],
    ['phone', checkOptionalPhone(input.phone)],
    ['party_size', checkPartySize(input.party_size)],
    ['event_date', checkDate(input.event_date, todayIso, MESSAGES.dateInvalid)],
    ['event_time', checkTimeSlot(input.event_time)],
  ]);
}

/** A spot at a listed event (meetups, weekly nights, trivia); party_size is always 1. */
export function validateEventReservation(input: Input, todayIso: string): FieldErrors {
  return collect([
    ['name', checkName(input.name)],
    ['email', checkEmail(input.email)],
    ['phone', checkOptionalPhone(input.phone)],
    ['event_name', checkEventName(input.event_name)],
    ['event_date', checkDate(input.event_date, todayIso, MESSAGES.dateRequired)],
    ['event_time', checkTime(input.event_time)],
  ]);
}

/** Private event inquiry ('Plan Your Event'). */
export function validateInquiry(input: Input, todayIso: string): FieldErrors {
  return collect([
    ['name', checkName(input.name)],
    ['email', checkEmail(input.email)],
    ['phone', checkRequiredPhone(input.phone)],
    ['event_type', checkOptionalChoice(input.event_type, EVENT_TYPE_IDS, MESSAGES.eventTypeInvalid)],
    ['number_of_people', checkOptionalGuests(input.number_of_people)],
    ['budget', checkOptionalChoice(input.budget, BUDGET_IDS, MESSAGES.budgetInvalid)],
    ['preferred_date', checkOptionalDate(input.preferred_date, todayIso)],
    ['preferred_time', checkOptionalTime(input.preferred_time)],
    ['message', checkDetails(input.message)],
  ]);
}

/** Local influencer collab application. */
export function validateInfluencerApplication(input: Input): FieldErrors {
  return collect([
    ['name', checkName(input.name)],
    ['email', checkEmail(input.email)],
    ['message', checkInfluencerMessage(input.message)],
  ]);
}

/** Monthly pass receipt (from the /thank-you page's query parameters). */
export function validatePassConfirmation(input: Input): FieldErrors {
  const errors = collect([
    ['name', checkName(input.name)],
    ['email', checkEmail(input.email)],
    ['date', checkPassText(input.date)],
    ['time', checkPassText(input.time)],
    ['people', checkPartySize(input.people)],
    ['cost', checkAmount(input.cost)],
    ['tax', checkAmount(input.tax)],
    ['total', checkAmount(input.total)],
  ]);
  if (!errors.cost && !errors.tax && !errors.total) {
    const cost = input.cost as number;
    const tax = input.tax as number;
    const total = input.total as number;
    if (Math.abs(cents(cost + tax) - cents(total)) > 0.001) errors.total = MESSAGES.totalMismatch;
  }
  return errors;
}

/** Admin sign-in and sign-up. */
export function validateLogin(input: Input): FieldErrors {
  return collect([
    ['email', checkEmail(input.email)],
    ['password', checkPassword(input.password)],
  ]);
}
