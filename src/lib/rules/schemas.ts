/**
 * The browser's zod schemas for every form (the public ones, the admin login, staff tasks and
 * priorities), built from the same limits, messages and patterns the server validators use
 * (limits.ts). Feature folders import
 * these. Strings are trimmed; every check aborts on failure, so each field reports exactly one
 * message: the first failing one, in the same order as validate.ts (see parity.test.ts).
 *
 * Date rules read the venue's today (America/New_York) at parse time.
 */
import { z } from 'zod';
import { addDays, isIsoDate, venueToday } from '../venueTime';
import {
  BUDGET_OPTIONS,
  DATE_PATTERN,
  EMAIL_PATTERN,
  EVENT_TYPES,
  LIMITS,
  MESSAGES,
  TASK_CATEGORIES,
  TIME_SLOTS,
  type TaskCategoryId,
} from './limits';
import {
  checkPassDate,
  checkPassTime,
  checkTaskTitle,
  hasControlCharacters,
  hasLetter,
  isBlank,
  lastBookableDate,
  nullIfBlank,
  optionalNumber,
  phoneDigits,
  cents,
} from './validate';

const stop = (error: string) => ({ error, abort: true });

/**
 * The first message of a typed field, like the server's: missing → `missing`, present but of
 * another type → textExpected / numberExpected (never coerced).
 */
const typed = (missing: string, wrongType: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? missing : wrongType),
  abort: true,
});

/** A string field with the server's type and character rules (tab and newlines only in messages). */
const str = (missing: string, multiline = false) =>
  z.string(typed(missing, MESSAGES.textExpected)).refine((v) => !hasControlCharacters(v, multiline), stop(MESSAGES.controlCharacters));

/** A number field: a number type, else numberExpected (a NaN counts as a bad number, `invalid`). */
const num = (invalid: string) =>
  z.number({
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null || typeof issue.input === 'number' ? invalid : MESSAGES.numberExpected,
  });

/** Where "today" comes from; tests pin it. */
export type TodayFn = () => string;
const defaultToday: TodayFn = () => venueToday();

const name = () =>
  str(MESSAGES.nameRequired)
    .trim()
    .min(1, stop(MESSAGES.nameRequired))
    .max(LIMITS.nameMax, stop(MESSAGES.nameTooLong))
    .refine(hasLetter, stop(MESSAGES.nameNeedsLetter));

const email = () =>
  str(MESSAGES.emailInvalid)
    .trim()
    .regex(EMAIL_PATTERN, stop(MESSAGES.emailInvalid))
    .max(LIMITS.emailMax, stop(MESSAGES.emailTooLong));

const phoneRules = (s: z.ZodString) =>
  s
    .max(LIMITS.phoneMax, stop(MESSAGES.phoneTooLong))
    .refine((v) => v === '' || phoneDigits(v) >= LIMITS.phoneMinDigits, stop(MESSAGES.phoneInvalid));

const optionalPhone = () => phoneRules(str(MESSAGES.phoneInvalid).trim()).optional();

const requiredPhone = () => phoneRules(str(MESSAGES.phoneRequired).trim().min(1, stop(MESSAGES.phoneRequired)));

const partySize = () =>
  num(MESSAGES.partySizeMin)
    .int(stop(MESSAGES.partySizeWhole))
    .min(LIMITS.partySizeMin, stop(MESSAGES.partySizeMin))
    .max(LIMITS.partySizeMax, stop(MESSAGES.partySizeMax));

const venueDate = (emptyMessage: string, today: TodayFn) =>
  str(emptyMessage)
    .trim()
    .min(1, stop(emptyMessage))
    .regex(DATE_PATTERN, stop(MESSAGES.dateInvalid))
    .refine((v) => isIsoDate(v), stop(MESSAGES.dateInvalid))
    .refine((v) => v >= today(), stop(MESSAGES.dateInPast));

/** A reservation date: also within the booking horizon. */
const bookingDate = (emptyMessage: string, today: TodayFn) =>
  venueDate(emptyMessage, today).refine((v) => v <= lastBookableDate(today()), stop(MESSAGES.dateBeyondHorizon));

const time = () =>
  str(MESSAGES.timeRequired)
    .trim()
    .min(1, stop(MESSAGES.timeRequired))
    .max(LIMITS.timeMax, stop(MESSAGES.timeTooLong));

/** Optional text: blank (or missing) passes as undefined. */
const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : v);

const SLOTS = TIME_SLOTS as readonly string[];
const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id) as [string, ...string[]];
const BUDGET_IDS = BUDGET_OPTIONS.map((b) => b.id) as [string, ...string[]];

export function makeBoardGameReservationSchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: optionalPhone(),
    party_size: partySize(),
    event_date: bookingDate(MESSAGES.dateInvalid, today),
    event_time: time().refine((v) => SLOTS.includes(v), stop(MESSAGES.timeNotSlot)),
  });
}

export function makeEventReservationSchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: optionalPhone(),
    party_size: num(MESSAGES.numberExpected).optional(),
    event_name: str(MESSAGES.eventNameRequired)
      .trim()
      .min(1, stop(MESSAGES.eventNameRequired))
      .max(LIMITS.eventNameMax, stop(MESSAGES.eventNameTooLong)),
    event_date: bookingDate(MESSAGES.dateRequired, today),
    event_time: time(),
  });
}

export function makeInquirySchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: requiredPhone(),
    event_type: z.preprocess(
      blankToUndefined,
      str(MESSAGES.eventTypeInvalid).pipe(z.enum(EVENT_TYPE_IDS, stop(MESSAGES.eventTypeInvalid))).optional(),
    ),
    number_of_people: z.preprocess(
      optionalNumber,
      z
        .number({
          // a string that is not a number reads as "not a whole number"; true, [] or {} as "not a number"
          error: (issue: { input?: unknown }) => (typeof issue.input === 'string' || typeof issue.input === 'number' ? MESSAGES.guestsWhole : MESSAGES.numberExpected),
        })
        .int(stop(MESSAGES.guestsWhole))
        .min(1, stop(MESSAGES.guestsMin))
        .max(LIMITS.inquiryGuestsSanityMax, stop(MESSAGES.guestsMax))
        .optional(),
    ),
    budget: z.preprocess(
      blankToUndefined,
      str(MESSAGES.budgetInvalid).pipe(z.enum(BUDGET_IDS, stop(MESSAGES.budgetInvalid))).optional(),
    ),
    preferred_date: z.preprocess(
      blankToUndefined,
      venueDate(MESSAGES.dateInvalid, today)
        .refine((v) => v <= addDays(today(), LIMITS.inquiryHorizonDays), stop(MESSAGES.inquiryDateTooFar))
        .optional(),
    ),
    preferred_time: z.preprocess(blankToUndefined, str(MESSAGES.timeTooLong).trim().max(LIMITS.timeMax, stop(MESSAGES.timeTooLong)).optional()),
    message: str(MESSAGES.detailsRequired, true)
      .trim()
      .min(1, stop(MESSAGES.detailsRequired))
      .max(LIMITS.detailsMax, stop(MESSAGES.detailsTooLong)),
  });
}

export const boardGameReservationSchema = makeBoardGameReservationSchema();
export const eventReservationSchema = makeEventReservationSchema();
export const inquirySchema = makeInquirySchema();

export const influencerSchema = z.object({
  name: name(),
  email: email(),
  message: str(MESSAGES.messageTooShort, true)
    .trim()
    .min(LIMITS.messageMin, stop(MESSAGES.messageTooShort))
    .max(LIMITS.messageMax, stop(MESSAGES.messageTooLong)),
});

export const loginSchema = z.object({
  email: email(),
  password: z.string(typed(MESSAGES.passwordTooShort, MESSAGES.textExpected)).min(LIMITS.passwordMin, stop(MESSAGES.passwordTooShort)),
});

/** A text field checked by one of the shared checks (the first failing message, as the server says it). */
const checkedText = (missing: string, check: (v: unknown) => string) =>
  str(missing).superRefine((v, ctx) => {
    const message = check(v);
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  });
const passText = (check: (v: unknown) => string) => checkedText(MESSAGES.passTextRequired, check);
const amount = () => num(MESSAGES.amountInvalid).min(0, stop(MESSAGES.amountInvalid)).finite();

export function makePassConfirmationSchema(today: TodayFn = defaultToday) {
  return z
    .object({
      name: name(),
      email: email(),
      date: passText((v) => checkPassDate(v, today())),
      time: passText(checkPassTime),
      people: partySize(),
      cost: amount(),
      tax: amount(),
      total: amount(),
    })
    .refine((v) => Math.abs(cents(v.cost + v.tax) - cents(v.total)) <= 0.001, {
      error: MESSAGES.totalMismatch,
      path: ['total'],
    });
}

export const passConfirmationSchema = makePassConfirmationSchema();

const TASK_CATEGORY_IDS = TASK_CATEGORIES.map((c) => c.id) as [TaskCategoryId, ...TaskCategoryId[]];
/** Staff text that is optional: blank is stored as null. */
const optionalStaffText = (max: number) => z.string().max(max).transform(nullIfBlank);

/** New and edited staff tasks (SPEC §5): a title; description and cadence null when empty. */
export const taskSchema = z.object({
  title: checkedText(MESSAGES.taskTitleRequired, checkTaskTitle).max(LIMITS.taskTitleMax).transform((v) => v.trim()),
  description: optionalStaffText(LIMITS.taskTextMax),
  cadence: optionalStaffText(LIMITS.taskCadenceMax),
  category: z.enum(TASK_CATEGORY_IDS),
});

/** A new or edited priority: null when the text is empty or whitespace, which the panel ignores (SPEC §5). */
export const prioritySchema = z.object({
  priority_text: optionalStaffText(LIMITS.priorityTextMax),
});

export type BoardGameReservationInput = z.infer<typeof boardGameReservationSchema>;
export type EventReservationInput = z.infer<typeof eventReservationSchema>;
export type InquiryInput = z.infer<typeof inquirySchema>;
export type InfluencerInput = z.infer<typeof influencerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type PassConfirmationInput = z.infer<typeof passConfirmationSchema>;
export type TaskInput = z.infer<typeof taskSchema>;
export type PriorityInput = z.infer<typeof prioritySchema>;

/** First message per field of a failed parse, e.g. for inline errors; `_` holds form-level ones. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first failing message of a parse, in field order: what the spec's toasts show. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '';
}
