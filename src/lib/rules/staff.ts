/**
 * Rules of the staff editors (ours, not the spec's): the events and weekly schedule editor and
 * the requests inbox. The browser's forms (eventSchema.ts) and the server's hooks
 * (hooks/lib/staff-records.ts, through pb_hooks/lib/backend.js) run these same checks, so a
 * change made from PocketBase's dashboard or a script is refused with the same message.
 */
import { isIsoDate } from '../venueTime';
import { checkTime, text, textTypeError, type FieldErrors, type Input } from './fieldChecks';

export const EVENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  priceMax: 100,
  sortOrderMax: 999,
} as const;

export const EVENT_KINDS = ['special', 'weekly'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** ISO weekdays as the `events.weekday` field stores them (1 = Monday). */
export const WEEKDAYS = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 7, label: 'Sunday' },
] as const;

export const EVENT_MESSAGES = {
  kindInvalid: 'Choose a special event or a weekly entry',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be less than ${EVENT_LIMITS.titleMax} characters`,
  dateRequired: 'Choose the date of the special event',
  weekdayRequired: 'Choose a weekday',
  /** A special event guests could no longer come to (editing one already past keeps its date). */
  datePast: 'The date of the special event has passed. Choose today or a later date',
  priceTooLong: `Price must be less than ${EVENT_LIMITS.priceMax} characters`,
  priceNegative: 'Price cannot be negative. Write Free, or an amount such as $10',
  descriptionTooLong: `Description must be less than ${EVENT_LIMITS.descriptionMax} characters`,
  sortOrderInvalid: `Sort order is a whole number from 0 to ${EVENT_LIMITS.sortOrderMax}`,
  flagInvalid: 'Please answer yes or no',
} as const;

const isKind = (v: unknown): v is EventKind => typeof v === 'string' && (EVENT_KINDS as readonly string[]).includes(v);

function checkMax(value: unknown, max: number, message: string, multiline = false): string {
  return textTypeError(value, multiline) || (text(value).length > max ? message : '');
}

function checkFlag(value: unknown): string {
  return value === undefined || typeof value === 'boolean' ? '' : EVENT_MESSAGES.flagInvalid;
}

/**
 * A minus sign before an amount ("-$5", "-5", "$-5", "Free -$5"). Not a range ("$5-$10",
 * "$5 - $10": a digit before the dash) nor a hyphen inside a word ("6pm-10pm").
 */
const NEGATIVE_AMOUNT = /(^|[^\w\s]|[^\d\s]\s)\s*[-\u2212\u2013]\s*\$?\s*\d/;

function checkPrice(value: unknown): string {
  return checkMax(value, EVENT_LIMITS.priceMax, EVENT_MESSAGES.priceTooLong) || (NEGATIVE_AMOUNT.test(text(value)) ? EVENT_MESSAGES.priceNegative : '');
}

/** When a special event's date is checked against the calendar (see validateEventRecord). */
export interface EventDateContext {
  /** The venue's night (venueNight): an earlier date has passed. */
  today?: string;
  /** The date the event is stored with: an edit that keeps it is not refused for being past. */
  storedDate?: string;
}

function checkSpecialDate(value: unknown, context: EventDateContext): string {
  const date = text(value);
  if (textTypeError(value) || !isIsoDate(date)) return textTypeError(value) || EVENT_MESSAGES.dateRequired;
  return context.today && date < context.today && date !== context.storedDate ? EVENT_MESSAGES.datePast : '';
}

function checkWeekday(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7 ? '' : EVENT_MESSAGES.weekdayRequired;
}

function checkSortOrder(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= EVENT_LIMITS.sortOrderMax ? '' : EVENT_MESSAGES.sortOrderInvalid;
}

/**
 * A special event or weekly schedule entry as it will be stored: a special event needs a date
 * (not past, given `context.today`), a weekly entry a weekday; both a title and a time; a price
 * is never negative. Types first, never coerced.
 */
export function validateEventRecord(input: Input, context: EventDateContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    if (message) errors[field] = message;
  };
  add('kind', isKind(input.kind) ? '' : EVENT_MESSAGES.kindInvalid);
  add('title', textTypeError(input.title) || (text(input.title) === '' ? EVENT_MESSAGES.titleRequired : text(input.title).length > EVENT_LIMITS.titleMax ? EVENT_MESSAGES.titleTooLong : ''));
  if (input.kind === 'special') add('date', checkSpecialDate(input.date, context));
  if (input.kind === 'weekly') add('weekday', checkWeekday(input.weekday));
  add('time', textTypeError(input.time) || checkTime(input.time));
  add('price', checkPrice(input.price));
  add('description', checkMax(input.description, EVENT_LIMITS.descriptionMax, EVENT_MESSAGES.descriptionTooLong, true));
  add('sort_order', checkSortOrder(input.sort_order));
  add('open_tables', checkFlag(input.open_tables));
  add('active', checkFlag(input.active));
  return errors;
}

/** A special event or weekly schedule entry as the `events` collection stores it. */
export interface EventRecordInput {
  kind: EventKind;
  title: string;
  description: string;
  /** yyyy-MM-dd, special events only. */
  date: string;
  /** 1 = Monday … 7 = Sunday, weekly events only. */
  weekday: number;
  /** Free text such as '6:45pm' or '6pm-10:30pm'. */
  time: string;
  price: string;
  /** "Open tables": board game night itself rather than a hosted event. */
  open_tables: boolean;
  sort_order: number;
  /** Off: kept for staff, hidden from the public pages. */
  active: boolean;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The stored shape of a valid input. */
export function toEventRecord(input: Record<string, unknown>): EventRecordInput {
  const kind = input.kind as EventKind;
  return {
    kind,
    title: trimmed(input.title),
    description: trimmed(input.description),
    date: kind === 'special' ? trimmed(input.date) : '',
    weekday: kind === 'weekly' ? (input.weekday as number) : 0,
    time: trimmed(input.time),
    price: trimmed(input.price),
    open_tables: input.open_tables === true,
    sort_order: typeof input.sort_order === 'number' ? input.sort_order : 0,
    active: input.active !== false,
  };
}

// ---- requests inbox ----

/** The collections the inbox lists, with the kind's label. */
export const INBOX_KINDS = [
  { collection: 'private_event_inquiries', label: 'Private event inquiry' },
  { collection: 'influencer_applications', label: 'Influencer application' },
  { collection: 'pass_confirmations', label: 'Monthly pass' },
] as const;
export type InboxCollection = (typeof INBOX_KINDS)[number]['collection'];

/** A request's life: new → replied → booked or declined (staff may set any of them back). */
export const INBOX_STATUSES = [
  { id: 'new', label: 'New' },
  { id: 'replied', label: 'Replied' },
  { id: 'booked', label: 'Booked' },
  { id: 'declined', label: 'Declined' },
] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number]['id'];

export const INBOX_LIMITS = { noteMax: 2000 } as const;

export const INBOX_MESSAGES = {
  statusInvalid: 'Choose new, replied, booked or declined',
  noteTooLong: `Note must be less than ${INBOX_LIMITS.noteMax} characters`,
  guestFieldsLocked: "A guest's request cannot be edited; only its status and the staff note",
} as const;

/** A staff update of a request: its status and note, nothing else. */
export function validateInboxUpdate(input: Input): FieldErrors {
  const errors: FieldErrors = {};
  if (input.status !== undefined && !INBOX_STATUSES.some((s) => s.id === input.status)) errors.status = INBOX_MESSAGES.statusInvalid;
  const note = checkMax(input.note, INBOX_LIMITS.noteMax, INBOX_MESSAGES.noteTooLong, true);
  if (note) errors.note = note;
  return errors;
}
