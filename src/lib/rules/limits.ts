/**
 * One source of truth for the limits and messages both sides enforce: the browser's zod
 * schemas (schemas.ts) and the server's hooks (validate.ts, bundled into pb_hooks/lib/backend.js).
 * Messages quoted from SPEC.md §5 and §8 are exact; the ones marked "ours" fill gaps the spec
 * leaves open.
 */
import { ATTRIBUTION_MAX, ATTRIBUTION_TIME_MAX } from './attribution';

export const LIMITS = {
  nameMax: 100,
  emailMax: 255,
  partySizeMin: 1,
  partySizeMax: 20,
  messageMin: 10,
  messageMax: 2000,
  timeMax: 50,
  passwordMin: 6,
  privateEventMaxGuests: 60,
  /** Inquiries above the room's 60 get a friendly note, not a rejection; this only stops nonsense. */
  inquiryGuestsSanityMax: 10000,
  // ours
  phoneMax: 30,
  phoneMinDigits: 7,
  eventNameMax: 200,
  detailsMax: 2000,
  passTextMax: 100,
  urlMax: 2000,
  attributionMax: ATTRIBUTION_MAX,
  /** gclid_captured_at: an ISO 8601 time. */
  attributionTimeMax: ATTRIBUTION_TIME_MAX,
  /** Board game nights and events can be booked this many days ahead (the date pickers stop there too). */
  bookingHorizonDays: 120,
  /** A private event inquiry's preferred date lies within a year. */
  inquiryHorizonDays: 365,
  /** SPEC §9: a monthly pass is valid 30 days. */
  passValidDays: 30,
  // ours: staff-side fields (tasks, priorities, tonight's capacity); the collections hold the same
  taskTitleMax: 300,
  taskCadenceMax: 100,
  /** A task's description and its notes. */
  taskTextMax: 5000,
  priorityTextMax: 1000,
  capacitySeatsMax: 1000,
} as const;

export const MESSAGES = {
  // SPEC §5
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  partySizeMin: 'At least 1 person required',
  partySizeMax: 'Maximum 20 people',
  dateInvalid: 'Invalid date format',
  timeRequired: 'Time is required',
  timeTooLong: 'Time must be less than 50 characters',
  dateRequired: 'Please select a date',
  messageTooShort: 'Message must be at least 10 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  taskTitleRequired: 'Task title is required',
  // ours
  messageTooLong: 'Message must be less than 2000 characters',
  dateInPast: 'Please choose today or a later date',
  timeNotSlot: 'Please choose one of the listed times',
  partySizeWhole: 'Party size must be a whole number',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  phoneTooLong: 'Phone number must be less than 30 characters',
  detailsRequired: 'Please tell us a little about your event',
  detailsTooLong: 'Additional details must be less than 2000 characters',
  eventNameRequired: 'Please choose an event',
  eventNameTooLong: 'Event name must be less than 200 characters',
  eventTypeInvalid: 'Please choose an event type from the list',
  budgetInvalid: 'Please choose a budget from the list',
  guestsMin: 'At least 1 person required',
  guestsMax: 'Number of people must be less than 10,000',
  guestsWhole: 'Number of people must be a whole number',
  passTextRequired: 'This field is required',
  passTextTooLong: 'This field must be less than 100 characters',
  amountInvalid: 'Amount must be a number of dollars, 0 or more',
  totalMismatch: 'Total must equal cost plus tax',
  /** The night's reservations would pass its cap. */
  nightFull: (longNight: string) => `${longNight} is fully booked. Please choose another night.`,
  /** Fewer seats than asked for are left. */
  notEnoughSeats: (longNight: string, seatsLeft: number) =>
    `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} left on ${longNight}. Please choose a smaller party or another night.`,
  // ours: wrong types and characters (checked before anything else)
  textExpected: 'Please enter this as text',
  numberExpected: 'Please enter a number',
  controlCharacters: 'Please remove the invisible control characters',
  nameNeedsLetter: 'Name must contain a letter',
  // ours: dates and events that exist
  dateBeyondHorizon: `Please choose a date within the next ${LIMITS.bookingHorizonDays} days`,
  inquiryDateTooFar: 'Please choose a date within the next year',
  eventUnknown: 'Please choose an event from our schedule',
  eventNotOnDate: 'This event does not run on that date. Please choose another date',
  passDateInvalid: 'Please give the date as written on your pass',
  passTimeInvalid: 'Please give a time like 7:00 PM',
  passDateOutsideValidity: `The date must be within the ${LIMITS.passValidDays} days a pass is valid`,
  // ours: staff edits of outbox jobs
  outboxServerField: 'Only the server writes a job’s recipient, template and content; staff can requeue it (status pending).',
  outboxRequeueOnly: 'A job can only be set back to pending (requeued).',
  cancelNotFound: 'This cancellation link is not valid. Please check the link in your confirmation email.',
  cancelTooLate: 'This reservation can no longer be cancelled online. Please contact us.',
} as const;

/** SPEC §8 toast titles. */
export const TOAST_TITLES = {
  boardGameValidation: 'Invalid Input',
  eventValidation: 'Validation Error',
  influencerValidation: 'Validation error',
  authValidation: 'Invalid Input',
  error: 'Error',
  influencerSuccess: 'Application submitted!',
  accountCreated: 'Account Created',
  loginSuccess: 'Success',
  accessDenied: 'Access Denied',
} as const;

/** SPEC §8 failure messages. */
export const FAILURE_MESSAGES = {
  reservationSave: 'Failed to save reservation. Please try again.',
  reservationCreate: 'Failed to create reservation. Please try again.',
  eventReservation: 'Failed to submit reservation. Please try again.',
  influencer: 'Failed to submit application. Please try again.',
  inquiry: 'Failed to send inquiry. Please try again.',
  unexpected: 'An unexpected error occurred',
  fetchTasks: 'Failed to fetch tasks',
  updateTask: 'Failed to update task',
  createTask: 'Failed to create task',
  editTask: 'Failed to update task on edit',
  fetchPriorities: 'Failed to fetch priorities',
  addPriority: 'Failed to add priority',
  updatePriority: 'Failed to update priority',
  deletePriority: 'Failed to delete priority',
  fetchReservations: 'Failed to fetch reservations',
} as const;

/** SPEC §6 and §8 success and access messages. */
export const SUCCESS_MESSAGES = {
  influencer: "We'll be in touch soon.",
  accountCreated: 'Your account has been created. Now grant yourself admin role in the database, then log in.',
  loginSuccess: 'Logged in successfully.',
  taskCreated: 'Task created successfully',
  taskUpdated: 'Task updated successfully',
  taskDeleted: 'Task deleted successfully',
  priorityAdded: 'Priority added successfully',
  priorityUpdated: 'Priority updated successfully',
  priorityDeleted: 'Priority deleted successfully',
} as const;

export const ACCESS_MESSAGES = {
  loginNotAdmin: 'You do not have admin privileges. Please grant yourself admin role in the database first.',
  dashboardNotAdmin: 'You do not have admin privileges.',
} as const;

/** The 12 half-hour board game night slots, 6:00 PM to 11:30 PM. */
export const TIME_SLOTS = [
  '6:00 PM',
  '6:30 PM',
  '7:00 PM',
  '7:30 PM',
  '8:00 PM',
  '8:30 PM',
  '9:00 PM',
  '9:30 PM',
  '10:00 PM',
  '10:30 PM',
  '11:00 PM',
  '11:30 PM',
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const BOARD_GAME_NIGHT = 'Board Game Night';

/**
 * Events that are not rows of the events collection: the two weekly trivia nights (SPEC §2,
 * Friday and Saturday at 10PM; ISO weekday 5 = Friday). An event reservation names one of
 * these or an active events record.
 */
export const FIXED_WEEKLY_EVENTS = [
  { title: 'Movie Trivia', weekday: 5, time: '10PM' },
  { title: 'Music Trivia', weekday: 6, time: '10PM' },
] as const;

/** Inquiry event types, in SPEC §3 order. */
export const EVENT_TYPES = [
  { id: 'corporate', label: 'Corporate Event' },
  { id: 'wedding', label: 'Wedding' },
  { id: 'birthday', label: 'Birthday Party' },
  { id: 'game-night', label: 'Game Night' },
  { id: 'mixer', label: 'Mixer' },
  { id: 'meetup', label: 'Meetup' },
  { id: 'artist-showcase', label: 'Artist Showcase' },
  { id: 'screening', label: 'Screening' },
  { id: 'film-shoot', label: 'Film Shoot' },
  { id: 'other', label: 'Other' },
] as const;
export type EventTypeId = (typeof EVENT_TYPES)[number]['id'];

/** Inquiry budget options, in SPEC §3 order. */
export const BUDGET_OPTIONS = [
  { id: 'no-budget', label: 'No budget (bar minimum)' },
  { id: 'no-budget-mixed', label: 'No budget (mixed with the public)' },
  { id: 'under-1000', label: 'Under $1,000' },
  { id: '1000-2500', label: '$1,000 – $2,500' },
  { id: '2500-5000', label: '$2,500 – $5,000' },
  { id: '5000-10000', label: '$5,000 – $10,000' },
  { id: 'over-10000', label: 'Over $10,000' },
] as const;
export type BudgetId = (typeof BUDGET_OPTIONS)[number]['id'];

/** Admin task categories (SPEC §3), with readable labels. */
export const TASK_CATEGORIES = [
  { id: 'legal_compliance', label: 'Legal & Compliance' },
  { id: 'branding_decor_signage', label: 'Branding, Decor & Signage' },
  { id: 'games_customer_experience', label: 'Games & Customer Experience' },
  { id: 'seo_geo_positioning', label: 'SEO & Local Positioning' },
  { id: 'ads_social_media', label: 'Ads & Social Media' },
  { id: 'event_programming', label: 'Event Programming' },
  { id: 'pr_influencers_partnerships', label: 'PR, Influencers & Partnerships' },
  { id: 'local_employers', label: 'Local Employers' },
  { id: 'referrals_retention', label: 'Referrals & Retention' },
  { id: 'email_sms', label: 'Email & SMS' },
  { id: 'staff_hr', label: 'Staff & HR' },
  { id: 'maintenance_construction', label: 'Maintenance & Construction' },
  { id: 'finance', label: 'Finance' },
  { id: 'food_beverage', label: 'Food & Beverage' },
] as const;
export type TaskCategoryId = (typeof TASK_CATEGORIES)[number]['id'];

export const TASK_STATUSES = ['unchecked', 'waiting', 'complete'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const RESERVATION_SOURCES = ['web', 'event', 'kiosk'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

export const RESERVATION_STATUSES = ['confirmed', 'cancelled', 'arrived', 'no_show'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** A reservation in these gives its seats back: the capacity check and the staff card count the others. */
export const SEAT_FREEING_STATUSES: readonly ReservationStatus[] = ['cancelled', 'no_show'];

/**
 * Board game night guests per night when staff have not set a cap for a date.
 * The room holds about 60 (the private-event maximum); reserving 40 of those seats keeps a
 * third of the room for walk-ins (welcome, but not guaranteed a table) and for the players
 * of the weekly events that share the floor. Staff change it in the capacity collection
 * (the 'default' row, or one row per date).
 */
export const DEFAULT_NIGHTLY_CAPACITY = 40;

/** Longest range the availability route answers in one call (days, inclusive). */
export const AVAILABILITY_MAX_DAYS = 120;

/**
 * Email pattern both sides use: the common "local@domain.tld" shape without spaces, double
 * dots or leading/trailing dots, with a TLD of 2+ letters. No lookbehind, so goja runs it.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Client-chosen record ids: 15 characters of [a-z0-9] (PocketBase's default id shape). */
export const RECORD_ID_PATTERN = /^[a-z0-9]{15}$/;
export const RECORD_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const RECORD_ID_LENGTH = 15;

/** yyyy-MM-dd */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A reservation's cancel token: the hooks make them CANCEL_TOKEN_LENGTH letters and digits; the
 * cancel routes accept 40 to 64 (the collection's bounds) and look up nothing else.
 */
export const CANCEL_TOKEN_LENGTH = 48;
export const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9]{40,64}$/;

export * from './attribution';
