/**
 * The browser's zod schemas for every public form and the admin login, built from the same
 * limits, messages and patterns the server validators use (limits.ts). Feature folders import
 * these. Strings are trimmed; every check aborts on failure, so each field reports exactly one
 * message: the first failing one, in the same order as validate.ts (see parity.test.ts).
 *
 * Date rules read the venue's today (America/New_York) at parse time.
 */
import { z } from 'zod';
import { isIsoDate, venueToday } from '../venueTime';
import {
  BUDGET_OPTIONS,
  DATE_PATTERN,
  EMAIL_PATTERN,
  EVENT_TYPES,
  LIMITS,
  MESSAGES,
  TIME_SLOTS,
} from './limits';
import { isBlank, optionalNumber, phoneDigits, cents } from './validate';

const stop = (error: string) => ({ error, abort: true });

/** Where "today" comes from; tests pin it. */
export type TodayFn = () => string;
const defaultToday: TodayFn = () => venueToday();

const name = () =>
  z
    .string(stop(MESSAGES.nameRequired))
    .trim()
    .min(1, stop(MESSAGES.nameRequired))
    .max(LIMITS.nameMax, stop(MESSAGES.nameTooLong));

const email = () =>
  z
    .string(stop(MESSAGES.emailInvalid))
    .trim()
    .regex(EMAIL_PATTERN, stop(MESSAGES.emailInvalid))
    .max(LIMITS.emailMax, stop(MESSAGES.emailTooLong));

const phoneRules = (s: z.ZodString) =>
  s
    .max(LIMITS.phoneMax, stop(MESSAGES.phoneTooLong))
    .refine((v) => v === '' || phoneDigits(v) >= LIMITS.phoneMinDigits, stop(MESSAGES.phoneInvalid));

const optionalPhone = () => phoneRules(z.string(stop(MESSAGES.phoneInvalid)).trim()).optional();

const requiredPhone = () =>
  phoneRules(z.string(stop(MESSAGES.phoneRequired)).trim().min(1, stop(MESSAGES.phoneRequired)));

const partySize = () =>
  z
    .number(stop(MESSAGES.partySizeMin))
    .int(stop(MESSAGES.partySizeWhole))
    .min(LIMITS.partySizeMin, stop(MESSAGES.partySizeMin))
    .max(LIMITS.partySizeMax, stop(MESSAGES.partySizeMax));

const venueDate = (emptyMessage: string, today: TodayFn) =>
  z
    .string(stop(emptyMessage))
    .trim()
    .min(1, stop(emptyMessage))
    .regex(DATE_PATTERN, stop(MESSAGES.dateInvalid))
    .refine((v) => isIsoDate(v), stop(MESSAGES.dateInvalid))
    .refine((v) => v >= today(), stop(MESSAGES.dateInPast));

const time = () =>
  z
    .string(stop(MESSAGES.timeRequired))
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
    event_date: venueDate(MESSAGES.dateInvalid, today),
    event_time: time().refine((v) => SLOTS.includes(v), stop(MESSAGES.timeNotSlot)),
  });
}

export function makeEventReservationSchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: optionalPhone(),
    event_name: z
      .string(stop(MESSAGES.eventNameRequired))
      .trim()
      .min(1, stop(MESSAGES.eventNameRequired))
      .max(LIMITS.eventNameMax, stop(MESSAGES.eventNameTooLong)),
    event_date: venueDate(MESSAGES.dateRequired, today),
    event_time: time(),
  });
}

export function makeInquirySchema(today: TodayFn = defaultToday) {
  return z.object({
    name: name(),
    email: email(),
    phone: requiredPhone(),
    event_type: z.preprocess(blankToUndefined, z.enum(EVENT_TYPE_IDS, stop(MESSAGES.eventTypeInvalid)).optional()),
    number_of_people: z.preprocess(
      optionalNumber,
      z
        .number(stop(MESSAGES.guestsWhole))
        .int(stop(MESSAGES.guestsWhole))
        .min(1, stop(MESSAGES.guestsMin))
        .max(LIMITS.inquiryGuestsSanityMax, stop(MESSAGES.guestsMax))
        .optional(),
    ),
    budget: z.preprocess(blankToUndefined, z.enum(BUDGET_IDS, stop(MESSAGES.budgetInvalid)).optional()),
    preferred_date: z.preprocess(blankToUndefined, venueDate(MESSAGES.dateInvalid, today).optional()),
    preferred_time: z.preprocess(
      blankToUndefined,
      z.string(stop(MESSAGES.timeTooLong)).trim().max(LIMITS.timeMax, stop(MESSAGES.timeTooLong)).optional(),
    ),
    message: z
      .string(stop(MESSAGES.detailsRequired))
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
  message: z
    .string(stop(MESSAGES.messageTooShort))
    .trim()
    .min(LIMITS.messageMin, stop(MESSAGES.messageTooShort))
    .max(LIMITS.messageMax, stop(MESSAGES.messageTooLong)),
});

export const loginSchema = z.object({
  email: email(),
  password: z.string(stop(MESSAGES.passwordTooShort)).min(LIMITS.passwordMin, stop(MESSAGES.passwordTooShort)),
});

const passText = () =>
  z
    .string(stop(MESSAGES.passTextRequired))
    .trim()
    .min(1, stop(MESSAGES.passTextRequired))
    .max(LIMITS.passTextMax, stop(MESSAGES.passTextTooLong));
const amount = () => z.number(stop(MESSAGES.amountInvalid)).min(0, stop(MESSAGES.amountInvalid)).finite();

export const passConfirmationSchema = z
  .object({
    name: name(),
    email: email(),
    date: passText(),
    time: passText(),
    people: partySize(),
    cost: amount(),
    tax: amount(),
    total: amount(),
  })
  .refine((v) => Math.abs(cents(v.cost + v.tax) - cents(v.total)) <= 0.001, {
    error: MESSAGES.totalMismatch,
    path: ['total'],
  });

export type BoardGameReservationInput = z.infer<typeof boardGameReservationSchema>;
export type EventReservationInput = z.infer<typeof eventReservationSchema>;
export type InquiryInput = z.infer<typeof inquirySchema>;
export type InfluencerInput = z.infer<typeof influencerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type PassConfirmationInput = z.infer<typeof passConfirmationSchema>;

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
