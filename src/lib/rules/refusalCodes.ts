/**
 * The refusal codes a form check gives with its message (issue 33): the check that refuses names
 * its refusal, so nothing downstream reads the words to learn which refusal it was. The words stay
 * MESSAGES' (the spec's); this table pairs each code with them once.
 *
 * A leaf module (it imports limits.ts only) on purpose: validate.ts needs these codes, and
 * refusals.ts, which builds the full table (REFUSALS) from this one, imports waitlist.ts, which
 * imports validate.ts; validate.ts importing refusals.ts would be an import cycle.
 */
import { MESSAGES } from './limits';

/** Each code a form check can refuse with, and its words. */
export const CHECK_REFUSALS = {
  /** A booking date before the venue night. */
  date_in_past: MESSAGES.dateInPast,
  /** A booking date past the booking horizon. */
  date_beyond_horizon: MESSAGES.dateBeyondHorizon,
  /** A monthly pass's date outside the days it is valid (before or after). */
  pass_date_outside_validity: MESSAGES.passDateOutsideValidity,
  /** An event name that is on no schedule (active events and the fixed weekly ones). */
  event_unknown: MESSAGES.eventUnknown,
  /** A scheduled event that does not run on the date asked for. */
  event_not_on_date: MESSAGES.eventNotOnDate,
} as const;

export type CheckRefusalCode = keyof typeof CHECK_REFUSALS;

/** A check's refusal that has a code: the code and its words. */
export interface CodedProblem {
  code: CheckRefusalCode;
  message: string;
}

/** A field check's answer: '' when it passes, else its message, with the code when the refusal has one. */
export type Problem = string | CodedProblem;

/** The refusal `code`, with its words from CHECK_REFUSALS. */
export function codedProblem(code: CheckRefusalCode): CodedProblem {
  return { code, message: CHECK_REFUSALS[code] };
}

/** A check's message ('' when it passed), whether or not it carries a code. */
export function problemMessage(problem: Problem): string {
  return typeof problem === 'string' ? problem : problem.message;
}
