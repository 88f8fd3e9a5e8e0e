/**
 * What a request to the public API must be before any form rule reads it (issue 24): small, JSON,
 * with a text id, and without the fields only the venue writes. The Go server (server/bodies.go)
 * reads REQUEST_LIMITS and REQUEST_MESSAGES from pb_hooks/lib/backend.js when it starts, and the
 * public creates' rules (hooks/lib/create-plan.ts, run by the Go create path) use the rest, so
 * each limit and message is written once, here.
 */
import { RESERVATION_SOURCES } from './limits';

export const REQUEST_LIMITS = {
  /**
   * The largest request body anyone but a superuser may send. A public create is a few KB (its
   * longest fields are 2,000 characters); the staff tools' largest write (a task with its notes)
   * stays well under it. Superusers keep PocketBase's own limits (backup uploads, imports).
   */
  bodyMaxBytes: 64 * 1024,
  /**
   * A request's body (and, before it, its headers) must arrive within this many seconds (issue 33):
   * a client dribbling a body held a connection for PocketBase's 5 minutes. 64 KB takes well under
   * a second on a poor phone connection; superusers' uploads (backups) are not bound by it.
   */
  bodyArrivesWithinSeconds: 30,
} as const;

/** The collections whose creates are the public ones (server/creates.go, with the rules of hooks/lib/create-plan.ts). */
export const PUBLIC_CREATE_COLLECTIONS = ['reservations', 'private_event_inquiries', 'influencer_applications', 'pass_confirmations', 'waitlist'] as const;

/**
 * Fields of the public collections that only the venue writes (status and staff notes, mail-link
 * tokens, calendar sequence, reminder and waitlist bookkeeping, timestamps): a create that sends
 * one is refused, never stored as sent nor silently replaced.
 */
export const SERVER_SET_FIELDS = [
  'status',
  'note',
  'cancel_token',
  'ics_sequence',
  'reminded_at',
  'erased_at',
  'token',
  'offered_at',
  'offer_expires',
  'reservation',
  'created',
  'updated',
] as const;

/** Where a waitlist entry was made: the select field's values. */
export const WAITLIST_SOURCES = ['web', 'kiosk'] as const;

/** 60 → 'a minute', 120 → '2 minutes', 45 → '45 seconds'. */
function waitText(seconds: number): string {
  if (seconds === 60) return 'a minute';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** 'web or kiosk', 'web, event or kiosk' */
const either = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

export const REQUEST_MESSAGES = {
  /** 413: the body is over REQUEST_LIMITS.bodyMaxBytes (refused before it is read). */
  bodyTooLarge: `The request is larger than the ${REQUEST_LIMITS.bodyMaxBytes / 1024} KB a request may be.`,
  /** 408: the body did not arrive within REQUEST_LIMITS.bodyArrivesWithinSeconds of the headers (server/clientbounds.go). */
  bodyTooSlow: `The request took longer than ${REQUEST_LIMITS.bodyArrivesWithinSeconds} seconds to arrive, so it was not read. Please check your connection and try again.`,
  /** 429: one address already has as many requests open as the server takes from it (MAX_OPEN_REQUESTS_PER_IP). */
  tooManyOpen: 'Too many requests from your address are open at once. Please wait a moment and try again.',
  /** 415: a public create or change sent as a form or multipart body. */
  jsonOnly: 'Please send this request as JSON (Content-Type: application/json).',
  /** A JSON number no field can hold (1e400): named on its field. */
  numberOutOfRange: 'This number is out of range: numbers must lie between -1e308 and 1e308.',
  /** The client-chosen record id is a number, or not 15 lowercase letters and digits. */
  idInvalid: 'The id must be text of 15 lowercase letters and digits.',
  /** A field only the venue writes (SERVER_SET_FIELDS). */
  serverSetField: (field: string) => `The ${field} field is set by the venue and cannot be sent.`,
  /** A public create's body is not one JSON object. */
  objectExpected: "Please send one JSON object with the record's fields.",
  /** The manage link's body is not one JSON object (a list, a string, a number, null). */
  manageObjectExpected: 'Please send one JSON object with the fields to change, such as {"party_size": 4} or {"event_time": "8:00 PM"}.',
  /**
   * 429 on the manage link and the cancel look-ups: the rate limit's window (`seconds`, from the
   * limit's settings) is the longest wait; the answer's Retry-After says the same.
   */
  tooManyTries: (seconds: number) => `Too many tries from this device. Please try again in ${waitText(seconds)}.`,
  reservationSourceInvalid: `The source must be ${either(RESERVATION_SOURCES)}.`,
  waitlistSourceInvalid: `The source must be ${either(WAITLIST_SOURCES)}.`,
} as const;
