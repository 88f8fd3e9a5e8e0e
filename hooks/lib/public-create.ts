/**
 * Public creates (reservations, inquiries, influencer applications, pass confirmations):
 * honeypot, idempotent client ids, validation of the body as sent with the shared messages,
 * the event and capacity checks, and the record with its outbox jobs in one transaction.
 */
import * as S from '../rules';
import * as Env from './env';
import * as Guests from './guest-records';
import * as Http from './http';
import * as Ids from './ids';
import * as Jobs from './jobs';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as C from './capacity';
import { duplicate, honeypot, requestErrors } from './create-request';
import * as O from './outbox';
import * as T from './transports';
import * as W from './waitlist';
import { walkInRefusal } from './walk-ins';
import type { Checked, CreateSpec } from './create-spec';

type Body = Req.Body;

const isBoardGame = (name: unknown) => S.isBoardGameNight(Req.str(name));

function attributionFrom(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  S.ATTRIBUTION_KEYS.forEach((k) => {
    const v = S.clipAttribution(k, body[k]);
    if (v) out[k] = v;
  });
  return out;
}

function sourceUrlFrom(e: core.RecordRequestEvent, body: Body): string {
  const v = Req.str(body.event_source_url).trim() || Req.header(e, 'Referer');
  return v.slice(0, S.LIMITS.urlMax);
}

/** The public collections a create hook serves. */
export type PublicCollection = 'reservations' | 'private_event_inquiries' | 'influencer_applications' | 'pass_confirmations' | 'waitlist';

/** Per collection: which validator, how to store the values, which jobs to enqueue. */
const SPECS: Record<PublicCollection, CreateSpec> = {
  reservations: {
    validate(input, today) {
      return isBoardGame(input.event_name)
        ? S.validateBoardGameReservation(input, today)
        : S.validateEventReservation(input, today);
    },
    /** An event reservation must name an event that runs on its date (found in `events`); a walk-in's own time, the night's open tables. */
    check(input) {
      return isBoardGame(input.event_name) ? (walkInRefusal(input) ?? { event: null }) : scheduledEvent(input);
    },
    apply(record, input, e, body, event) {
      const board = isBoardGame(input.event_name) || !event;
      const source = Req.str(body.source).trim();
      // An event's stored name and time are the schedule's (check found it), never text the guest sent.
      record.load(Guests.guestFields(input));
      record.load({
        event_name: board ? S.BOARD_GAME_NIGHT : event.title,
        event_date: S.text(input.event_date),
        event_time: board ? S.text(input.event_time) : event.time,
        // Event reservations always store one guest (SPEC §3).
        party_size: board ? input.party_size : 1,
        source: source || 'web',
        status: 'confirmed',
        cancel_token: Ids.randomToken(),
        event_source_url: sourceUrlFrom(e, body),
      });
      record.load(attributionFrom(body));
    },
    seatsAlso(app, input, errors) {
      if (!isBoardGame(input.event_name) || errors.event_name || errors.event_date || errors.party_size) return null;
      // validate accepted event_date and party_size.
      return C.checkSeats(app, S.text(input.event_date), input.party_size as number, 0);
    },
    /** Count and insert happen in the same transaction (all writes share one connection). */
    beforeInsert(tx, record) {
      if (record.getString('event_name') !== S.BOARD_GAME_NIGHT) return null;
      return C.checkSeats(tx, record.getString('event_date'), record.getInt('party_size'), 0);
    },
    jobs(record, ctx) {
      return [Jobs.mailJob('reservation_confirmation', record.getString('email')), conversionJob(record, ctx)];
    },
  },

  private_event_inquiries: {
    validate(input, today) {
      return S.validateInquiry(input, today);
    },
    apply(record, input, e, body) {
      const people = S.optionalNumber(input.number_of_people);
      record.load(Guests.guestFields(input));
      record.load({
        event_type: S.text(input.event_type),
        number_of_people: typeof people === 'number' ? people : 0,
        budget: S.text(input.budget),
        preferred_date: S.text(input.preferred_date),
        preferred_time: S.text(input.preferred_time),
        message: S.text(input.message),
        event_source_url: sourceUrlFrom(e, body),
      });
      record.load(attributionFrom(body));
    },
    jobs(record, ctx) {
      return [
        Jobs.mailJob('inquiry_staff', staffEmail('events')),
        Jobs.mailJob('inquiry_ack', record.getString('email')),
        conversionJob(record, ctx),
      ];
    },
  },

  influencer_applications: {
    validate(input) {
      return S.validateInfluencerApplication(input);
    },
    apply(record, input, e, body) {
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        message: S.text(input.message),
        event_source_url: sourceUrlFrom(e, body),
      });
    },
    jobs(record) {
      return [Jobs.mailJob('influencer_staff', staffEmail('collab')), Jobs.mailJob('influencer_ack', record.getString('email'))];
    },
  },

  pass_confirmations: {
    validate(input, today) {
      return S.validatePassConfirmation(input, today);
    },
    apply(record, input) {
      record.load({
        name: S.text(input.name),
        email: S.text(input.email),
        date: S.text(input.date),
        time: S.text(input.time),
        people: input.people,
        // validatePassConfirmation accepted them as numbers.
        cost: S.cents(input.cost as number),
        tax: S.cents(input.tax as number),
        total: S.cents(input.total as number),
      });
    },
    jobs(record) {
      return [Jobs.mailJob('pass_confirmation', record.getString('email'))];
    },
  },

  // A board game night's waitlist: the reservation's rules, then the line (lib/waitlist.ts).
  waitlist: {
    ...W.CREATE_SPEC,
    /**
     * Only board game night fills up, so only it has a line (the form sends no event name). Any
     * other name is checked as a reservation's (it exists, is shown, runs that day), then refused:
     * never stored or mailed as a board game night entry.
     */
    check(input: Body): Checked {
      if (S.text(input.event_name).trim() === '' || isBoardGame(input.event_name)) return walkInRefusal(input) ?? { event: null };
      const found = scheduledEvent(input);
      if ('errors' in found || !found.event) return found;
      return { errors: { event_name: S.WAITLIST_MESSAGES.eventHasNoWaitlist(found.event.title) } };
    },
  },
};

/**
 * The reservations' event check: the active event named `input.event_name` that runs on
 * `input.event_date` (its stored name and time are the schedule's), or the refusal by field.
 */
function scheduledEvent(input: Body): Checked {
  const found = S.checkScheduledEvent(activeEvents(S.text(input.event_name)), S.text(input.event_name), S.text(input.event_date));
  if (!found.event) return { errors: { [found.code === 'event_unknown' ? 'event_name' : 'event_date']: found.error }, code: found.code };
  return { event: found.event };
}

/** The outbox jobs a create of `collection` queues for `record` (a waitlist claim's reservation too). */
export function jobsFor(collection: PublicCollection, record: core.Record, ctx: Jobs.RequestContext): Jobs.Job[] {
  return SPECS[collection].jobs(record, ctx);
}

/** The active events (specials and weekly entries) titled `title`, as the shared check reads them. */
function activeEvents(title: string): S.ScheduledEvent[] {
  const found = $app.findRecordsByFilter('events', 'active = true && title = {:title}', 'sort_order', 50, 0, { title });
  return found.filter((r): r is core.Record => !!r).map((r) => ({
    title: r.getString('title'),
    time: r.getString('time'),
    // The events collection's `kind` is a select of exactly these two.
    kind: r.getString('kind') as S.ScheduledEvent['kind'],
    weekday: r.getInt('weekday'),
    date: r.getString('date'),
  }));
}

/** Where staff notifications go: STAFF_EMAIL, else the venue's own inbox for that topic. */
function staffEmail(topic: 'events' | 'collab'): string {
  const configured = Env.env('STAFF_EMAIL');
  if (configured) return configured;
  return topic === 'collab' ? S.venue.contact.collabEmail : S.venue.contact.eventsEmail;
}

/**
 * The Meta Conversions API event, captured at create time (the IP and UA are the guest's).
 * Without Meta's settings it is stored already skipped, with the reason, exactly as the worker
 * would mark it: kept for the record, but no worker claims, reads and rewrites it.
 */
function conversionJob(record: core.Record, ctx: Jobs.RequestContext): Jobs.Job {
  const email = record.getString('email').trim().toLowerCase();
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
        event_source_url: record.getString('event_source_url') || Env.siteUrl() + '/',
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

/**
 * onRecordCreateRequest handler for the public collections.
 * Order matters: honeypot, then validation, then one transaction for capacity + insert + outbox
 * jobs (then afterInsert: the waitlist's offer pass). A retry of a stored create always gets
 * PocketBase's duplicate answer, never a refusal (its device would tell the guest the booking
 * failed): an accepted retry hits the primary key in e.next(), which answers exactly that, and a
 * refused one is looked up before it is refused (refuse). Looking the id up only then keeps a query off every accepted create. Nothing here
 * waits on mail or Meta: the answer goes out when the transaction commits, and the outbox
 * worker (woken by server/outbox.go) sends the jobs.
 */
export function handleCreate(e: core.RecordRequestEvent, collection: PublicCollection): void {
  const spec = SPECS[collection];
  const record = Rows.recordOf(e);
  // Form and multipart bodies arrive as text ("2" for 2): only JSON keeps the types as sent.
  if (!Req.isJson(e)) return Req.refuseNotJson(e);
  if (!Req.isJsonObject(e)) return Http.fail(e, 400, S.REQUEST_MESSAGES.objectExpected);
  const body = Req.rawBody(e);

  if (Req.str(body.website).trim() !== '') return honeypot(e, collection, body);

  // Only a text id is ever looked up: a number id is refused, never read as its digits.
  const id = typeof body.id === 'string' ? body.id : '';
  const refuse = (errors: Http.FieldErrors, message?: string, code?: S.RefusalCode) =>
    id && Rows.recordExists($app, collection, id) ? duplicate(e) : Http.rejectFields(e, errors, message, code);

  // The body as sent (no 0-for-empty coercion): 0 guests is refused like in the browser.
  const input = Object.assign({}, body);
  // Today is the venue night (S.venueNight): until 4:00 tonight's date is not in the past.
  const validated = spec.validate(input, S.venueNight());
  const errors = Object.assign(requestErrors(body), validated.errors);
  if (Object.keys(errors).length > 0) {
    // A capacity refusal's code wins over the form's (README, refusal codes).
    const seats = spec.seatsAlso ? spec.seatsAlso($app, input, errors) : null;
    return seats ? refuse(Object.assign(errors, seats.fields), undefined, seats.code) : refuse(errors, undefined, validated.code);
  }
  const checked: Checked = spec.check ? spec.check(input) : { event: null };
  if ('errors' in checked) return refuse(checked.errors, undefined, checked.code);

  spec.apply(record, input, e, body, checked.event);
  // The inbox's fields are staff's (1763700600_inbox_status.js): a guest's request starts new, without a note.
  if (S.INBOX_KINDS.some((k) => k.collection === collection)) record.load({ status: 'new', note: '' });
  if (!record.id) record.id = $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
  const ctx: Jobs.RequestContext = { ip: e.realIP(), ua: Req.header(e, 'User-Agent').slice(0, 500) };
  // Built before the transaction (SQLite has one writer, so the write lock is held only for the
  // capacity count and the inserts); the jobs only name their template, the Go outbox renders mails when it sends.
  const jobs = spec.jobs(record, ctx);

  const originalApp = e.app;
  let rejection: Http.Refusal | null = null;
  try {
    // In turn (first come, first served) with the other creates: see Tx.inWriteTransaction.
    Tx.inWriteTransaction((tx) => {
      e.app = tx;
      if (spec.beforeInsert) {
        rejection = spec.beforeInsert(tx, record);
        if (rejection) return;
      }
      e.next();
      O.enqueue(tx, collection, record.id, jobs);
      if (spec.afterInsert) spec.afterInsert(tx, record);
    }, originalApp);
  } finally {
    e.app = originalApp;
  }

  // The outbox jobs committed with the record; server/outbox.go wakes the worker that sends them.
  const refusal = rejection as Http.Refusal | null; // set inside the transaction's callback
  if (refusal) return refuse(refusal.fields, refusal.message, refusal.code);
}
