/**
 * The migrations write the collections' limits as frozen snapshots (rightly: a migration must not
 * change when the code does). This test reads the live collections from a fresh server and checks
 * every limit, select list, pattern and required flag against the rules module, so a change on
 * either side that the other does not follow fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenue, type Venue } from '../support/api-fixtures';
import {
  ATTRIBUTION_KEYS,
  attributionMax,
  BUDGET_OPTIONS,
  CANCEL_TOKEN_LENGTH,
  CANCEL_TOKEN_PATTERN,
  DATE_PATTERN,
  EVENT_TYPES,
  LIMITS,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  TASK_CATEGORIES,
  TASK_STATUSES,
} from '../../src/lib/rules/limits';
import { EVENT_LIMITS, INBOX_KINDS, INBOX_LIMITS, INBOX_STATUSES } from '../../src/lib/rules/staff';
import { WAITLIST_STATUSES } from '../../src/lib/rules/waitlist';

type Field = { name: string; type: string; required?: boolean; max?: number; min?: number; values?: string[]; pattern?: string; onlyInt?: boolean };

let v: Venue;
const fields = new Map<string, Map<string, Field>>();

beforeAll(async () => {
  v = await startVenue({ smtp: false, meta: false });
  for (const collection of await v.su.collections.getFullList()) {
    fields.set(collection.name, new Map((collection.fields as Field[]).map((f) => [f.name, f])));
  }
});
afterAll(async () => {
  await v?.stop();
});

const field = (collection: string, name: string): Field => {
  const found = fields.get(collection)?.get(name);
  if (!found) throw new Error(`${collection}.${name} does not exist`);
  return found;
};

/** [collection, field, what the rules say] */
type Expectation = [string, string, Partial<Field>];

const text = (max: number, required = false): Partial<Field> => ({ type: 'text', max, required });
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);
const DATE = { type: 'text', pattern: DATE_PATTERN.source };

const attribution = (collection: string): Expectation[] => [
  ...ATTRIBUTION_KEYS.map((key): Expectation => [collection, key, text(attributionMax(key))]),
  [collection, 'event_source_url', text(LIMITS.urlMax)],
];

const expectations: Expectation[] = [
  ['reservations', 'name', text(LIMITS.nameMax, true)],
  ['reservations', 'email', text(LIMITS.emailMax, true)],
  ['reservations', 'phone', text(LIMITS.phoneMax)],
  ['reservations', 'event_name', text(LIMITS.eventNameMax, true)],
  ['reservations', 'event_date', { ...DATE, required: true }],
  ['reservations', 'event_time', text(LIMITS.timeMax, true)],
  ['reservations', 'party_size', { type: 'number', onlyInt: true, min: LIMITS.partySizeMin, max: LIMITS.partySizeMax, required: true }],
  ['reservations', 'source', { type: 'select', values: [...RESERVATION_SOURCES] }],
  ['reservations', 'status', { type: 'select', values: [...RESERVATION_STATUSES], required: true }],
  ['reservations', 'ics_sequence', { type: 'number', onlyInt: true, min: 0 }],
  ['reservations', 'reminded_at', { type: 'text', max: 40 }],
  ...attribution('reservations'),

  ['private_event_inquiries', 'name', text(LIMITS.nameMax, true)],
  ['private_event_inquiries', 'email', text(LIMITS.emailMax, true)],
  ['private_event_inquiries', 'phone', text(LIMITS.phoneMax, true)],
  ['private_event_inquiries', 'event_type', { type: 'select', values: ids(EVENT_TYPES) }],
  ['private_event_inquiries', 'number_of_people', { type: 'number', onlyInt: true, max: LIMITS.inquiryGuestsSanityMax }],
  ['private_event_inquiries', 'budget', { type: 'select', values: ids(BUDGET_OPTIONS) }],
  ['private_event_inquiries', 'preferred_date', DATE],
  ['private_event_inquiries', 'preferred_time', text(LIMITS.timeMax)],
  ['private_event_inquiries', 'message', text(LIMITS.messageMax, true)],
  ...attribution('private_event_inquiries'),

  ['influencer_applications', 'name', text(LIMITS.nameMax, true)],
  ['influencer_applications', 'email', text(LIMITS.emailMax, true)],
  ['influencer_applications', 'message', text(LIMITS.messageMax, true)],
  ['influencer_applications', 'event_source_url', text(LIMITS.urlMax)],

  ['pass_confirmations', 'name', text(LIMITS.nameMax, true)],
  ['pass_confirmations', 'email', text(LIMITS.emailMax, true)],
  ['pass_confirmations', 'date', text(LIMITS.passTextMax, true)],
  ['pass_confirmations', 'time', text(LIMITS.passTextMax, true)],
  ['pass_confirmations', 'people', { type: 'number', onlyInt: true, min: LIMITS.partySizeMin, max: LIMITS.partySizeMax, required: true }],

  ['events', 'title', text(LIMITS.eventNameMax, true)],
  ['events', 'date', DATE],
  ['events', 'time', text(LIMITS.timeMax)],

  ['tasks', 'title', text(LIMITS.taskTitleMax, true)],
  ['tasks', 'description', text(LIMITS.taskTextMax)],
  ['tasks', 'cadence', text(LIMITS.taskCadenceMax)],
  ['tasks', 'notes', text(LIMITS.taskTextMax)],
  ['tasks', 'category', { type: 'select', values: ids(TASK_CATEGORIES), required: true }],
  ['tasks', 'status', { type: 'select', values: [...TASK_STATUSES] }],

  ['priorities', 'priority_text', text(LIMITS.priorityTextMax, true)],
  ['priorities', 'priority_date', { ...DATE, required: true }],

  ['capacity', 'seats', { type: 'number', onlyInt: true, min: 0, max: LIMITS.capacitySeatsMax }],

  ['events', 'title', text(EVENT_LIMITS.titleMax, true)],
  ['events', 'description', text(EVENT_LIMITS.descriptionMax)],
  ['events', 'price', text(EVENT_LIMITS.priceMax)],
  ['events', 'time', text(LIMITS.timeMax)],
  ...INBOX_KINDS.flatMap(({ collection }): Expectation[] => [
    [collection, 'status', { type: 'select', values: ids(INBOX_STATUSES) }],
    [collection, 'note', text(INBOX_LIMITS.noteMax)],
  ]),
];

// The waitlist (issue 12) keeps the reservation's limits on the guest's fields, and its own statuses.
const WAITLIST_GUEST_FIELDS = ['name', 'email', 'phone', 'event_date', 'event_time', 'party_size'];
expectations.push(
  ...expectations.filter(([c, name]) => c === 'reservations' && WAITLIST_GUEST_FIELDS.includes(name)).map(([, name, e]): Expectation => ['waitlist', name, e]),
  ['waitlist', 'status', { type: 'select', values: [...WAITLIST_STATUSES], required: true }],
);

describe('the live collections follow src/lib/rules', () => {
  it.each(expectations)('%s.%s', (collection, name, expected) => {
    const actual = field(collection, name);
    const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key as keyof Field] ?? (key === 'required' ? false : undefined)]));
    expect(picked).toEqual(expected);
  });

  it.each([
    ['reservations', 'cancel_token'],
    ['waitlist', 'token'],
  ])('stores %s.%s tokens of the length the hooks make, within the bounds the link routes accept', (collection, name) => {
    const token = field(collection, name);
    const [, min, max] = /\{(\d+),(\d+)\}/.exec(CANCEL_TOKEN_PATTERN.source)!.map(Number);
    expect({ min: token.min, max: token.max, required: token.required }).toEqual({ min, max, required: true });
    expect(CANCEL_TOKEN_LENGTH).toBeGreaterThanOrEqual(min!);
    expect(CANCEL_TOKEN_LENGTH).toBeLessThanOrEqual(max!);
  });
});
