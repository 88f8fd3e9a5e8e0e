/**
 * The browser's zod schemas for every form (the public ones, the admin login, staff tasks and
 * priorities). Feature folders import these. Each field's rule is the server's own check from
 * validate.ts; a schema adds only the type rule (a wrong type is refused, never coerced) and what
 * the form keeps (strings trimmed). Every check aborts on failure, so each field reports exactly
 * one message: the first failing one, as the server says it (see parity.test.ts).
 *
 * Date rules read the venue's today (America/New_York) at parse time.
 */
import { z } from 'zod';
import { venueNight } from '../venueTime';
import { checkNewPassword } from './staffAccounts';
import { BUDGET_OPTIONS, EVENT_TYPES, LIMITS, MESSAGES, TASK_CATEGORIES, type TaskCategoryId } from './limits';
import { problemMessage, type Problem } from './refusalCodes';
import {
  checkAmount,
  checkBookingDate,
  checkDetails,
  checkEmail,
  checkEventName,
  checkInfluencerMessage,
  checkName,
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
  checkTaskTitle,
  checkTime,
  checkTimeSlot,
  hasControlCharacters,
  isBlank,
  nullIfBlank,
  numberTypeError,
  optionalNumber,
} from './fieldChecks';

// zod compiles fast parsers with `new Function`, probing first whether eval is allowed. Our CSP
// (script-src 'self') forbids it, so the probe only files a CSP violation in the browser's Issues
// panel on every form page; parse without it.
z.config({ jitless: true });

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

/**
 * A field checked by its plain check from validate.ts (the one the server runs) once its type
 * rule above has passed; the check's message is the field's one message (a form shows the words:
 * a refusal code, if the check gives one, is the server's answer's).
 */
const byCheck = <T extends z.ZodType>(base: T, check: (v: z.output<T>) => Problem) =>
  base.superRefine((v, ctx) => {
    const message = problemMessage(check(v));
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  });

/** A text field: missing reads `missing`, then its plain check; the form keeps it trimmed. */
const checkedText = (missing: string, check: (v: unknown) => Problem, multiline = false) => byCheck(str(missing, multiline), check);
const trimmedText = (missing: string, check: (v: unknown) => Problem, multiline = false) =>
  checkedText(missing, check, multiline).transform((v) => v.trim());

/** Where "today" comes from; tests pin it. */
export type TodayFn = () => string;
/** The venue night, as the server validates (until 4:00 the night that began the evening before). */
const defaultToday: TodayFn = () => venueNight();

const name = () => trimmedText(MESSAGES.nameRequired, checkName);
const email = () => trimmedText(MESSAGES.emailInvalid, checkEmail);
const optionalPhone = () => trimmedText(MESSAGES.phoneInvalid, checkOptionalPhone).optional();
const requiredPhone = () => trimmedText(MESSAGES.phoneRequired, checkRequiredPhone);
const partySize = () => byCheck(num(MESSAGES.partySizeMin), checkPartySize);
/** A reservation date: a date, today or later, within the booking horizon. */
const bookingDate = (emptyMessage: string, today: TodayFn) => trimmedText(emptyMessage, (v) => checkBookingDate(v, today(), emptyMessage));
const time = () => trimmedText(MESSAGES.timeRequired, checkTime);

/** Optional text: blank (or missing) passes as undefined. */
const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : v);

const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id) as [string, ...string[]];
const BUDGET_IDS = BUDGET_OPTIONS.map((b) => b.id) as [string, ...string[]];

/** The board game night form; `source` 'kiosk': the door's, which may send the walk-in's arrival time (checkTimeSlot). */
export function makeBoardGameReservationSchema(today: TodayFn = defaultToday, source?: 'kiosk') {
  return z.object({
    name: name(),
    email: email(),
    phone: optionalPhone(),
    party_size: partySize(),
    event_date: bookingDate(MESSAGES.dateInvalid, today),
    event_time: trimmedText(MESSAGES.timeRequired, (v) => checkTimeSlot(v, source)),
  });
}

export function makeEventReservationSchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: optionalPhone(),
    party_size: num(MESSAGES.numberExpected).optional(),
    event_name: trimmedText(MESSAGES.eventNameRequired, checkEventName),
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
    // A numeric string counts (the field is a text input); the form keeps the number.
    number_of_people: byCheck(z.unknown(), (v) => numberTypeError(v, true) || checkOptionalGuests(v))
      .transform((v) => optionalNumber(v) as number | undefined)
      .optional(),
    budget: z.preprocess(
      blankToUndefined,
      str(MESSAGES.budgetInvalid).pipe(z.enum(BUDGET_IDS, stop(MESSAGES.budgetInvalid))).optional(),
    ),
    preferred_date: z.preprocess(blankToUndefined, trimmedText(MESSAGES.dateInvalid, (v) => checkOptionalDate(v, today())).optional()),
    preferred_time: z.preprocess(blankToUndefined, trimmedText(MESSAGES.timeTooLong, checkOptionalTime).optional()),
    message: trimmedText(MESSAGES.detailsRequired, checkDetails, true),
  });
}

export const boardGameReservationSchema = makeBoardGameReservationSchema();
export const kioskReservationSchema = makeBoardGameReservationSchema(defaultToday, 'kiosk');
export const eventReservationSchema = makeEventReservationSchema();
export const inquirySchema = makeInquirySchema();

export const influencerSchema = z.object({
  name: name(),
  email: email(),
  message: trimmedText(MESSAGES.messageTooShort, checkInfluencerMessage, true),
});

export const loginSchema = z.object({
  email: email(),
  // Not trimmed: a password is what it is.
  password: byCheck(z.string(typed(MESSAGES.passwordTooShort, MESSAGES.textExpected)), checkPassword),
});

/** A staff email alone: "Forgot password?" and an owner's invitation (kept trimmed). */
export const staffEmailSchema = z.object({ email: email() });

/**
 * A new password and its confirmation, for the reset and invitation links (checkNewPassword, the
 * sign-up's rule): the one message sits on the first field, whichever of the two is wrong.
 */
export const newPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine(({ password, confirm }, ctx) => {
    const message = checkNewPassword(password, confirm);
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
  });

/** A pass field checked by one of the shared checks, kept as written. */
const passText = (check: (v: unknown) => Problem) => checkedText(MESSAGES.passTextRequired, check);
const amount = () => byCheck(num(MESSAGES.amountInvalid), checkAmount);

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
    .refine((v) => !checkPassTotal(v.cost, v.tax, v.total), { error: MESSAGES.totalMismatch, path: ['total'] });
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
export type StaffEmailInput = z.infer<typeof staffEmailSchema>;
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
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
export { eventSchemaFor, inboxNoteSchema } from './staffSchemas';
