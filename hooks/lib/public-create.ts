/**
 * The waitlist's public create: honeypot, idempotent client ids, validation of the body as sent
 * with the shared messages, the schedule check, and the entry with its outbox job and the line's
 * offer pass in one transaction. The other public creates are the Go create path's
 * (server/creates.go), with the same rules (lib/create-plan.ts).
 */
import * as S from '../rules';
import * as Http from './http';
import * as Jobs from './jobs';
import * as Req from './request-body';
import * as Rows from './rows';
import * as Tx from './write-queue';
import * as Plan from './create-plan';
import { duplicate, honeypot } from './create-request';
import * as O from './outbox';
import * as W from './waitlist';
import type { Checked, CreateSpec } from './create-spec';

type Body = Req.Body;

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

/**
 * The create this hook serves: a board game night's waitlist, with the reservation's rules, then
 * the line (lib/waitlist.ts). Reservations, inquiries, applications and pass confirmations are
 * created by the Go create path (server/creates.go) with the same rules (lib/create-plan.ts).
 */
const SPECS: Record<'waitlist', CreateSpec> = {
  waitlist: {
    ...W.CREATE_SPEC,
    /**
     * Only board game night fills up, so only it has a line (the form sends no event name). Any
     * other name is checked as a reservation's (it exists, is shown, runs that day), then refused:
     * never stored or mailed as a board game night entry.
     */
    check(input: Body): Checked {
      const name = S.text(input.event_name).trim();
      if (name === '' || S.isBoardGameNight(name)) return Plan.walkInRefusal(input, openTablesSchedule()) ?? { event: null };
      const found = Plan.scheduledEvent(input, activeEvents(S.text(input.event_name)));
      if ('errors' in found || !found.event) return found;
      return { errors: { event_name: S.WAITLIST_MESSAGES.eventHasNoWaitlist(found.event.title) } };
    },
  },
};

/** The active weekly open-tables entries, as the shared walk-in rule reads them. */
export function openTablesSchedule(): S.ScheduleRow[] {
  const found = $app.findRecordsByFilter('events', "active = true && kind = 'weekly' && open_tables = true", 'sort_order', 50, 0);
  return found
    .filter((r): r is core.Record => !!r)
    .map((r) => ({ kind: 'weekly', weekday: r.getInt('weekday'), time: r.getString('time'), open_tables: true }));
}

/** The outbox jobs a reservation's create queues for `record` (a waitlist claim's reservation). */
export function reservationJobs(record: core.Record, ctx: Jobs.RequestContext): Jobs.Job[] {
  const stored = { id: record.id, email: record.getString('email'), event_source_url: record.getString('event_source_url') };
  return Plan.plannedJobs('reservations', stored, ctx);
}

/**
 * onRecordCreateRequest handler for the waitlist.
 * Order matters: honeypot, then validation, then one transaction for the line check + insert +
 * outbox job + the offer pass. A retry of a stored create always gets PocketBase's duplicate
 * answer, never a refusal (its device would tell the guest the join failed): an accepted retry
 * hits the primary key in e.next(), which answers exactly that, and a refused one is looked up
 * before it is refused. Nothing here waits on mail: the answer goes out when the transaction
 * commits, and the outbox worker (woken by server/outbox.go) sends the job.
 */
export function handleCreate(e: core.RecordRequestEvent, collection: 'waitlist'): void {
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
  const errors = Object.assign(Plan.requestErrors(body), validated.errors);
  if (Object.keys(errors).length > 0) return refuse(errors, undefined, validated.code);
  const checked: Checked = spec.check ? spec.check(input) : { event: null };
  if ('errors' in checked) return refuse(checked.errors, undefined, checked.code);

  spec.apply(record, input, e, body, checked.event);
  if (!record.id) record.id = $security.randomStringWithAlphabet(S.RECORD_ID_LENGTH, S.RECORD_ID_ALPHABET);
  const ctx: Jobs.RequestContext = { ip: e.realIP(), ua: Req.header(e, 'User-Agent').slice(0, 500) };
  // Built before the transaction (SQLite has one writer, so the write lock is held only for the
  // line check and the inserts); the jobs only name their template, the Go outbox renders mails when it sends.
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

  // The outbox job committed with the entry; server/outbox.go wakes the worker that sends it.
  const refusal = rejection as Http.Refusal | null; // set inside the transaction's callback
  if (refusal) return refuse(refusal.fields, refusal.message, refusal.code);
}
