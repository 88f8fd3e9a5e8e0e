/**
 * The data the /reservation-thank-you page shows (SPEC §2, §3): navigation state first, then
 * the `reservationDetails` session entry, then the query string (eventName; eventDate or date;
 * eventTime or time; email; name). The first source that has any of the fields is used whole,
 * so details of two different reservations are never mixed.
 */
import { formatLongDate, isIsoDate } from '../../lib/venueTime';
import { attributionQuery } from '../attribution';

export interface ReservationDetails {
  eventName: string;
  /** The long readable date ('Saturday, December 5, 2026'). */
  eventDate: string;
  eventTime: string;
  email: string;
  name: string;
}

export type ThankYouSource = 'state' | 'session' | 'query' | 'none';

export const RESERVATION_DETAILS_KEY = 'reservationDetails';

const FIELDS = ['eventName', 'eventDate', 'eventTime', 'email', 'name'] as const;

const EMPTY: ReservationDetails = { eventName: '', eventDate: '', eventTime: '', email: '', name: '' };

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A yyyy-MM-dd date becomes the long readable date; anything else is shown as written. */
export function readableDate(value: string): string {
  return isIsoDate(value) ? formatLongDate(value) : value;
}

function fromObject(value: unknown): ReservationDetails | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  const details: ReservationDetails = {
    eventName: text(o.eventName),
    eventDate: readableDate(text(o.eventDate)),
    eventTime: text(o.eventTime),
    email: text(o.email),
    name: text(o.name),
  };
  return FIELDS.some((f) => details[f]) ? details : null;
}

function fromSession(storage: Pick<Storage, 'getItem'> | null): ReservationDetails | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(RESERVATION_DETAILS_KEY);
    return raw ? fromObject(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function fromQuery(search: string): ReservationDetails | null {
  const q = new URLSearchParams(search);
  return fromObject({
    eventName: q.get('eventName') ?? '',
    eventDate: q.get('eventDate') ?? q.get('date') ?? '',
    eventTime: q.get('eventTime') ?? q.get('time') ?? '',
    email: q.get('email') ?? '',
    name: q.get('name') ?? '',
  });
}

export function resolveThankYouData(input: {
  state?: unknown;
  storage?: Pick<Storage, 'getItem'> | null;
  search?: string;
}): { details: ReservationDetails; source: ThankYouSource } {
  const fromState = fromObject(input.state);
  if (fromState) return { details: fromState, source: 'state' };
  const stored = fromSession(input.storage ?? null);
  if (stored) return { details: stored, source: 'session' };
  const queried = fromQuery(input.search ?? '');
  if (queried) return { details: queried, source: 'query' };
  return { details: EMPTY, source: 'none' };
}

/** Step 5 of the flow: the session entry (its eventDate is the long readable date). */
export function saveReservationDetails(details: ReservationDetails): void {
  try {
    sessionStorage.setItem(RESERVATION_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // blocked storage: navigation state and the query still carry the details
  }
}

/**
 * The thank-you URL: the details as query parameters (the date as yyyy-MM-dd so the link can
 * be shared or reloaded cold) followed by the stored tracking parameters.
 */
export function thankYouHref(details: Omit<ReservationDetails, 'eventDate'> & { eventDateIso: string }, now?: Date): string {
  const q = new URLSearchParams();
  q.set('eventName', details.eventName);
  q.set('eventDate', details.eventDateIso);
  q.set('eventTime', details.eventTime);
  q.set('email', details.email);
  q.set('name', details.name);
  for (const [key, value] of attributionQuery(now)) q.set(key, value);
  return `/reservation-thank-you?${q.toString()}`;
}

/** The details a confirmed reservation shows on the thank-you page, and the link that carries them. */
export function confirmationFor(reservation: { event_name: string; event_date: string; event_time: string; email: string; name: string }): {
  details: ReservationDetails;
  href: string;
} {
  const details: ReservationDetails = {
    eventName: reservation.event_name,
    eventDate: formatLongDate(reservation.event_date),
    eventTime: reservation.event_time,
    email: reservation.email,
    name: reservation.name,
  };
  return { details, href: thankYouHref({ ...details, eventDateIso: reservation.event_date }) };
}
