/**
 * The public creates' rules for the Go create path (server/creates.go), with the waitlist's offer
 * decision (server/offers.go) and the day-of reminders' (server/reminders.go): the bundle
 * pb_hooks/lib/create-rules.js, built by scripts/build-rules.mjs and run by server/rules.go in a
 * small pool of goja runtimes. Every function takes JSON text and answers JSON text, so Go never
 * reaches into a JS object (server/rules.go has the Go types of each call). The rules themselves
 * are lib/create-plan.ts's, which the hooks' own creates use too.
 *
 * Top-level code must not touch PocketBase's globals: the runtime has only $os.getenv and
 * $security (sha256, randomStringWithAlphabet).
 */
import * as S from '../rules';
import { nightOf, seatsShortfall, SEATS_ON_PARAMS, SEATS_ON_SQL, type SeatsRow } from '../lib/capacity';
import { alreadyWaiting, DUPLICATE_ANSWER, honeypotAnswer, planCreate, PLANNED_COLLECTIONS, type CreateFacts, type FieldRefusal, type Plan, type PlannedCollection, type SeatsWanted, type StorePlan } from '../lib/create-plan';
import { refusalBody } from '../lib/http';
import { readNowFlag } from '../rules/nowFlag';
import { jobRow, type JobRow } from '../lib/jobs';
import * as Req from '../lib/request-body';
import { LIVE_SQL } from '../outbox/waitlist-position';
import type { Body } from '../lib/request-body';

export { DUPLICATE_ANSWER, PLANNED_COLLECTIONS, SEATS_ON_PARAMS, SEATS_ON_SQL };
export * from './waitlist';
export * from './manage';
export * from './sync';
export * from './staff-changes';

/** A live entry of the guest ({:email}) for the night ({:date}): a waitlist create is refused when one exists. */
export const WAITLIST_LINE_SQL = `SELECT id FROM waitlist WHERE event_date = {:date} AND ${LIVE_SQL} AND lower(email) = lower({:email}) LIMIT 1`;

/** A create as Go read it: the body as sent, what bodies.go marked, and the create's facts. */
interface PlanRequest {
  collection: PlannedCollection;
  collectionId: string;
  contentType: string;
  body: string;
  /** Top-level fields whose JSON number no double holds, with their sign (server/bodies.go). */
  outOfRange: Record<string, number> | null;
  facts: Partial<CreateFacts> | null;
}

/** An answer Go sends as it is. */
interface Answer {
  status: number;
  body: unknown;
}

type PlanReply = { answer: Answer; honeypot?: true } | ((Extract<Plan, { refuse: unknown }> | { store: Omit<StorePlan, 'jobs'> & { jobs: JobRow[] } }) & { lookupId: string });

function jsonObject(text: string): Body | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch (_) {
    return null;
  }
}

function planRequest(req: PlanRequest): PlanReply {
  // Form and multipart bodies arrive as text ("2" for 2): only JSON keeps the types as sent.
  if (req.contentType.toLowerCase().indexOf('application/json') !== 0) {
    return { answer: { status: 415, body: { status: 415, message: S.REQUEST_MESSAGES.jsonOnly, data: {} } } };
  }
  const body = jsonObject(req.body);
  if (!body) return { answer: { status: 400, body: { status: 400, message: S.REQUEST_MESSAGES.objectExpected, data: {} } } };
  // As ±Infinity the field's own rule refuses a number no double holds ("Maximum 20 people").
  Object.keys(req.outOfRange || {}).forEach((field) => {
    body[field] = ((req.outOfRange || {})[field] ?? 0) < 0 ? -Infinity : Infinity;
  });
  if (Req.str(body.website).trim() !== '') return { answer: { status: 200, body: honeypotAnswer(req.collectionId, req.collection, body) }, honeypot: true };
  // Go sends an empty list as null.
  const given = req.facts || {};
  const facts: CreateFacts = { events: given.events || [], openTables: given.openTables || [], request: given.request || { ip: '', ua: '', referer: '' } };
  const plan = planCreate(req.collection, body, facts);
  // Only a text id is ever looked up: a number id is refused, never read as its digits.
  const lookupId = typeof body.id === 'string' ? body.id : '';
  if ('refuse' in plan) return Object.assign(plan, { lookupId });
  return { store: Object.assign({}, plan.store, { jobs: plan.store.jobs.map(jobRow) }), lookupId };
}

/** planCreate for one request: an answer to send, a refusal, or the values and jobs to store. */
export function planCreateJson(text: string): string {
  return JSON.stringify(planRequest(JSON.parse(text) as PlanRequest));
}

/** A night's SEATS_ON_SQL row with the party that wants seats on it. */
interface SeatsCheck extends SeatsWanted {
  row: SeatsRow;
}

/** Inside the insert's transaction: the seats refusal when the party does not fit, else null. */
export function checkSeatsJson(text: string): string {
  const check = JSON.parse(text) as SeatsCheck;
  const refusal = seatsShortfall(check.date, check.party, nightOf(check.row));
  const out: FieldRefusal | null = refusal ? { errors: refusal.fields, message: refusal.message, code: refusal.code } : null;
  return JSON.stringify(out);
}

/**
 * A refusal's answer. `seats`: the night the create would also be refused for, whose refusal's
 * code and fields win when the party does not fit (README, refusal codes).
 */
export function refusalJson(text: string): string {
  const req = JSON.parse(text) as { refusal: FieldRefusal; seats?: SeatsCheck | null };
  const { errors, message, code } = req.refusal;
  const seats = req.seats ? seatsShortfall(req.seats.date, req.seats.party, nightOf(req.seats.row)) : null;
  const body = seats ? refusalBody(Object.assign(errors, seats.fields), undefined, seats.code) : refusalBody(errors, message, code);
  return JSON.stringify({ status: 400, body });
}

/** The refusal of a second live entry of one guest for the night `date` ({ date } as JSON). */
export function lineRefusalJson(text: string): string {
  return JSON.stringify(alreadyWaiting((JSON.parse(text) as { date: string }).date));
}

/** A night's offer pass as Go runs it (server/offers.go): its live entries, its seats and the instant. */
interface OfferRequest {
  date: string;
  now: string;
  entries: S.WaitlistEntryFacts[];
  row: SeatsRow;
}

/**
 * The offer pass's decision (S.planOffers) for one night at `now`: which holds ran out, which
 * waiting parties get the seats left, and the new holds' end and start.
 */
export function planOffersJson(text: string): string {
  const req = JSON.parse(text) as OfferRequest;
  const at = new Date(req.now);
  const tonight = S.venueNight(at);
  const plan = S.planOffers({ entries: req.entries, seatsLeft: nightOf(req.row).left, now: at, date: req.date, tonight, offersOpen: req.date >= tonight });
  return JSON.stringify(Object.assign({ offeredAt: at.toISOString() }, plan));
}

/**
 * A console command's --now as Go read it ({ raw } as JSON): the instant as an ISO text (now when
 * empty), or the refusal to print ('--now must be an ISO instant…') when it is not an ISO instant.
 */
export function nowFlagJson(text: string): string {
  const read = readNowFlag(String((JSON.parse(text) as { raw: string }).raw || ''));
  return JSON.stringify('error' in read ? read : { now: read.now.toISOString() });
}

/** The night whose day-of reminders are due at `now` ({ now } as JSON): '' before REMINDER_HOUR. */
export function reminderNightJson(text: string): string {
  return JSON.stringify({ night: S.reminderNightAt(new Date((JSON.parse(text) as { now: string }).now)) || '' });
}

/** The night's unreminded reservations as Go read them, with the instant they are looked at. */
interface ReminderRequest {
  now: string;
  candidates: (S.ReminderCandidate & { id: string })[] | null;
}

/** The ids among `candidates` whose day-of reminder is due at `now` (S.dueReminders), in their order. */
export function dueRemindersJson(text: string): string {
  const req = JSON.parse(text) as ReminderRequest;
  return JSON.stringify(S.dueReminders(req.candidates || [], new Date(req.now)).map((r) => r.id));
}

/** The venue's night at `now` ({ now } as JSON): after midnight, still the evening before. */
export function venueNightJson(text: string): string {
  return JSON.stringify({ night: S.venueNight(new Date((JSON.parse(text) as { now: string }).now)) });
}
