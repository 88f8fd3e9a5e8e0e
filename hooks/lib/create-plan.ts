/**
 * The public creates' rules as pure functions of what the caller gathered (no app, no request
 * object): the request's own errors, the form's rules, the schedule check, the values to store and
 * the outbox jobs. The Go create path (server/creates.go) calls them through the rules bundle
 * (hooks/create/rules.ts) for reservations, waitlist entries, inquiries, influencer applications
 * and pass confirmations; a waitlist claim's reservation takes its jobs from here too.
 *
 * Only $os.getenv and $security (sha256, random ids) are read: the Go rules runtime provides both.
 */
import * as S from '../rules';
import * as Env from './env';
import { guestFields } from './guest-records';
import * as Ids from './ids';
import * as Jobs from './jobs';
import * as Req from './request-body';
import * as T from './transports';
import type { Body } from './request-body';
import type { FieldErrors } from './http';

/** The collections the Go create path serves: every public create (S.PUBLIC_CREATE_COLLECTIONS). */
export type PlannedCollection = (typeof S.PUBLIC_CREATE_COLLECTIONS)[number];
export const PLANNED_COLLECTIONS: readonly PlannedCollection[] = S.PUBLIC_CREATE_COLLECTIONS;

/** What a create's rules read besides the body: the schedule, and who asked. */
export interface CreateFacts {
  /** The active events titled as the body's event_name (its schedule check). */
  events: S.ScheduledEvent[];
  /** The active weekly open-tables entries (a walk-in's own arrival time). */
  openTables: S.ScheduleRow[];
  request: { ip: string; ua: string; referer: string };
}

/**
 * The schedule check's answer: the refusal by field (with its code, S.REFUSALS, when it has one),
 * or the scheduled event the create is for (null: none needed).
 */
export type Checked = { errors: FieldErrors; code?: S.RefusalCode } | { event: S.ScheduledEvent | null };

/** A night and a party whose seats the create must find free: checked inside the insert's transaction. */
export interface SeatsWanted {
  date: string;
  party: number;
}

const isBoardGame = (name: unknown) => S.isBoardGameNight(Req.str(name));

function attributionFrom(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  S.ATTRIBUTION_KEYS.forEach((k) => {
    const v = S.clipAttribution(k, body[k]);
    if (v) out[k] = v;
  });
  return out;
}

function sourceUrlFrom(facts: CreateFacts, body: Body): string {
  const v = Req.str(body.event_source_url).trim() || facts.request.referer;
  return v.slice(0, S.LIMITS.urlMax);
}

/**
 * The reservations' event check: the active event named `input.event_name` that runs on
 * `input.event_date` (its stored name and time are the schedule's), or the refusal by field.
 */
export function scheduledEvent(input: Body, events: S.ScheduledEvent[]): Checked {
  const found = S.checkScheduledEvent(events, S.text(input.event_name), S.text(input.event_date));
  if (!found.event) return { errors: { [found.code === 'event_unknown' ? 'event_name' : 'event_date']: found.error }, code: found.code };
  return { event: found.event };
}

/** The refusal of a walk-in's own arrival time outside the night's open tables; null for a listed slot or a time within them. */
export function walkInRefusal(input: Body, openTables: S.ScheduleRow[]): Checked | null {
  const time = S.text(input.event_time).trim();
  if ((S.TIME_SLOTS as readonly string[]).includes(time)) return null;
  const problem = S.checkWalkInArrival(openTables, S.text(input.event_date), time);
  return problem ? { errors: { event_time: problem } } : null;
}

/** Where staff notifications go: STAFF_EMAIL, else the venue's own inbox for that topic. */
function staffEmail(topic: 'events' | 'collab'): string {
  const configured = Env.env('STAFF_EMAIL');
  if (configured) return configured;
  return topic === 'collab' ? S.venue.contact.collabEmail : S.venue.contact.eventsEmail;
}

/** What a create's jobs read of its stored record. */
export interface StoredFacts {
  id: string;
  email: string;
  event_source_url: string;
}

/**
 * The Meta Conversions API event, captured at create time (the IP and UA are the guest's).
 * Without Meta's settings it is stored already skipped, with the reason, exactly as the worker
 * would mark it: kept for the record, but no worker claims, reads and rewrites it.
 */
function conversionJob(record: StoredFacts, ctx: Jobs.RequestContext): Jobs.Job {
  const email = record.email.trim().toLowerCase();
  const unconfigured = T.conversionSkipReason();
  return {
    status: unconfigured ? 'skipped' : 'pending',
    lastError: unconfigured,
    kind: 'conversion',
    template: 'meta_lead',
    recipient: '',
    payload: JSON.stringify({
      event: {
        event_name: 'Lead',
        event_time: Math.floor(Date.now() / 1000),
        event_id: record.id,
        action_source: 'website',
        event_source_url: record.event_source_url || Env.siteUrl() + '/',
        user_data: {
          em: [$security.sha256(email)],
          client_ip_address: ctx.ip,
          client_user_agent: ctx.ua,
        },
        custom_data: { value: 0, currency: 'USD' },
      },
    }),
  };
}

/** Per collection: which validator, the schedule check, the values to store, the seats it takes, its jobs. */
interface PlannedSpec {
  validate(input: Body, today: string): S.Validated;
  check?(input: Body, facts: CreateFacts): Checked;
  /** The values to store; `event` is what check found (its stored name and time are the schedule's). */
  fields(input: Body, body: Body, facts: CreateFacts, event: S.ScheduledEvent | null): Record<string, unknown>;
  /** The seats the stored values take (checked in the insert's transaction). */
  seats?(fields: Record<string, unknown>): SeatsWanted | null;
  /**
   * A create refused on other fields: the night whose seats refusal it would also get. That
   * refusal's code wins (README, refusal codes), so a client offers the waitlist even when the
   * email is also wrong.
   */
  seatsAlso?(input: Body, errors: FieldErrors): SeatsWanted | null;
  /** The guest's place in a night's line: one live entry per guest and night (checked in the insert's transaction). */
  line?(fields: Record<string, unknown>): LineWanted;
  jobs(record: StoredFacts, ctx: Jobs.RequestContext): Jobs.Job[];
}

/** A waitlist entry's night and email: refused when the guest already waits for that night. */
export interface LineWanted {
  date: string;
  email: string;
}

/** The refusal of a second live entry of one guest for one night. */
export function alreadyWaiting(date: string): FieldRefusal {
  const message = S.WAITLIST_MESSAGES.alreadyWaiting(S.formatNight(date));
  return { errors: { email: message }, message };
}

const SPECS: Record<PlannedCollection, PlannedSpec> = {
  reservations: {
    validate(input, today) {
      return isBoardGame(input.event_name) ? S.validateBoardGameReservation(input, today) : S.validateEventReservation(input, today);
    },
    /** An event reservation must name an event that runs on its date (found in `events`); a walk-in's own time, the night's open tables. */
    check(input, facts) {
      return isBoardGame(input.event_name) ? (walkInRefusal(input, facts.openTables) ?? { event: null }) : scheduledEvent(input, facts.events);
    },
    fields(input, body, facts, event) {
      const board = isBoardGame(input.event_name) || !event;
      const source = Req.str(body.source).trim();
      // An event's stored name and time are the schedule's (check found it), never text the guest sent.
      return Object.assign(guestFields(input), {
        event_name: board ? S.BOARD_GAME_NIGHT : event.title,
        event_date: S.text(input.event_date),
        event_time: board ? S.text(input.event_time) : event.time,
        // Event reservations always store one guest (SPEC §3).
        party_size: board ? input.party_size : 1,
        source: source || 'web',
        status: 'confirmed',
        cancel_token: Ids.randomToken(),
        event_source_url: sourceUrlFrom(facts, body),
      }, attributionFrom(body));
    },
    seats(fields) {
      return fields.event_name === S.BOARD_GAME_NIGHT ? { date: S.text(fields.event_date), party: fields.party_size as number } : null;
    },
    seatsAlso(input, errors) {
      if (!isBoardGame(input.event_name) || errors.event_name || errors.event_date || errors.party_size) return null;
      // validate accepted event_date and party_size.
      return { date: S.text(input.event_date), party: input.party_size as number };
    },
    jobs(record, ctx) {
      return [Jobs.mailJob('reservation_confirmation', record.email), conversionJob(record, ctx)];
    },
  },

  private_event_inquiries: {
    validate(input, today) {
      return S.validateInquiry(input, today);
    },
    fields(input, body, facts) {
      const people = S.optionalNumber(input.number_of_people);
      return Object.assign(guestFields(input), {
        event_type: S.text(input.event_type),
        number_of_people: typeof people === 'number' ? people : 0,
        budget: S.text(input.budget),
        preferred_date: S.text(input.preferred_date),
        preferred_time: S.text(input.preferred_time),
        message: S.text(input.message),
        event_source_url: sourceUrlFrom(facts, body),
      }, attributionFrom(body));
    },
    jobs(record, ctx) {
      return [Jobs.mailJob('inquiry_staff', staffEmail('events')), Jobs.mailJob('inquiry_ack', record.email), conversionJob(record, ctx)];
    },
  },

  influencer_applications: {
    validate(input) {
      return S.validateInfluencerApplication(input);
    },
    fields(input, body, facts) {
      return { name: S.text(input.name), email: S.text(input.email), message: S.text(input.message), event_source_url: sourceUrlFrom(facts, body) };
    },
    jobs(record) {
      return [Jobs.mailJob('influencer_staff', staffEmail('collab')), Jobs.mailJob('influencer_ack', record.email)];
    },
  },

  // A board game night's waitlist: the reservation's rules, then the line (lib/waitlist.ts has its offers).
  waitlist: {
    validate(input, today) {
      return S.validateWaitlistJoin(input, today);
    },
    /**
     * Only board game night fills up, so only it has a line (the form sends no event name). Any
     * other name is checked as a reservation's (it exists, is shown, runs that day), then refused:
     * never stored or mailed as a board game night entry.
     */
    check(input, facts) {
      const name = S.text(input.event_name).trim();
      if (name === '' || isBoardGame(name)) return walkInRefusal(input, facts.openTables) ?? { event: null };
      const found = scheduledEvent(input, facts.events);
      if ('errors' in found || !found.event) return found;
      return { errors: { event_name: S.WAITLIST_MESSAGES.eventHasNoWaitlist(found.event.title) } };
    },
    fields(input, body) {
      return Object.assign(guestFields(input), {
        party_size: input.party_size,
        event_date: S.text(input.event_date),
        event_time: S.text(input.event_time),
        source: Req.str(body.source).trim() || 'web',
        status: 'waiting',
        token: Ids.randomToken(),
        offered_at: '',
        offer_expires: '',
        reservation: '',
      });
    },
    line(fields) {
      return { date: S.text(fields.event_date), email: S.text(fields.email) };
    },
    jobs(record) {
      return [Jobs.mailJob('waitlist_joined', record.email)];
    },
  },

  pass_confirmations: {
    validate(input, today) {
      return S.validatePassConfirmation(input, today);
    },
    fields(input) {
      return {
        name: S.text(input.name),
        email: S.text(input.email),
        date: S.text(input.date),
        time: S.text(input.time),
        people: input.people,
        // validatePassConfirmation accepted them as numbers.
        cost: S.cents(input.cost as number),
        tax: S.cents(input.tax as number),
        total: S.cents(input.total as number),
      };
    },
    jobs(record) {
      return [Jobs.mailJob('pass_confirmation', record.email)];
    },
  },
};

/** The outbox jobs a create of `collection` queues for its stored record (a waitlist claim's reservation too). */
export function plannedJobs(collection: PlannedCollection, record: StoredFacts, ctx: Jobs.RequestContext): Jobs.Job[] {
  return SPECS[collection].jobs(record, ctx);
}

/**
 * What the request itself gets wrong, before any form rule: an id that is not text of the
 * record id shape, or a field only the venue writes (S.SERVER_SET_FIELDS).
 */
export function requestErrors(body: Body): FieldErrors {
  const errors: FieldErrors = {};
  // null too: PocketBase would make an id, so a retry of the same request would be stored twice.
  if (body.id !== undefined && !(typeof body.id === 'string' && S.RECORD_ID_PATTERN.test(body.id))) {
    errors.id = S.REQUEST_MESSAGES.idInvalid;
  }
  S.SERVER_SET_FIELDS.forEach((field) => {
    if (body[field] !== undefined) errors[field] = S.REQUEST_MESSAGES.serverSetField(field);
  });
  return errors;
}

/** PocketBase's own answer to a create whose id is taken: nothing is stored or sent. */
export const DUPLICATE_ANSWER = {
  status: 400,
  message: 'Failed to create record.',
  data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
};

/** A filled honeypot: the answer of a successful create; nothing is stored or sent. */
export function honeypotAnswer(collectionId: string, collection: string, body: Body): Record<string, unknown> {
  const id = S.RECORD_ID_PATTERN.test(Req.str(body.id)) ? Req.str(body.id) : $security.randomStringWithAlphabet(15, S.RECORD_ID_ALPHABET);
  const now = Ids.stamp();
  const out: Record<string, unknown> = { collectionId, collectionName: collection, id, created: now, updated: now };
  const publicFields = ['name', 'email', 'event_name', 'event_date', 'event_time', 'party_size', 'message', 'date', 'time', 'people'];
  publicFields.forEach((f) => {
    if (body[f] !== undefined) out[f] = body[f];
  });
  if (collection === 'reservations') out.status = 'confirmed';
  if (collection === 'waitlist') out.status = 'waiting';
  return out;
}

/** A refusal by field, as rejectFields answers it. */
export interface FieldRefusal {
  errors: FieldErrors;
  message?: string;
  code?: S.RefusalCode;
}

/** A public create's plan: refuse it (seatsAlso: and look up that night's seats first), or store these values and jobs. */
export type Plan = { refuse: FieldRefusal; seatsAlso: SeatsWanted | null } | { store: StorePlan };

/** An accepted create: the record's id and values, its jobs, and the seats it takes (checked in its transaction). */
export interface StorePlan {
  id: string;
  fields: Record<string, unknown>;
  jobs: Jobs.Job[];
  seats: SeatsWanted | null;
  /** A waitlist entry's line check; after its insert the night's offer pass runs in the same transaction. */
  line: LineWanted | null;
}

/**
 * A create's plan from its body (a JSON object), its facts and its answer's context. Order
 * matters: the request's errors and the form's rules first, then the schedule check.
 */
export function planCreate(collection: PlannedCollection, body: Body, facts: CreateFacts): Plan {
  const spec = SPECS[collection];
  // The body as sent (no 0-for-empty coercion): 0 guests is refused like in the browser.
  const input = Object.assign({}, body);
  // Today is the venue night (S.venueNight): until 4:00 tonight's date is not in the past.
  const validated = spec.validate(input, S.venueNight());
  const errors = Object.assign(requestErrors(body), validated.errors);
  if (Object.keys(errors).length > 0) {
    return { refuse: { errors, code: validated.code }, seatsAlso: spec.seatsAlso ? spec.seatsAlso(input, errors) : null };
  }
  const checked: Checked = spec.check ? spec.check(input, facts) : { event: null };
  if ('errors' in checked) return { refuse: { errors: checked.errors, code: checked.code }, seatsAlso: null };

  const fields = spec.fields(input, body, facts, checked.event);
  // The inbox's fields are staff's (1763700600_inbox_status.js): a guest's request starts new, without a note.
  if (S.INBOX_KINDS.some((k) => k.collection === collection)) Object.assign(fields, { status: 'new', note: '' });
  const id = typeof body.id === 'string' && body.id ? body.id : $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
  const ctx: Jobs.RequestContext = { ip: facts.request.ip, ua: facts.request.ua.slice(0, 500) };
  const stored: StoredFacts = { id, email: S.text(fields.email), event_source_url: S.text(fields.event_source_url) };
  return { store: { id, fields, jobs: spec.jobs(stored, ctx), seats: spec.seats ? spec.seats(fields) : null, line: spec.line ? spec.line(fields) : null } };
}
