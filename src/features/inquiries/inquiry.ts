/**
 * The 'Plan Your Event' inquiry: the form's schema (the shared inquiry rules, SPEC §5), the
 * choices it offers and the private_event_inquiries record it sends.
 */
import type { z } from 'zod';
import { BUDGET_OPTIONS, EVENT_TYPES, LIMITS } from '../../lib/rules/limits';
import type { makeInquirySchema } from '../../lib/rules/schemas';
import { optionalNumber } from '../../lib/rules/fieldChecks';
import { formatNight } from '../../lib/venueTime';

export const INQUIRY_COLLECTION = 'private_event_inquiries';

export const INQUIRY_FIELDS = [
  'name',
  'email',
  'phone',
  'event_type',
  'number_of_people',
  'budget',
  'preferred_date',
  'preferred_time',
  'message',
] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** What the form holds: text, as typed. */
export type InquiryValues = Record<InquiryField, string>;

export const emptyInquiry: InquiryValues = {
  name: '',
  email: '',
  phone: '',
  event_type: '',
  number_of_people: '',
  budget: '',
  preferred_date: '',
  preferred_time: '',
  message: '',
};

/** What the shared inquiry rules (SPEC §5, the same ones the server applies) give the form. */
export type InquiryFormInput = z.infer<ReturnType<typeof makeInquirySchema>>;

/** More people than the space holds: shown as a note, never as an error. */
export function isLargeGroup(value: string): boolean {
  const n = optionalNumber(value);
  return typeof n === 'number' && Number.isInteger(n) && n > LIMITS.privateEventMaxGuests;
}

/** Preferred time choices: every half hour from 10:00 AM to 11:30 PM. */
export const PREFERRED_TIMES: string[] = (() => {
  const times: string[] = [];
  for (let minutes = 10 * 60; minutes <= 23 * 60 + 30; minutes += 30) {
    const h24 = Math.floor(minutes / 60);
    const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
    times.push(`${h12}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`);
  }
  return times;
})();

export const eventTypeLabel = (id: string | undefined) => EVENT_TYPES.find((t) => t.id === id)?.label ?? '';
export const budgetLabel = (id: string | undefined) => BUDGET_OPTIONS.find((b) => b.id === id)?.label ?? '';

/** The record body (collection field names). Optional values that were left out are not sent. */
export function toInquiryBody(data: InquiryFormInput, website = ''): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: data.name,
    email: data.email,
    phone: data.phone,
    message: data.message,
    website,
  };
  if (data.event_type) body.event_type = data.event_type;
  if (data.number_of_people !== undefined) body.number_of_people = data.number_of_people;
  if (data.budget) body.budget = data.budget;
  if (data.preferred_date) body.preferred_date = data.preferred_date;
  if (data.preferred_time) body.preferred_time = data.preferred_time;
  return body;
}

/** What the pending list shows: 'Private event inquiry · Birthday Party · Saturday, December 5'. */
export function inquiryLabel(data: InquiryFormInput): string {
  const parts = ['Private event inquiry'];
  const type = eventTypeLabel(data.event_type);
  if (type) parts.push(type);
  if (data.preferred_date) parts.push(formatNight(data.preferred_date));
  if (data.number_of_people) parts.push(`${data.number_of_people} ${data.number_of_people === 1 ? 'guest' : 'guests'}`);
  return parts.join(' · ');
}

export function inquiryThankYouHref(email: string): string {
  return `/private-events/thank-you?email=${encodeURIComponent(email)}`;
}
