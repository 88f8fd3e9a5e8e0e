/**
 * The per-field checks shared by the browser's schemas (schemas.ts, staffSchemas.ts) and the
 * hooks' whole-form validators (validate.ts): a wrong type or a control character first, then
 * the field's own rule. Each returns its message ('' when the value passes), or for a date a
 * Problem that may carry a refusal code (refusalCodes.ts).
 */
import { addDays, isIsoDate, isoWeekday } from '../venueTime';
import { DATE_PATTERN, EMAIL_PATTERN, LIMITS, MESSAGES, TIME_SLOTS } from './limits';
import { codedProblem, type Problem } from './refusalCodes';
import { isWalkInTime } from './walkIns';

export type FieldErrors = Record<string, string>;
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

/** A text field's whole check: its type and characters first, then its own rule (`check`). */
export function textField<P extends Problem>(value: unknown, check: (v: unknown) => P, multiline = false): P | string {
  return textTypeError(value, multiline) || check(value);
}

/** A number field's whole check: its type first, then its own rule (`check`). */
export function numberField(value: unknown, check: (v: unknown) => string, numericText = false): string {
  return numberTypeError(value, numericText) || check(value);
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
